import { analytics } from '@preffy/api';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/contract-route.ts';
import { getAnalytics } from './analytics.service.ts';

/** Analytics (issue 16): staff and admins (the contract's access; organizers get 403). */
export async function analyticsRoutes(app: FastifyInstance) {
  route(app, analytics.get, async (request) =>
    getAnalytics(app.db, request.query, app.config.businessTimeZone),
  );
}
