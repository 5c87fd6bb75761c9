import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANALYTICS_MESSAGES,
  dashboardChartSchema,
  dashboardCompetitionSchema,
  dashboardTilesSchema,
} from '@preffy/api';
import { CHART_FIRST_DAY, addDays, daysBetween, localDay } from '@preffy/domain';
import { signedInApp, type SignedInClient } from '../../../test/fixtures/signed-in.ts';
import { TestClient } from '../../../test/test-app.ts';
import { newCompetition } from '../../../test/fixtures/competitions.ts';
import { insertPosts } from '../../../test/fixtures/posts.ts';
import { insertPayment } from '../../../test/fixtures/payments.ts';

/**
 * The dashboard on a seeded data set with known answers (both databases). The business time
 * zone is New York (UTC-5 in January), so a post at 03:00 UTC lands on the previous day.
 */
const TIME_ZONE = 'America/New_York';
const at = (iso: string) => Date.parse(iso);
const RANGE = 'from=2025-01-09&to=2025-01-12';

let app: FastifyInstance;
let staff: SignedInClient, admin: SignedInClient, organizer: SignedInClient;
const ids: Record<string, string> = {};

type State = { ended?: boolean; active?: boolean; confirmed?: boolean; deleted?: boolean };

async function competition(name: string, owner: string, start: string, end: string, state: State) {
  const id = await newCompetition(app, staff, { name, email: owner });
  await app.db
    .updateTable('competitions')
    .set({
      startDate: at(start),
      endDate: at(end),
      hasEnded: state.ended ? 1 : 0,
      isActive: state.active ? 1 : 0,
      isConfirmed: state.confirmed === false ? 0 : 1,
      isClosed: 0,
      deleted: state.deleted ? 1 : 0,
    })
    .where('id', '=', id)
    .execute();
  return id;
}

const payment = (competitionId: string, amount: number, status: string, deleted: 0 | 1 = 0) =>
  insertPayment(app.db, competitionId, { amount, status, deleted });

let inquirySeq = 0;
async function inquiry() {
  const response = await staff.post('/api/inquiries', {
    firstName: 'Maya',
    lastName: `Chen${++inquirySeq}`,
    email: `maya${inquirySeq}@label.test`,
    phone: '+1 415 555 2671',
    source: 'Website',
    inquiryType: 'Campaign',
    platforms: ['TikTok'],
    message: 'We would like a campaign',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().inquiry.id as string;
}

beforeAll(async () => {
  const members = { staff: 'staff', admin: 'admin', organizer: 'organizer' } as const;
  ({ app, staff, admin, organizer } = await signedInApp(members, { businessTimeZone: TIME_ZONE }));
  const mine = organizer.user.email;
  const theirs = 'artist@label.test';

  ids.alpha = await competition('Alpha Ended', mine, '2025-01-01T12:00Z', '2025-02-01T12:00Z', {
    ended: true,
  });
  ids.beta = await competition('Beta Active', theirs, '2025-01-01T12:00Z', '2025-03-01T12:00Z', {
    active: true,
  });
  ids.gamma = await competition('Gamma Upcoming', theirs, '2025-03-01T12:00Z', '2025-04-01T12:00Z', {});
  ids.delta = await competition('Delta Ended Later', theirs, '2025-01-01T12:00Z', '2025-05-01T12:00Z', {
    ended: true,
  });
  ids.deleted = await competition('Deleted Ended', theirs, '2025-01-01T12:00Z', '2025-06-01T12:00Z', {
    ended: true,
    deleted: true,
  });
  // Closed to entries: its unscored post is not waiting for review.
  ids.closed = await competition('Closed Upcoming', theirs, '2025-03-01T12:00Z', '2025-04-01T12:00Z', {});
  await app.db.updateTable('competitions').set({ isClosed: 1 }).where('id', '=', ids.closed).execute();
  ids.hold = await competition('Staff Hold', theirs, '2030-06-01T12:00Z', '2030-06-20T12:00Z', {
    confirmed: false,
  });
  ids.myHold = await competition('My Hold', mine, '2030-07-01T12:00Z', '2030-07-20T12:00Z', {
    confirmed: false,
  });
  // Never confirmed and long over: nothing waits on it any more.
  ids.staleHold = await competition('Stale Hold', theirs, '2025-06-01T12:00Z', '2025-06-20T12:00Z', {
    confirmed: false,
  });

  await insertPosts(app, ids.alpha, [
    // 03:00 UTC on the 10th is 22:00 on the 9th in New York.
    { creator: 'alice', createdAt: at('2025-01-10T03:00:00Z') },
    // The same creator (handles compare trimmed and case-insensitively) on the same platform: not new.
    { creator: 'Alice ', createdAt: at('2025-01-12T15:00:00Z') },
    // The same creator on another platform: new there.
    { creator: 'alice', platform: 'instagram', createdAt: at('2025-01-12T16:00:00Z') },
    { creator: 'frank', createdAt: at('2025-01-12T16:00:00Z'), deleted: 1, deletedReason: 'flagged' },
  ]);
  await insertPosts(app, ids.beta, [
    // bob's first post was in June: his January one is UGC but he is not new.
    { creator: 'bob', createdAt: at('2024-06-01T12:00:00Z'), bonusLikes: 1 },
    { creator: 'bob', createdAt: at('2025-01-12T15:00:00Z') },
    { creator: 'carol', createdAt: at('2025-01-12T17:00:00Z') },
    { creator: 'dave', createdAt: at('2025-01-12T18:00:00Z'), bonusLikes: 5 },
    { creator: 'fay', createdAt: at('2025-01-12T18:00:00Z'), deleted: 1, deletedReason: 'flagged' },
    { creator: 'fin', createdAt: at('2025-01-12T18:00:00Z'), deleted: 1, deletedReason: 'flagged' },
    { creator: 'dq', createdAt: at('2025-01-12T18:00:00Z'), deleted: 1, deletedReason: 'disqualified' },
  ]);
  await insertPosts(app, ids.gamma, [{ creator: 'erin', createdAt: at('2025-01-12T18:00:00Z') }]);
  // 04:30 UTC on the 13th is still the 12th in New York.
  await insertPosts(app, ids.delta, [
    { creator: 'gus', createdAt: at('2025-01-13T04:30:00Z'), bonusLikes: 0 },
  ]);
  await insertPosts(app, ids.closed, [{ creator: 'cleo', createdAt: at('2024-12-01T12:00:00Z') }]);
  // A deleted competition's posts count nowhere.
  await insertPosts(app, ids.deleted, [{ creator: 'zed', createdAt: at('2025-01-12T18:00:00Z') }]);

  await payment(ids.alpha, 100.1, 'To Be Paid');
  await payment(ids.beta, 50.25, 'To Be Paid');
  await payment(ids.beta, 999, 'To Be Paid', 1);
  await payment(ids.beta, 70, 'Paid');

  await inquiry();
  await inquiry();
  const inProgress = await inquiry();
  await app.db.updateTable('inquiries').set({ status: 'In Progress' }).where('id', '=', inProgress).execute();
});
afterAll(() => app.close());

async function getJson(client: TestClient, url: string) {
  const response = await client.get(url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const chart = async (client: TestClient, query: string) =>
  dashboardChartSchema.parse(await getJson(client, `/api/dashboard/chart?${query}`));
const tiles = async (client: TestClient) =>
  dashboardTilesSchema.parse(await getJson(client, '/api/dashboard/tiles'));
const table = async (client: TestClient, query = '') => {
  const body = await getJson(client, `/api/dashboard/competitions?${query}`);
  return { items: body.items.map((i: unknown) => dashboardCompetitionSchema.parse(i)), total: body.total };
};

describe('dashboard chart', () => {
  it('counts live posts per business day, zero-filled, a 03:00 UTC post on the day before', async () => {
    expect(await chart(staff, `kind=ugc&${RANGE}`)).toEqual({
      kind: 'ugc',
      from: '2025-01-09',
      to: '2025-01-12',
      points: [
        { day: '2025-01-09', count: 1 },
        { day: '2025-01-10', count: 0 },
        { day: '2025-01-11', count: 0 },
        // Alice, alice (instagram), bob, carol, dave, erin, gus; not the removed or deleted ones.
        { day: '2025-01-12', count: 7 },
      ],
      computedAt: expect.any(Number),
    });
  });

  it('counts new creators on the day of their first live post per platform', async () => {
    const { points } = await chart(admin, `kind=newCreators&${RANGE}`);
    expect(points).toEqual([
      { day: '2025-01-09', count: 1 },
      { day: '2025-01-10', count: 0 },
      { day: '2025-01-11', count: 0 },
      // alice on instagram, carol, dave, erin, gus; not Alice again on tiktok, not bob (June).
      { day: '2025-01-12', count: 5 },
    ]);
  });

  it("gives organizers their own competitions' numbers only", async () => {
    const ugc = await chart(organizer, `kind=ugc&${RANGE}`);
    expect(ugc.points.map((p) => p.count)).toEqual([1, 0, 0, 2]);
    const creators = await chart(organizer, `kind=newCreators&${RANGE}`);
    expect(creators.points.map((p) => p.count)).toEqual([1, 0, 0, 1]);
  });

  it('runs over the last 90 days until today by default; from the first chart day when asked', async () => {
    const today = localDay(Date.now(), TIME_ZONE);
    const body = await chart(staff, '');
    expect(body).toMatchObject({ kind: 'ugc', from: addDays(today, -89), to: today });
    expect(body.points).toHaveLength(90);
    const all = await chart(staff, `from=${CHART_FIRST_DAY}&to=${today}`);
    expect(all).toMatchObject({ kind: 'ugc', from: CHART_FIRST_DAY, to: today });
    expect(all.points).toHaveLength(daysBetween(CHART_FIRST_DAY, today).length);
    expect(all.points.reduce((sum, p) => sum + p.count, 0)).toBe(10);
  });

  it.each([
    ['from=2021-02-28&to=2021-03-05', 'from'],
    ['from=2021-02-30&to=2021-03-05', 'from'],
    [`from=2025-01-01&to=${addDays(localDay(Date.now(), TIME_ZONE), 1)}`, 'to'],
    ['from=2025-01-12&to=2025-01-09', 'to'],
  ])('answers 400 on the field at fault for %s', async (query, field) => {
    const response = await staff.get(`/api/dashboard/chart?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fieldErrors: { [field]: [ANALYTICS_MESSAGES.badRange] } });
  });

  it.each(['from=yesterday', 'kind=views', `from=${'9'.repeat(300)}`])('answers 400 on %s', async (query) => {
    const response = await staff.get(`/api/dashboard/chart?${query.slice(0, 400)}`);
    expect(response.statusCode).toBe(400);
  });
});

describe('dashboard competitions', () => {
  it('lists only ended or active competitions, latest end first, with prize total and UGC', async () => {
    expect(await table(staff)).toEqual({
      total: 3,
      items: [
        { id: ids.delta, name: 'Delta Ended Later', organizer: 'Luna Vega', prizeTotal: 200, ugcCount: 1 },
        { id: ids.beta, name: 'Beta Active', organizer: 'Luna Vega', prizeTotal: 200, ugcCount: 4 },
        { id: ids.alpha, name: 'Alpha Ended', organizer: 'Luna Vega', prizeTotal: 200, ugcCount: 3 },
      ],
    });
  });

  it('pages on the server with the page sizes 10, 25 and 100 only', async () => {
    expect((await table(staff, 'page=2&pageSize=10')).items).toEqual([]);
    expect((await table(staff, 'pageSize=100')).total).toBe(3);
    for (const pageSize of [20, 0, 1000])
      expect((await staff.get(`/api/dashboard/competitions?pageSize=${pageSize}`)).statusCode).toBe(400);
  });

  it('shows organizers their own competitions only', async () => {
    const { items, total } = await table(organizer);
    expect(total).toBe(1);
    expect(items.map((i: { id: string }) => i.id)).toEqual([ids.alpha]);
  });
});

describe('dashboard tiles', () => {
  it('counts what waits, with the competitions holding the most', async () => {
    expect(await tiles(staff)).toEqual({
      // Unscored live posts of open competitions: not Alpha's (ended) nor the scored ones.
      review: {
        total: 3,
        top: [
          { id: ids.beta, name: 'Beta Active', count: 2 },
          { id: ids.gamma, name: 'Gamma Upcoming', count: 1 },
        ],
      },
      flagged: {
        total: 3,
        top: [
          { id: ids.beta, name: 'Beta Active', count: 2 },
          { id: ids.alpha, name: 'Alpha Ended', count: 1 },
        ],
      },
      payments: { count: 2, amount: 150.35, paid: 70 },
      inquiries: { unseen: 2 },
      holds: { count: 2, firstStart: at('2030-06-01T12:00Z') },
    });
  });

  it("gives organizers their competitions' numbers and no money or inquiries", async () => {
    expect(await tiles(organizer)).toEqual({
      review: { total: 0, top: [] },
      flagged: { total: 1, top: [{ id: ids.alpha, name: 'Alpha Ended', count: 1 }] },
      payments: null,
      inquiries: null,
      holds: { count: 1, firstStart: at('2030-07-01T12:00Z') },
    });
  });
});

it.each(['/api/dashboard/chart', '/api/dashboard/competitions', '/api/dashboard/tiles'])(
  'answers 401 to the anonymous on %s',
  async (url) => {
    expect((await new TestClient(app).get(url)).statusCode).toBe(401);
  },
);
