import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, roleMeets, type Role } from '@preffy/domain';
import { TestClient, createTestApp, signedInClient } from '../../test/test-app.ts';

let app: FastifyInstance;
const clients = {} as Record<Role | 'anonymous', TestClient>;

beforeAll(async () => {
  app = await createTestApp();
  clients.anonymous = new TestClient(app);
  for (const role of ROLES) clients[role] = (await signedInClient(app, role)).client;
});
afterAll(() => app.close());

describe('authorization on every API route', () => {
  it('knows the routes (the app refuses to start when one lacks an access level)', () => {
    expect(app.routeAccess.length).toBeGreaterThan(10);
    expect(app.routeAccess).toContainEqual({ method: 'GET', url: '/api/users', access: 'admin' });
  });

  it('allows or denies each route for anonymous, organizer, staff and admin sessions', async () => {
    const outcomes: string[] = [];
    // Signing out (here or everywhere) is last: it ends the session the other calls use.
    const endsSession = (url: string) =>
      ['/api/auth/sign-out-everywhere', '/api/auth/logout'].indexOf(url) + 1;
    const routes = [...app.routeAccess].sort((a, b) => endsSession(a.url) - endsSession(b.url));
    for (const route of routes) {
      const url = route.url.replace(/:(\w+)/g, 'no-such-$1');
      for (const who of ['anonymous', ...ROLES] as const) {
        const response = await clients[who].request(
          route.method as 'GET',
          url,
          route.method === 'GET' ? undefined : {},
        );
        const allowed = roleMeets(who === 'anonymous' ? null : who, route.access);
        const denied = response.statusCode === 401 || response.statusCode === 403;
        outcomes.push(
          `${route.method} ${route.url} ${who}: ${allowed ? 'allowed' : 'denied'} → ${response.statusCode}`,
        );
        expect(denied, outcomes.at(-1)).toBe(!allowed);
        if (!allowed) expect(response.statusCode).toBe(who === 'anonymous' ? 401 : 403);
      }
    }
    expect(outcomes.length).toBe(app.routeAccess.length * 4);
  });
});
