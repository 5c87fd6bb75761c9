import { settings } from '@preffy/api';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/contract-route.ts';
import { readIntegritySettings, updateIntegritySettings } from './integrity-settings.ts';
import { readSecuritySettings, updateSecuritySettings } from './security-settings.ts';

/**
 * The app's settings, for administrators: two-step requirement and lock screen (issue 17), the
 * integrity detectors' thresholds (issue 42).
 */
export async function settingsRoutes(app: FastifyInstance) {
  route(app, settings.security, async () => readSecuritySettings(app.db));
  route(app, settings.updateSecurity, async (request) =>
    updateSecuritySettings(app.db, request.user!, request.body),
  );
  route(app, settings.integrity, async () => readIntegritySettings(app.db));
  route(app, settings.updateIntegrity, async (request) =>
    updateIntegritySettings(app.db, request.user!, request.body),
  );
}
