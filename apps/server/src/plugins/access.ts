import type { FastifyInstance } from 'fastify';
import { roleMeets } from '@preffy/domain';
import { ACCOUNT_MESSAGES } from '@preffy/api';
import { AppError, forbidden, unauthorized } from '../lib/errors.ts';

const { locked: SESSION_LOCKED, setupRequired: TWO_STEP_SETUP_REQUIRED } = ACCOUNT_MESSAGES;

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const isApiPath = (url: string) => url.startsWith('/api/') || url === '/healthz';

export type AccessOptions = {
  /** Whether a user of this role, without an authenticator, must set one up before anything else. */
  twoStepSetupRequired: (role: string) => Promise<boolean>;
};

/**
 * Authorization on the server for every route. Runs in onRequest, before the body is parsed,
 * so a caller without the role learns nothing from validation messages. CSRF is checked for
 * cookie-authenticated mutations right after.
 */
export function registerAccessControl(app: FastifyInstance, { twoStepSetupRequired }: AccessOptions) {
  app.decorate('routeAccess', []);
  app.addHook('onRoute', (route) => {
    if (!isApiPath(route.url)) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${String(route.method)} ${route.url} does not declare config.access`);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      app.routeAccess.push({ method, url: route.url, access });
    }
  });

  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    const access = config?.access;
    const user = request.user;
    if (access && !roleMeets(user?.role ?? null, access)) {
      throw user ? forbidden() : unauthorized();
    }
    // A locked session, or one whose role must first set up two-step verification, reaches only
    // the routes declared `gated: false` (the session, sign-out, unlock, enrolment).
    if (!user || !access || access === 'public' || config.gated === false) return;
    if (user.locked) throw new AppError(423, 'SESSION_LOCKED', SESSION_LOCKED);
    if (!user.twoStepEnabled && (await twoStepSetupRequired(user.role)))
      throw new AppError(403, 'TWO_STEP_SETUP_REQUIRED', TWO_STEP_SETUP_REQUIRED);
  });

  // Callback style on purpose: csrfProtection answers failures with reply.send(error).
  app.addHook('onRequest', (request, reply, done) => {
    const config = request.routeOptions.config;
    if (!config?.access || !MUTATING.has(request.method) || config.csrf === false) return done();
    app.csrfProtection(request, reply, done);
  });
}
