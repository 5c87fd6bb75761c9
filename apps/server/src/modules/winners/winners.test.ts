import { WINNER_EMAIL_TAKEN, type Winner } from '@preffy/api';
import { FLAG_MESSAGES, FORM_MESSAGES } from '@preffy/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveCompetition } from '../../../test/fixtures/competitions.ts';
import { tiktokLink } from '../../../test/fixtures/posts.ts';
import { EACH_ROLE, signedInApp, type SignedInClient } from '../../../test/fixtures/signed-in.ts';
import { TestClient } from '../../../test/test-app.ts';

let app: FastifyInstance;
let staff: SignedInClient, admin: SignedInClient, organizer: SignedInClient;
beforeAll(async () => {
  ({ app, staff, admin, organizer } = await signedInApp(EACH_ROLE));
});
afterAll(() => app.close());

const create = async (body: Record<string, unknown>, client = staff) => {
  const response = await client.post('/api/winners', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().winner as Winner;
};
const list = async (query: string, client = staff) => {
  const response = await client.get(`/api/winners?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { items: Winner[]; total: number };
};
const emails = (page: { items: Winner[] }) => page.items.map((w) => w.email);
const auditOf = (id: string) =>
  app.db.selectFrom('auditLog').selectAll().where('entityId', '=', id).orderBy('at').execute();

describe('the winners directory (/api/winners)', () => {
  it('adds a winner (email in lower case, PayPal, banned) and audits it', async () => {
    const winner = await create({ email: ' Ann@Create.test ', paypal: 'ann@paypal.test', isBanned: true });
    expect(winner).toMatchObject({
      email: 'ann@create.test',
      paypal: 'ann@paypal.test',
      balance: 0,
      isBanned: true,
      isVetted: false,
      isUnsubscribed: false,
      version: 1,
    });
    const plain = await create({ email: 'bo@create.test', paypal: '' });
    expect(plain).toMatchObject({ paypal: null, isBanned: false });
    const [audit] = await auditOf(winner.id);
    expect(audit).toMatchObject({ actorId: staff.user.id, entity: 'winner', action: 'create' });
    expect(JSON.parse(audit!.changes!)).toEqual({
      email: 'ann@create.test',
      paypal: 'ann@paypal.test',
      isBanned: true,
    });
  });

  it('refuses an email already in the directory, in any case, with the field message (409)', async () => {
    await create({ email: 'dup@create.test' });
    const again = await staff.post('/api/winners', { email: 'DUP@create.test', paypal: 'x@paypal.test' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'WINNER_EMAIL_TAKEN',
      message: WINNER_EMAIL_TAKEN,
      fieldErrors: { email: [WINNER_EMAIL_TAKEN] },
    });
    // Racing creations of one address (different submissions) still make one record.
    const racing = await Promise.all(
      [1, 2, 3].map(() => staff.post('/api/winners', { email: 'race@create.test' })),
    );
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect((await list('search=race@create.test')).total).toBe(1);
    // A deleted winner's address can be added again.
    const gone = (await list('search=dup@create.test')).items[0]!;
    expect((await staff.delete(`/api/winners/${gone.id}?version=${gone.version}`)).statusCode).toBe(200);
    await create({ email: 'dup@create.test' });
  });

  it("validates with the domain's messages (400 with fieldErrors)", async () => {
    const bad = await staff.post('/api/winners', { email: 'not an email', paypal: 'also bad' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({
      email: [FORM_MESSAGES.emailInvalid],
      paypal: [FORM_MESSAGES.paypalInvalid],
    });
    const empty = await staff.post('/api/winners', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors.email).toEqual([FORM_MESSAGES.creatorEmailRequired]);
    const long = await staff.post('/api/winners', {
      email: 'long@create.test',
      paypal: `${'p'.repeat(300)}@paypal.test`,
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().fieldErrors.paypal).toEqual([FORM_MESSAGES.textTooLong]);
    const flagType = await staff.post('/api/winners', { email: 'flag@create.test', isBanned: 'yes' });
    expect(flagType.statusCode).toBe(400);
    expect(Object.keys(flagType.json().fieldErrors)).toEqual(['isBanned']);
    for (const query of ['sortBy=password', 'pageSize=1000', 'page=0', `search=${'x'.repeat(201)}`])
      expect((await staff.get(`/api/winners?${query}`)).statusCode, query).toBe(400);
    const target = await create({ email: 'patch@create.test' });
    for (const body of [{ version: 1 }, { version: 0, isBanned: true }, { version: 1, isVetted: 'true' }]) {
      const response = await staff.patch(`/api/winners/${target.id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.json().fieldErrors ?? {}).length).toBeGreaterThan(0);
    }
    expect((await staff.delete(`/api/winners/${target.id}`)).statusCode).toBe(400);
    expect((await list('search=patch@create.test')).items[0]!.version).toBe(1);
  });

  it('searches by email (LIKE wildcards literal), sorts every column and pages on the server', async () => {
    await create({ email: 'zed@list.test', paypal: 'a@pay.test' });
    await create({ email: 'amy@list.test', paypal: 'c@pay.test', isBanned: true });
    await create({ email: 'mo@list.test', paypal: 'b@pay.test' });
    const search = 'search=LIST.TEST';
    expect(emails(await list(search))).toEqual(['amy@list.test', 'mo@list.test', 'zed@list.test']);
    expect(emails(await list(`${search}&sortDirection=desc`))).toEqual([
      'zed@list.test',
      'mo@list.test',
      'amy@list.test',
    ]);
    expect(emails(await list(`${search}&sortBy=paypal`))).toEqual([
      'zed@list.test',
      'mo@list.test',
      'amy@list.test',
    ]);
    expect(emails(await list(`${search}&sortBy=isBanned&sortDirection=desc`))[0]).toBe('amy@list.test');
    for (const sortBy of ['balance', 'isVetted', 'isUnsubscribed', 'createdAt'])
      expect((await list(`${search}&sortBy=${sortBy}`)).total, sortBy).toBe(3);
    const second = await list(`${search}&pageSize=2&page=2`);
    expect([second.total, emails(second)]).toEqual([3, ['zed@list.test']]);
    expect((await list('search=%25')).total).toBe(0);
    // Without a search, pages of 10 by default.
    for (let i = 0; i < 11; i++) await create({ email: `filler${i}@list.test` });
    const first = await list('');
    expect(first.items).toHaveLength(10);
    expect(first.total).toBeGreaterThan(10);
  });

  it('toggles each flag with the version read, audits it, and answers a stale version with 409 and the winner', async () => {
    let winner = await create({ email: 'flags@toggle.test' });
    for (const flag of ['isBanned', 'isVetted', 'isUnsubscribed'] as const) {
      const on = await staff.patch(`/api/winners/${winner.id}`, { version: winner.version, [flag]: true });
      expect(on.statusCode, on.body).toBe(200);
      expect(on.json().winner).toMatchObject({ [flag]: true, version: winner.version + 1 });
      const stale = await staff.patch(`/api/winners/${winner.id}`, {
        version: winner.version,
        [flag]: false,
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({
        code: 'VERSION_CONFLICT',
        current: { id: winner.id, email: 'flags@toggle.test', [flag]: true, version: winner.version + 1 },
      });
      winner = on.json().winner;
    }
    const off = await admin.patch(`/api/winners/${winner.id}`, { version: winner.version, isVetted: false });
    expect(off.json().winner).toMatchObject({
      isBanned: true,
      isVetted: false,
      isUnsubscribed: true,
      version: 5,
    });
    const audit = await auditOf(winner.id);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'update', 'update', 'update']);
    expect(JSON.parse(audit[1]!.changes!)).toEqual({ isBanned: true });
    expect(
      (await staff.patch('/api/winners/no-such-winner', { version: 1, isBanned: true })).statusCode,
    ).toBe(404);
  });

  it('deletes softly with the version read: 409 when stale, then gone from the list and 404', async () => {
    const winner = await create({ email: 'gone@delete.test' });
    await staff.patch(`/api/winners/${winner.id}`, { version: 1, isVetted: true });
    const stale = await staff.delete(`/api/winners/${winner.id}?version=1`);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ id: winner.id, version: 2, isVetted: true });
    expect((await list('search=gone@delete.test')).total).toBe(1);

    const deleted = await staff.delete(`/api/winners/${winner.id}?version=2`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await list('search=gone@delete.test')).total).toBe(0);
    const row = await app.db.selectFrom('winners').selectAll().where('id', '=', winner.id).executeTakeFirst();
    expect(row).toMatchObject({ deleted: 1, version: 3 });
    expect((await auditOf(winner.id)).map((a) => a.action)).toEqual(['create', 'update', 'delete']);
    const again = await staff.delete(`/api/winners/${winner.id}?version=3`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Winner not found');
    expect((await staff.patch(`/api/winners/${winner.id}`, { version: 3, isBanned: true })).statusCode).toBe(
      404,
    );
  });

  it('is for staff and admins: organizers get 403, anonymous callers 401, and nothing changes', async () => {
    const winner = await create({ email: 'roles@winners.test' });
    expect((await list('search=roles@winners.test', admin)).total).toBe(1);
    const anonymous = new TestClient(app);
    for (const [client, status] of [
      [organizer, 403],
      [anonymous, 401],
    ] as const) {
      expect((await client.get('/api/winners')).statusCode).toBe(status);
      expect((await client.post('/api/winners', { email: 'sneak@winners.test' })).statusCode).toBe(status);
      expect(
        (await client.patch(`/api/winners/${winner.id}`, { version: 1, isBanned: true })).statusCode,
      ).toBe(status);
      expect((await client.delete(`/api/winners/${winner.id}?version=1`)).statusCode).toBe(status);
    }
    expect((await list('search=winners.test')).items).toMatchObject([
      { email: 'roles@winners.test', isBanned: false, version: 1 },
    ]);
  });

  it("shows a ban at once in the review flags: a post entered after the ban is flagged 'Banned User'", async () => {
    const competition = await liveCompetition(staff);
    const enter = async (email: string) => {
      const response = await staff.post(`/api/competitions/${competition.id}/posts`, {
        email,
        creator: 'bannedlater',
        link: tiktokLink('bannedlater'),
      });
      expect(response.statusCode, response.body).toBe(201);
      const row = await app.db
        .selectFrom('posts')
        .selectAll()
        .where('competitionId', '=', competition.id)
        .where('link', '=', response.json().post.link)
        .executeTakeFirstOrThrow();
      return { ...row, flags: JSON.parse(row.flags) as { code: string; message: string }[] };
    };
    const winner = await create({ email: 'later@banned.test' });
    const before = await enter('later@banned.test');
    expect(before.flags).toEqual([]);
    expect(before.deleted).toBe(0);

    const banned = await staff.patch(`/api/winners/${winner.id}`, { version: 1, isBanned: true });
    expect(banned.statusCode).toBe(200);
    const after = await enter('Later@Banned.test');
    expect(after.flags).toMatchObject([{ code: 'bannedUser', message: FLAG_MESSAGES.bannedUser }]);
    expect(after).toMatchObject({ deleted: 1, deletedReason: 'flagged' });
  });
});

describe("ban evasion (issue 42): a banned creator's handle under a new address", () => {
  it("flags the entry 'Banned User', naming the banned address the handle came from; another platform's handle is another creator", async () => {
    const enter = async (competitionId: string, email: string, creator: string, link: string) => {
      const response = await staff.post(`/api/competitions/${competitionId}/posts`, { email, creator, link });
      expect(response.statusCode, response.body).toBe(201);
      const row = await app.db
        .selectFrom('posts')
        .select(['flags', 'deleted'])
        .where('competitionId', '=', competitionId)
        .where('link', '=', response.json().post.link)
        .executeTakeFirstOrThrow();
      return { ...row, flags: JSON.parse(row.flags) as { code: string; values: Record<string, unknown> }[] };
    };
    const earlier = await liveCompetition(staff);
    expect((await enter(earlier.id, 'old@evade.test', 'evader', tiktokLink('evader'))).flags).toEqual([]);
    const winner = await create({ email: 'old@evade.test' });
    expect((await staff.patch(`/api/winners/${winner.id}`, { version: 1, isBanned: true })).statusCode).toBe(
      200,
    );

    const later = await liveCompetition(staff);
    const evading = await enter(later.id, 'new@evade.test', ' Evader ', tiktokLink('evader'));
    expect(evading.flags).toMatchObject([
      {
        code: 'bannedUser',
        message: FLAG_MESSAGES.bannedUser,
        values: { email: 'new@evade.test', handle: 'Evader', bannedEmail: 'old@evade.test' },
      },
    ]);
    expect(evading.deleted).toBe(1);
    // The same name on Instagram is someone else's account.
    const elsewhere = await enter(
      later.id,
      'ig@evade.test',
      'evader',
      'https://www.instagram.com/reel/E7zYx8WvU7q/',
    );
    expect(elsewhere.flags.filter((f) => f.code === 'bannedUser')).toEqual([]);
    // Another handle of the new address is not flagged either.
    expect((await enter(later.id, 'new@evade.test', 'fresh', tiktokLink('fresh'))).flags).toEqual([]);
  });
});

describe('the payment email lookup (GET /api/winners/payment-email, the legacy get_paypal_email)', () => {
  const lookup = async (email: string, client = staff) => {
    const response = await client.get(`/api/winners/payment-email?email=${encodeURIComponent(email)}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it("answers the winner's PayPal address from the directory, else the email itself, and whether it is banned", async () => {
    await create({ email: 'payee@lookup.test', paypal: 'Payee.Pay@PayPal.test' });
    await create({ email: 'nopaypal@lookup.test', paypal: '', isBanned: true });
    expect(await lookup(' PAYEE@Lookup.test ')).toEqual({
      paymentEmail: 'payee.pay@paypal.test',
      isBanned: false,
    });
    expect(await lookup('nopaypal@lookup.test', admin)).toEqual({
      paymentEmail: 'nopaypal@lookup.test',
      isBanned: true,
    });
    expect(await lookup('Stranger@Lookup.test')).toEqual({
      paymentEmail: 'stranger@lookup.test',
      isBanned: false,
    });
  });

  it('forgets a deleted winner, refuses organizers (403) and a bad address (400)', async () => {
    const gone = await create({ email: 'gone@lookup.test', paypal: 'gone@paypal.test' });
    expect((await staff.delete(`/api/winners/${gone.id}?version=1`)).statusCode).toBe(200);
    expect(await lookup('gone@lookup.test')).toEqual({ paymentEmail: 'gone@lookup.test', isBanned: false });
    expect((await organizer.get('/api/winners/payment-email?email=payee@lookup.test')).statusCode).toBe(403);
    for (const query of ['', 'email=', `email=${'x'.repeat(255)}`]) {
      const response = await staff.get(`/api/winners/payment-email?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().fieldErrors).toHaveProperty('email');
    }
  });
});
