import { randomUUID } from 'node:crypto';
import { DAY_MS } from '@preffy/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInApp, type SignedInClient } from '../../../test/fixtures/signed-in.ts';
import { TestClient } from '../../../test/test-app.ts';

let app: FastifyInstance;
let staff: SignedInClient, organizer: SignedInClient;

beforeAll(async () => {
  ({ app, staff, organizer } = await signedInApp({ staff: 'staff', organizer: 'organizer' }));
});
afterAll(() => app.close());

const startForm = (overrides: Record<string, unknown> = {}) => ({
  email: 'someone-else@label.test',
  name: 'Foreign Song',
  organizer: 'Other Artist',
  audio: 'https://soundcloud.com/other/song',
  startDate: Date.now() - DAY_MS,
  endDate: Date.now() + 8 * DAY_MS,
  invoiceAmount: 4321,
  prizes: ['1st Place: $200'],
  isClosed: false,
  ...overrides,
});

/**
 * One body every competition route accepts: zod drops what a route does not read, so each
 * reaches its handler (a 400 for both ids would prove nothing).
 */
const anyRouteBody = () => ({
  ...startForm({ email: organizer.user.email, invoiceAmount: 0 }),
  version: 1,
  state: 'active',
  platforms: ['TikTok'],
  competitionType: 'Hybrid',
  continents: ['Europe'],
  countries: null,
  isDirect: false,
  is555: false,
  csv: 'link,email,creator,platform\n',
  creator: 'someone',
  link: 'https://youtu.be/aaaaaaaaaaa',
});

describe('an organizer cannot tell a foreign competition from a missing one (issue #11 item 9a)', () => {
  it('answers the same status and body for both, on every /api/competitions/:id route', async () => {
    const foreign = (await staff.post('/api/competitions', startForm())).json().competition;
    const missing = randomUUID();
    const routes = app.routeAccess.filter((r) => r.url.startsWith('/api/competitions/:id'));
    expect(routes.length).toBeGreaterThanOrEqual(10);
    for (const route of routes) {
      const call = (id: string) =>
        organizer.request(
          route.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
          `${route.url.replace(':id', id)}?version=1`,
          route.method === 'GET' || route.method === 'DELETE' ? undefined : anyRouteBody(),
        );
      const [a, b] = [await call(foreign.id), await call(missing)];
      const name = `${route.method} ${route.url}`;
      expect(a.statusCode, name).toBe(b.statusCode);
      expect(a.json(), name).toEqual(b.json());
      // Routes organizers may use reach the handler and answer 404; staff routes stop at 403.
      expect(a.statusCode, name).toBe(route.access === 'signed-in' ? 404 : 403);
    }
    // The foreign competition is untouched.
    expect((await staff.get(`/api/competitions/${foreign.id}`)).json().competition).toMatchObject({
      version: 1,
      name: 'Foreign Song',
    });
  });

  it('answers a job of a foreign competition like a missing job', async () => {
    const foreign = (await staff.post('/api/competitions', startForm())).json().competition;
    const job = (await staff.post(`/api/competitions/${foreign.id}/refresh`)).json().job;
    const [a, b] = [
      await organizer.get(`/api/jobs/${job.id}`),
      await organizer.get(`/api/jobs/${randomUUID()}`),
    ];
    expect(a.statusCode).toBe(404);
    expect(a.json()).toEqual(b.json());
  });
});

describe('the public page and entries of holds (issue #11 item 9b)', () => {
  it('answers 404 for the page of a hold, and never shows the invoice amount', async () => {
    const visitor = new TestClient(app);
    const hold = (await staff.post('/api/competitions', startForm())).json().competition;
    const page = await visitor.get(`/api/public/competitions/${hold.id}`);
    expect(page.statusCode).toBe(404);
    expect(page.json()).toEqual((await visitor.get(`/api/public/competitions/${randomUUID()}`)).json());
    const visit = await visitor.request(
      'POST',
      `/api/public/competitions/${hold.id}/visits`,
      { ref: 'fancy' },
      { csrf: false },
    );
    expect(visit.statusCode).toBe(404);

    await staff.post(`/api/competitions/${hold.id}/confirm`, { version: hold.version });
    const announced = await visitor.get(`/api/public/competitions/${hold.id}`);
    expect(announced.statusCode).toBe(200);
    expect(announced.json()).not.toHaveProperty('invoiceAmount');
    expect(announced.json()).not.toHaveProperty('takePct');
    expect(announced.body).not.toContain('4321');
    expect(announced.json()).toMatchObject({ prizeTotal: 200, isOpen: true, hasStarted: true });
  });

  it('says a confirmed competition that has not started is not open yet', async () => {
    const future = (
      await staff.post(
        '/api/competitions',
        startForm({ startDate: Date.now() + 2 * DAY_MS, isClosed: false }),
      )
    ).json().competition;
    await staff.post(`/api/competitions/${future.id}/confirm`, { version: future.version });
    const page = (await new TestClient(app).get(`/api/public/competitions/${future.id}`)).json();
    expect(page).toMatchObject({ isOpen: false, hasStarted: false });
  });
});
