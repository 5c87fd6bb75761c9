import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now } from '../../lib/clock.ts';
import { signedInApp, type SignedInClient } from '../../../test/fixtures/signed-in.ts';
import { newCompetition } from '../../../test/fixtures/competitions.ts';
import { insertPosts } from '../../../test/fixtures/posts.ts';

/** The chart and analytics answers are kept for AGGREGATES_CACHE_SECONDS (decision 0045). */
let app: FastifyInstance;
let staff: SignedInClient, admin: SignedInClient, organizer: SignedInClient;
let competitionId: string;
beforeAll(async () => {
  const members = { staff: 'staff', admin: 'admin', organizer: 'organizer' } as const;
  ({ app, staff, admin, organizer } = await signedInApp(members, { aggregatesCacheMs: 60_000 }));
  competitionId = await newCompetition(app, staff, { email: 'artist@label.test' });
  await insertPosts(app, competitionId, [{ creator: 'ana', createdAt: now() }]);
});
afterAll(() => app.close());

const total = (answer: { points: { count: number }[] }) => answer.points.reduce((n, p) => n + p.count, 0);

describe('kept aggregates', () => {
  it('answer the chart from the kept copy, with its time, shared by staff and admins', async () => {
    const first = (await staff.get('/api/dashboard/chart')).json();
    expect(total(first)).toBe(1);
    expect(first.computedAt).toBeLessThanOrEqual(now());
    await insertPosts(app, competitionId, [{ creator: 'ben', createdAt: now() }]);
    const again = (await admin.get('/api/dashboard/chart')).json();
    expect(again).toEqual(first);
    // Another range is its own answer, counted now.
    const newCreators = (await staff.get('/api/dashboard/chart?kind=newCreators')).json();
    expect(total(newCreators)).toBe(2);
  });

  it("never show an organizer the staff's copy: their scope is their own competitions", async () => {
    await staff.get('/api/dashboard/chart');
    const own = (await organizer.get('/api/dashboard/chart')).json();
    expect(total(own)).toBe(0);
  });

  it('answer analytics from the kept copy of its period', async () => {
    const first = (await staff.get('/api/analytics?preset=last7')).json();
    await insertPosts(app, competitionId, [{ creator: 'cy', createdAt: now() }]);
    const again = (await admin.get('/api/analytics?preset=last7')).json();
    expect(again).toEqual(first);
    const other = (await staff.get('/api/analytics?preset=last30')).json();
    expect(other.posts).toBe(first.posts + 1);
  });
});
