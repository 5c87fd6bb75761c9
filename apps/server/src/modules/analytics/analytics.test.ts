import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_MESSAGES, analyticsSchema } from '@preffy/api';
import { localDay, presetRange } from '@preffy/domain';
import { signedInApp, type SignedInClient } from '../../../test/fixtures/signed-in.ts';
import { newCompetition } from '../../../test/fixtures/competitions.ts';
import { insertPosts } from '../../../test/fixtures/posts.ts';
import { insertPayment } from '../../../test/fixtures/payments.ts';

/**
 * Analytics on a seeded data set with known answers (both databases). The business time zone is
 * New York, so the period January 2025 is [2025-01-01T05:00Z, 2025-02-01T05:00Z).
 */
const TIME_ZONE = 'America/New_York';
const at = (iso: string) => Date.parse(iso);
const JANUARY = '/api/analytics?preset=custom&from=2025-01-01&to=2025-01-31';

let app: FastifyInstance;
let staff: SignedInClient, admin: SignedInClient, organizer: SignedInClient;

async function competition(
  name: string,
  fields: { start: string; end: string; invoice: number; confirmed?: boolean; deleted?: boolean },
) {
  const id = await newCompetition(app, staff, { name });
  await app.db
    .updateTable('competitions')
    .set({
      startDate: at(fields.start),
      endDate: at(fields.end),
      invoiceAmount: fields.invoice,
      isConfirmed: fields.confirmed === false ? 0 : 1,
      deleted: fields.deleted ? 1 : 0,
    })
    .where('id', '=', id)
    .execute();
  return id;
}

const payment = (competitionId: string, amount: number, status: string, deleted: 0 | 1 = 0) =>
  insertPayment(app.db, competitionId, { amount, status, deleted });

beforeAll(async () => {
  const members = { staff: 'staff', admin: 'admin', organizer: 'organizer' } as const;
  ({ app, staff, admin, organizer } = await signedInApp(members, { businessTimeZone: TIME_ZONE }));

  // Run in January: A (started before it, ended in it) and B (started in it). Not run: an
  // unconfirmed hold, a deleted one, one after January, one that ended the day before.
  const a = await competition('Ended In January', {
    start: '2024-12-20T12:00Z',
    end: '2025-01-10T12:00Z',
    invoice: 1000,
  });
  const b = await competition('Started In January', {
    start: '2025-01-15T12:00Z',
    end: '2025-02-15T12:00Z',
    invoice: 2500,
  });
  await competition('Hold', {
    start: '2025-01-05T12:00Z',
    end: '2025-01-20T12:00Z',
    invoice: 700,
    confirmed: false,
  });
  const deleted = await competition('Deleted', {
    start: '2025-01-05T12:00Z',
    end: '2025-01-20T12:00Z',
    invoice: 900,
    deleted: true,
  });
  await competition('February', { start: '2025-02-02T12:00Z', end: '2025-03-01T12:00Z', invoice: 400 });
  const f = await competition('December', {
    start: '2024-12-01T12:00Z',
    end: '2025-01-01T04:59Z',
    invoice: 300,
  });

  // Prize money of the competitions that ended in January (A only).
  await payment(a, 200, 'Paid');
  await payment(a, 150, 'To Be Paid');
  await payment(a, 999, 'To Be Paid', 1);
  await payment(b, 50, 'Paid');
  await payment(f, 75, 'To Be Paid');

  const inJanuary = at('2025-01-05T12:00:00Z');
  await insertPosts(app, a, [
    { creator: 'alice', createdAt: inJanuary, views: 100, likes: 10, country: 'US' },
    // The same creator (handles compare trimmed and case-insensitively, like the leaderboard's
    // entryKey), the country in lower case.
    { creator: 'Alice ', createdAt: inJanuary + 1, views: 50, likes: 5, country: 'us' },
    { creator: 'alice', platform: 'instagram', createdAt: inJanuary, views: 30, likes: 3, country: 'FR' },
    // bob returns: a live post before January (handle and platform typed with spaces and capitals).
    { creator: ' Bob ', platform: 'TikTok ', createdAt: at('2024-06-01T12:00Z'), views: 7, likes: 7 },
    { creator: 'bob', createdAt: inJanuary, views: 20, likes: 2, country: 'ZZ' },
    // The last minute of 31 January in New York is inside; the next one is not.
    { creator: 'carol', createdAt: at('2025-02-01T04:59:59Z'), views: 10, likes: 1, country: null },
    { creator: 'dave', createdAt: at('2025-02-01T05:00:00Z'), views: 1000, likes: 100, country: 'US' },
    { creator: 'ivy', createdAt: at('2025-01-01T04:59:59Z'), views: 1000, likes: 100, country: 'US' },
    // erin's earlier post was removed as flagged: no live history, so erin is new.
    { creator: 'erin', createdAt: at('2024-05-01T12:00Z'), deleted: 1, deletedReason: 'flagged' },
    { creator: 'erin', createdAt: inJanuary, views: 5, likes: 0, country: 'FR' },
    // Entered in January, removed: they count only in the rates' whole (and their own rate).
    { creator: 'frank', createdAt: inJanuary, views: 500, likes: 50, deleted: 1, deletedReason: 'flagged' },
    {
      creator: 'gina',
      createdAt: inJanuary,
      views: 500,
      likes: 50,
      deleted: 1,
      deletedReason: 'disqualified',
    },
    { creator: 'hank', createdAt: inJanuary, views: 500, likes: 50, deleted: 1, deletedReason: 'admin' },
  ]);

  // The deleted competition keeps its posts (deleted = 0): none counts, in January or as history
  // (carol's earlier post there does not make her returning).
  await insertPosts(app, deleted, [
    { creator: 'zed', createdAt: inJanuary, views: 9000, likes: 900, country: 'DE' },
    { creator: 'yuri', createdAt: inJanuary, views: 9000, deleted: 1, deletedReason: 'flagged' },
    { creator: 'carol', createdAt: at('2024-06-01T12:00Z'), views: 9000, likes: 900 },
  ]);

  // March 2023: 52 countries, the first 50 with 2 posts each, the last two with 1 post of 7 views.
  await insertPosts(
    app,
    b,
    Array.from({ length: 52 }, (_, i) => i).flatMap((i) =>
      Array.from({ length: i < 50 ? 2 : 1 }, (_, n) => ({
        creator: `maker${i}x${n}`,
        createdAt: at('2023-03-10T12:00Z') + i * 10 + n,
        views: i < 50 ? 100 - i : 7,
        country: `C${String(i).padStart(2, '0')}`,
      })),
    ),
  );
});
afterAll(() => app.close());

describe('GET /api/analytics', () => {
  it('counts each figure of a period by its rules', async () => {
    const response = await staff.get(JANUARY);
    expect(response.statusCode, response.body).toBe(200);
    const body = analyticsSchema.parse(response.json());
    expect(body).toEqual({
      period: { preset: 'custom', from: '2025-01-01', to: '2025-01-31' },
      competitionsRun: 2,
      revenue: 2500,
      posts: 6,
      creators: { total: 5, new: 4, returning: 1 },
      views: 215,
      likes: 21,
      prizeMoney: { paid: 200, owed: 150 },
      entered: 9,
      flagged: { count: 1, rate: 1 / 9 },
      disqualified: { count: 1, rate: 1 / 9 },
      byPlatform: [
        { platform: 'tiktok', posts: 5, views: 185 },
        { platform: 'instagram', posts: 1, views: 30 },
      ],
      byContinent: [
        // Unknown (no country) and ZZ (no continent) together.
        { continent: '', posts: 2, views: 30 },
        { continent: 'Europe', posts: 2, views: 35 },
        { continent: 'North America', posts: 2, views: 150 },
      ],
      byCountry: [
        { country: 'US', continent: 'North America', posts: 2, views: 150 },
        { country: 'FR', continent: 'Europe', posts: 2, views: 35 },
        { country: 'ZZ', continent: '', posts: 1, views: 20 },
        { country: '', continent: '', posts: 1, views: 10 },
      ],
      otherCountries: { countries: 0, posts: 0, views: 0 },
      computedAt: expect.any(Number),
    });
  });

  it('lists the top 50 countries and sums the rest', async () => {
    const response = await admin.get('/api/analytics?preset=custom&from=2023-03-01&to=2023-03-31');
    expect(response.statusCode, response.body).toBe(200);
    const body = analyticsSchema.parse(response.json());
    expect(body.byCountry).toHaveLength(50);
    expect(body.byCountry[0]).toEqual({ country: 'C00', continent: '', posts: 2, views: 200 });
    expect(body.byCountry.at(-1)).toEqual({ country: 'C49', continent: '', posts: 2, views: 102 });
    expect(body.otherCountries).toEqual({ countries: 2, posts: 2, views: 14 });
    expect(body.posts).toBe(102);
    // Their creators posted nowhere before: all new.
    expect(body.creators).toEqual({ total: 102, new: 102, returning: 0 });
  });

  it('answers zeros, and rates of 0, for a period without posts', async () => {
    const response = await staff.get('/api/analytics?preset=custom&from=2022-01-01&to=2022-01-31');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      competitionsRun: 0,
      revenue: 0,
      posts: 0,
      entered: 0,
      creators: { total: 0, new: 0, returning: 0 },
      views: 0,
      likes: 0,
      prizeMoney: { paid: 0, owed: 0 },
      flagged: { count: 0, rate: 0 },
      disqualified: { count: 0, rate: 0 },
      byPlatform: [],
      byContinent: [],
      byCountry: [],
    });
  });

  it('resolves a preset to days ending today in the business time zone', async () => {
    const response = await staff.get('/api/analytics?preset=last7');
    expect(response.statusCode, response.body).toBe(200);
    const today = localDay(Date.now(), TIME_ZONE);
    expect(response.json().period).toEqual({
      preset: 'last7',
      ...presetRange('last7', Date.now(), TIME_ZONE),
    });
    expect(response.json().period.to).toBe(today);
    // No preset: the last 30 days.
    expect((await staff.get('/api/analytics')).json().period.preset).toBe('last30');
  });

  it.each([
    ['no days', 'preset=custom', 'from'],
    ['to before from', 'preset=custom&from=2025-01-31&to=2025-01-01', 'to'],
    ['before 2021-03-01', 'preset=custom&from=2021-02-28&to=2021-03-31', 'from'],
    ['a day that does not exist', 'preset=custom&from=2025-02-30&to=2025-03-31', 'from'],
    ['after today', `preset=custom&from=2025-01-01&to=${new Date().getFullYear() + 1}-01-01`, 'to'],
  ])('refuses a custom range with %s (400 on the field)', async (_, query, field) => {
    const response = await staff.get(`/api/analytics?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION',
      message: ANALYTICS_MESSAGES.badRange,
      fieldErrors: { [field]: [ANALYTICS_MESSAGES.badRange] },
    });
  });

  it('refuses an unknown preset and a malformed day through the schema', async () => {
    for (const query of ['preset=forever', 'preset=custom&from=yesterday&to=2025-01-01']) {
      const response = await staff.get(`/api/analytics?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().fieldErrors).toBeDefined();
    }
  });

  it('is for staff and admins: organizers 403, signed-out 401', async () => {
    expect((await organizer.get(JANUARY)).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: JANUARY })).statusCode).toBe(401);
  });
});
