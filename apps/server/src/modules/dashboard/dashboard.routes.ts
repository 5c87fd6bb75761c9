import { dashboard } from '@preffy/api';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/contract-route.ts';
import { getChart, getTiles, listCompetitions } from './dashboard.service.ts';

/** The dashboard (issue 16): every signed-in role, each seeing only the competitions it may see. */
export async function dashboardRoutes(app: FastifyInstance) {
  route(app, dashboard.chart, async (request) =>
    getChart(app.db, request.user!, request.query, app.config.businessTimeZone),
  );
  route(app, dashboard.competitions, async (request) =>
    listCompetitions(app.db, request.user!, request.query),
  );
  route(app, dashboard.tiles, async (request) => getTiles(app.db, request.user!));
}
