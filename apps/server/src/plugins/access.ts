import type { FastifyInstance } from 'fastify';
import { roleMeets } from '@preffy/domain';
import { forbidden, unauthorized } from '../lib/errors.ts';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const isApiPath = (url: string) => url.startsWith('/api/') || url === '/healthz';

/**
 * Authorization on the server for every route. Runs in onRequest, before the body is parsed,
 * so a caller without the role learns nothing from validation messages. CSRF is checked for
 * cookie-authenticated mutations right after.
 */
export function registerAccessControl(app: FastifyInstance) {
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
    const access = request.routeOptions.config?.access;
    if (access && !roleMeets(request.user?.role ?? null, access)) {
      throw request.user ? forbidden() : unauthorized();
    }
  });

  // Callback style on purpose: csrfProtection answers failures with reply.send(error).
  app.addHook('onRequest', (request, reply, done) => {
    const config = request.routeOptions.config;
    if (!config?.access || !MUTATING.has(request.method) || config.csrf === false) return done();
    app.csrfProtection(request, reply, done);
  });
}
