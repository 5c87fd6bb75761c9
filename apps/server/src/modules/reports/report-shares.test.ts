import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { REPORT_MESSAGES, REPORT_SHARE_MAX_LIVE, publicReportSchema, reportShareSchema } from '@preffy/api';
import { DAY_MS } from '@preffy/domain';
import { signedInApp, type SignedInClient } from '../../../test/fixtures/signed-in.ts';
import { TestClient } from '../../../test/test-app.ts';
import { hashToken } from '../auth/secret-tokens.ts';
import { newCompetition } from '../../../test/fixtures/competitions.ts';
import { insertPosts } from '../../../test/fixtures/posts.ts';
import { EMAIL_PATTERN, csvSections, insertPayment, pdfText } from '../../../test/fixtures/reports.ts';

/**
 * Sharing a report with the artist: a read-only link that expires, can be revoked, stores only
 * its token's hash and shows nothing private (no emails, no payments).
 */
let app: FastifyInstance;
let staff: SignedInClient, organizer: SignedInClient;
let competitionId: string;
const anonymous = () => new TestClient(app);

beforeAll(async () => {
  ({ app, staff, organizer } = await signedInApp({ staff: 'staff', organizer: 'organizer' }));
  competitionId = await newCompetition(app, staff, {
    name: 'Shared Song — Общая песня',
    email: organizer.user.email,
  });
  await insertPosts(app, competitionId, [
    { creator: 'alice', views: 1000, likes: 100, country: 'US' },
    { creator: 'bob', views: 200, likes: 20 },
  ]);
  await insertPayment(app, competitionId, {
    creator: 'alice',
    platform: 'tiktok',
    prize: 200,
    prizeLabel: '1st Place',
    status: 'To Be Paid',
  });
});
afterAll(() => app.close());
afterEach(() => vi.useRealTimers());

type Made = { share: ReturnType<typeof reportShareSchema.parse>; url: string; token: string };

async function share(id = competitionId, expiresInDays = 7): Promise<Made> {
  const response = await staff.post(`/api/reports/${id}/shares`, { expiresInDays });
  expect(response.statusCode, response.body).toBe(201);
  const { share: made, url } = response.json() as { share: unknown; url: string };
  return { share: reportShareSchema.strict().parse(made), url, token: url.split('/r/')[1]! };
}

const open = (token: string, path = '') => anonymous().get(`/api/public/reports/${token}${path}`);
const revoke = (id: string, version: number) => staff.delete(`/api/reports/shares/${id}?version=${version}`);

function expectGone(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(404);
  expect(response.json()).toEqual({
    statusCode: 404,
    code: 'NOT_FOUND',
    message: REPORT_MESSAGES.shareNotFound,
  });
}

describe('making a link', () => {
  it('answers the address once, stores only the hash of its token, and audits it', async () => {
    const made = await share(competitionId, 7);
    expect(made.url).toMatch(/^http:\/\/preffy\.test\/r\/[\w-]{43}$/);
    expect(made.share).toMatchObject({
      version: 1,
      revokedAt: null,
      live: true,
      createdByName: 'Test staff',
    });
    expect(made.share.expiresAt - made.share.createdAt).toBe(7 * DAY_MS);
    const row = await app.db
      .selectFrom('reportShares')
      .selectAll()
      .where('id', '=', made.share.id)
      .executeTakeFirstOrThrow();
    expect(row.tokenHash).toBe(hashToken(made.token));
    expect(JSON.stringify(row)).not.toContain(made.token);
    const audit = await app.db
      .selectFrom('auditLog')
      .select(['action', 'entity'])
      .where('entityId', '=', made.share.id)
      .execute();
    expect(audit).toEqual([{ action: 'created', entity: 'report-share' }]);
  });

  it('lists the links newest first with who made them, never a token', async () => {
    const id = await newCompetition(app, staff, { name: 'Listed Song' });
    const first = await share(id);
    const second = await share(id);
    const response = await staff.get(`/api/reports/${id}/shares`);
    expect(response.statusCode).toBe(200);
    const items = response.json().items.map((item: unknown) => reportShareSchema.strict().parse(item));
    expect(items.map((s: { id: string }) => s.id)).toEqual([second.share.id, first.share.id]);
    expect(items[0]).toMatchObject({ createdByName: 'Test staff', live: true });
    expect(response.body).not.toContain(first.token);
  });

  it('refuses a lifetime outside 1 to 90 days with the field named', async () => {
    for (const expiresInDays of [0, 91, 1.5, 'seven']) {
      const response = await staff.post(`/api/reports/${competitionId}/shares`, { expiresInDays });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().fieldErrors)).toEqual(['expiresInDays']);
    }
  });

  it(`refuses a link past ${REPORT_SHARE_MAX_LIVE} live ones, and makes one again once a link is revoked`, async () => {
    const id = await newCompetition(app, staff, { name: 'Busy Song' });
    const made: Made[] = [];
    for (let i = 0; i < REPORT_SHARE_MAX_LIVE; i++) made.push(await share(id));
    const refused = await staff.post(`/api/reports/${id}/shares`, { expiresInDays: 7 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_SHARES', message: REPORT_MESSAGES.tooManyShares });
    expect((await revoke(made[0]!.share.id, 1)).statusCode).toBe(200);
    await share(id);
  });

  it('keeps its token nowhere in the database, not even for an Idempotency-Key replay', async () => {
    const id = await newCompetition(app, staff, { name: 'Secret Song' });
    const csrf = (await staff.get('/api/auth/csrf')).json().token as string;
    const cookie = ['preffy_session', '_csrf'].map((name) => `${name}=${staff.cookie(name)}`).join('; ');
    const send = () =>
      app.inject({
        method: 'POST',
        url: `/api/reports/${id}/shares`,
        payload: { expiresInDays: 3 },
        headers: { cookie, 'x-csrf-token': csrf, 'idempotency-key': `share-${id}` },
      });
    const first = await send();
    const again = await send();
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode, again.body).toBe(201);
    // Not replayed: each request is a new link with its own address.
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    const tokens = [first, again].map((r) => (r.json() as { url: string }).url.split('/r/')[1]!);
    expect(tokens[0]).not.toBe(tokens[1]);
    const stored = JSON.stringify([
      await app.db.selectFrom('idempotencyKeys').selectAll().execute(),
      await app.db.selectFrom('reportShares').selectAll().execute(),
    ]);
    for (const token of tokens) expect(stored).not.toContain(token);
  });
});

describe('opening a link (no sign-in)', () => {
  it('shows the report without anything private, uncached, unindexed, without a referrer', async () => {
    const { token } = await share();
    const response = await open(token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-robots-tag']).toMatch(/noindex/);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['expiresAt', 'report']);
    const report = publicReportSchema.strict().parse(body.report);
    expect(report.totals).toMatchObject({ posts: 2, views: 1200 });
    expect(report.winners).toEqual([
      { creator: 'alice', platform: 'tiktok', prizeLabel: '1st Place', prize: 200 },
    ]);
    expect(response.body).not.toMatch(EMAIL_PATTERN);
    expect(response.body).not.toMatch(/money|paymentEmail|organizer.user.email/);
  });

  it('downloads a CSV without Payments or emails', async () => {
    const { token } = await share();
    const response = await open(token, '/csv');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="report-shared-song-.*\.csv"$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const sections = csvSections(response.body);
    expect(sections.has('Winners')).toBe(true);
    expect(sections.has('Payments')).toBe(false);
    expect(response.body).not.toMatch(EMAIL_PATTERN);
  });

  it('downloads a PDF with the name, without Payments or emails', async () => {
    const { token } = await share();
    const response = await open(token, '/pdf');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['x-robots-tag']).toMatch(/noindex/);
    const text = pdfText(response.rawPayload);
    expect(text).toContain('Shared Song');
    expect(text).toContain('Общая песня');
    expect(text).not.toContain('Payments');
    expect(text).not.toMatch(EMAIL_PATTERN);
  });

  it('answers an unknown, a revoked and an expired link with the same 404, on every download', async () => {
    const unknown = 'x'.repeat(43);
    const revoked = await share();
    expect((await open(revoked.token)).statusCode).toBe(200);
    const answer = await revoke(revoked.share.id, 1);
    expect(answer.statusCode, answer.body).toBe(200);
    const expiring = await share(competitionId, 1);
    for (const path of ['', '/csv', '/pdf']) {
      expectGone(await open(unknown, path));
      // Revoked: gone at once.
      expectGone(await open(revoked.token, path));
    }
    expect((await open(expiring.token)).statusCode).toBe(200);
    // One day later (the link ends at expiresAt, exclusive).
    vi.useFakeTimers({ toFake: ['Date'], now: expiring.share.expiresAt });
    for (const path of ['', '/csv', '/pdf']) expectGone(await open(expiring.token, path));
    const listed = (await staff.get(`/api/reports/${competitionId}/shares`)).json().items as {
      id: string;
      live: boolean;
    }[];
    expect(listed.find((s) => s.id === expiring.share.id)).toMatchObject({ live: false });
    const gone = await open(expiring.token);
    expect(gone.headers['cache-control']).toBe('no-store');
  });

  it('stops working when its competition is deleted', async () => {
    const id = await newCompetition(app, staff, { name: 'Gone Song' });
    const { token } = await share(id);
    await app.db.updateTable('competitions').set({ deleted: 1 }).where('id', '=', id).execute();
    expectGone(await open(token));
  });

  it('refuses a malformed token before any lookup', async () => {
    expect((await open('short')).statusCode).toBe(400);
  });
});

describe('revoking a link', () => {
  it('revokes with the version read, audited; a stale version of a live link is a 409 with the link', async () => {
    const made = await share();
    const stale = await revoke(made.share.id, 2);
    expect(stale.statusCode).toBe(409);
    expect(reportShareSchema.strict().parse(stale.json().current)).toMatchObject({
      id: made.share.id,
      live: true,
    });
    const answer = await revoke(made.share.id, 1);
    expect(answer.statusCode).toBe(200);
    const revoked = reportShareSchema.strict().parse(answer.json().share);
    expect(revoked).toMatchObject({ version: 2, live: false });
    expect(revoked.revokedAt).toBeGreaterThan(0);
    const actions = await app.db
      .selectFrom('auditLog')
      .select('action')
      .where('entity', '=', 'report-share')
      .where('entityId', '=', made.share.id)
      .orderBy('at')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['created', 'revoked']);
  });

  it('answers revoking a revoked link with the link as stored, changing nothing', async () => {
    const made = await share();
    const first = (await revoke(made.share.id, 1)).json().share;
    const again = await revoke(made.share.id, 1);
    expect(again.statusCode).toBe(200);
    expect(again.json().share).toEqual(first);
    const audits = await app.db
      .selectFrom('auditLog')
      .select('id')
      .where('entityId', '=', made.share.id)
      .execute();
    expect(audits).toHaveLength(2);
  });

  it('answers an unknown link 404', async () => {
    const response = await revoke('no-such-link', 1);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(REPORT_MESSAGES.notFound);
  });
});

describe('who may share', () => {
  it('lets only staff and admins list, make and revoke links; anonymous callers get 401', async () => {
    const made = await share();
    const calls: [string, string][] = [
      ['GET', `/api/reports/${competitionId}/shares`],
      ['POST', `/api/reports/${competitionId}/shares`],
      ['DELETE', `/api/reports/shares/${made.share.id}?version=1`],
    ];
    for (const [method, url] of calls) {
      const body = method === 'POST' ? { expiresInDays: 7 } : undefined;
      expect((await organizer.request(method as 'GET', url, body)).statusCode).toBe(403);
      expect((await anonymous().request(method as 'GET', url, body)).statusCode).toBe(401);
    }
    expect((await open(made.token)).statusCode).toBe(200);
  });

  it('answers sharing a missing competition 404', async () => {
    const response = await staff.post('/api/reports/no-such-competition/shares', { expiresInDays: 7 });
    expect(response.statusCode).toBe(404);
  });
});
