import { settings } from '@preffy/api';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/contract-route.ts';
import { readSecuritySettings, updateSecuritySettings } from './security-settings.ts';

/** The app's settings, for administrators (issue 17: two-step requirement, lock screen). */
export async function settingsRoutes(app: FastifyInstance) {
  route(app, settings.security, async () => readSecuritySettings(app.db));
  route(app, settings.updateSecurity, async (request) =>
    updateSecuritySettings(app.db, request.user!, request.body),
  );
}
