import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertWinners } from '../../../test/fixtures/winners.ts';
import { TestClient, createTestApp, latestEmailTo, signedInClient } from '../../../test/test-app.ts';
import { newId, now } from '../../lib/clock.ts';
import { seedDemoData } from '../demo/seed-demo-data.ts';
import { EMAIL_KINDS, type EmailKind, isTextOnly } from './templates/messages.ts';
import { unsubscribeUrl } from './unsubscribe.ts';

let app: FastifyInstance;
let admin: TestClient;
let competitionId: string;
let activeCompetitionId: string;

const addWinner = (email: string, flags: { isBanned?: 0 | 1; isUnsubscribed?: 0 | 1 } = {}) =>
  insertWinners(app.db, [{ email, ...flags }]);

beforeAll(async () => {
  app = await createTestApp();
  await seedDemoData(app.db);
  admin = (await signedInClient(app, 'admin')).client;
  const competitions = await app.db
    .selectFrom('competitions')
    .select(['id', 'isActive', 'isConfirmed', 'hasEnded'])
    .execute();
  // Confirmed and still to come: a bulk email advertises only a competition that takes entries.
  competitionId = competitions.find((c) => !c.isActive && c.isConfirmed && !c.hasEnded)!.id;
  activeCompetitionId = competitions.find((c) => c.isActive)!.id;
  for (let i = 0; i < 30; i++) await addWinner(`sub${String(i).padStart(2, '0')}@list.test`);
  await addWinner('gone@list.test', { isUnsubscribed: 1 });
  await addWinner('cheat@list.test', { isBanned: 1 });
});
afterAll(() => app.close());

describe('subscribers', () => {
  it('lists winners who are not unsubscribed or banned, paged and sorted on the server', async () => {
    const page = (
      await admin.get('/api/email/subscribers?search=list.test&pageSize=20&sortBy=email&sortDirection=desc')
    ).json();
    expect(page.total).toBe(30);
    expect(page.items).toHaveLength(20);
    expect(page.items[0].email).toBe('sub29@list.test');
    const emails = (await admin.get('/api/email/subscribers?search=list.test&pageSize=50'))
      .json()
      .items.map((w: { email: string }) => w.email);
    expect(emails).not.toContain('gone@list.test');
    expect(emails).not.toContain('cheat@list.test');
    expect((await admin.get('/api/email/subscribers?pageSize=500')).statusCode).toBe(400);
  });
});

describe('bulk send', () => {
  it('queues a Basic email to all matching subscribers with a ref=basic link to the public page', async () => {
    const response = await admin.post('/api/email/bulk', {
      type: 'basic',
      competitionId,
      selection: { all: true, search: 'list.test', exclude: ['sub00@list.test'] },
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({ queued: 29, skipped: 0 });
    const email = await latestEmailTo(app, 'sub01@list.test');
    expect(email.kind).toBe('bulk-basic');
    expect(email.text).toContain(`http://preffy.test/c/${competitionId}?ref=basic`);
    await expect(latestEmailTo(app, 'sub00@list.test')).rejects.toThrow();
  });

  it('skips unsubscribed and banned addresses even when picked by hand', async () => {
    const response = await admin.post('/api/email/bulk', {
      type: 'fancy',
      competitionId,
      selection: { emails: ['sub02@list.test', 'gone@list.test', 'cheat@list.test'] },
    });
    expect(response.json()).toMatchObject({ queued: 1, skipped: 2 });
    const progress = (await admin.get(`/api/outbox/${response.json().messageId}`)).json();
    expect(progress.counts).toMatchObject({ queued: 1, skipped: 2 });
    const skipped = (
      await admin.get(`/api/outbox/${response.json().messageId}/recipients?status=skipped`)
    ).json();
    expect(
      skipped.items.map((r: { email: string; reason: string }) => `${r.email}:${r.reason}`).sort(),
    ).toEqual(['cheat@list.test:banned', 'gone@list.test:unsubscribed']);
    expect((await latestEmailTo(app, 'sub02@list.test')).text).toContain('?ref=fancy');
  });

  it('sends Promotion only for a competition whose promotion has a positive balance and amount', async () => {
    const refused = await admin.post('/api/email/bulk', {
      type: 'promotion',
      competitionId,
      selection: { emails: ['sub03@list.test'] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'This competition has no promotion with a positive remaining balance and amount',
    );
    const ok = await admin.post('/api/email/bulk', {
      type: 'promotion',
      competitionId: activeCompetitionId,
      selection: { emails: ['sub03@list.test'] },
    });
    expect(ok.statusCode).toBe(202);
    expect((await latestEmailTo(app, 'sub03@list.test')).text).toContain('$200 is left');
  });

  it('queues 2,000 recipients in one request and delivers them all', async () => {
    const at = now();
    const rows = Array.from({ length: 2000 }, (_, i) => ({
      id: newId(),
      version: 1,
      deleted: 0 as const,
      createdAt: at,
      updatedAt: at,
      email: `many${i}@bulk.test`,
      paypal: null,
      isBanned: 0 as const,
      isUnsubscribed: 0 as const,
      isVetted: 0 as const,
      balance: 0,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await app.db
        .insertInto('winners')
        .values(rows.slice(i, i + 500))
        .execute();
    const response = await admin.post('/api/email/bulk', {
      type: 'basic',
      competitionId,
      selection: { all: true, search: '@bulk.test' },
    });
    expect(response.json()).toMatchObject({ queued: 2000, skipped: 0 });
    await app.emailWorker.drain();
    const progress = (await admin.get(`/api/outbox/${response.json().messageId}`)).json();
    expect(progress.counts).toMatchObject({ queued: 0, sent: 2000 });
  });
});

describe('unsubscribe', () => {
  it('one click on the link unsubscribes, and the address gets no more bulk mail', async () => {
    const visitor = new TestClient(app);
    const link = unsubscribeUrl('http://preffy.test', app.config.cookieSecret, 'sub04@list.test').replace(
      'http://preffy.test',
      '',
    );
    const page = await visitor.get(link);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('You are unsubscribed');
    const winner = await app.db
      .selectFrom('winners')
      .select('isUnsubscribed')
      .where('email', '=', 'sub04@list.test')
      .executeTakeFirstOrThrow();
    expect(winner.isUnsubscribed).toBe(1);

    const bulk = await admin.post('/api/email/bulk', {
      type: 'basic',
      competitionId,
      selection: { emails: ['sub04@list.test', 'sub05@list.test'] },
    });
    expect(bulk.json()).toMatchObject({ queued: 1, skipped: 1 });
    await app.emailWorker.drain();
    const row = await app.db
      .selectFrom('emailRecipients')
      .select(['status', 'reason'])
      .where('messageId', '=', bulk.json().messageId)
      .where('email', '=', 'sub04@list.test')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'skipped', reason: 'unsubscribed' });
  });

  it("accepts mail clients' one-click POST without cookies or CSRF token, and can be undone", async () => {
    const link = unsubscribeUrl('http://preffy.test', app.config.cookieSecret, 'sub06@list.test').replace(
      'http://preffy.test',
      '',
    );
    const post = await app.inject({
      method: 'POST',
      url: link,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(post.statusCode).toBe(200);
    const flag = () =>
      app.db
        .selectFrom('winners')
        .select('isUnsubscribed')
        .where('email', '=', 'sub06@list.test')
        .executeTakeFirstOrThrow();
    expect((await flag()).isUnsubscribed).toBe(1);
    await app.inject({ method: 'POST', url: `${link}&resubscribe=1` });
    expect((await flag()).isUnsubscribed).toBe(0);
  });

  it('still sends transactional mail to unsubscribed addresses', async () => {
    await admin.post('/api/users', { email: 'gone@list.test', name: 'Gone', role: 'staff' });
    expect(await latestEmailTo(app, 'gone@list.test')).toMatchObject({
      kind: 'invitation',
      status: 'queued',
    });
  });

  it('refuses a forged link', async () => {
    const forged = `/api/email/unsubscribe?e=${Buffer.from('sub07@list.test').toString('base64url')}&t=forged`;
    expect((await new TestClient(app).get(forged)).statusCode).toBe(400);
  });
});

describe('outbox and previews', () => {
  it('renders every kind with sample data in the chosen language', async () => {
    for (const kind of Object.keys(EMAIL_KINDS)) {
      const preview = await admin.get(`/api/email/preview/${kind}?language=de`);
      expect(preview.statusCode, kind).toBe(200);
      if (isTextOnly(kind as EmailKind)) expect(preview.json().html, kind).toBe('');
      else expect(preview.json().html).toContain('lang="de"');
    }
  });
  it("previews a bulk email with the chosen competition's own name, amount and link", async () => {
    const competition = await app.db
      .selectFrom('competitions')
      .select(['name'])
      .where('id', '=', competitionId)
      .executeTakeFirstOrThrow();
    const preview = await admin.get(
      `/api/email/bulk/preview?type=basic&competitionId=${competitionId}&language=es`,
    );
    expect(preview.statusCode).toBe(200);
    expect(preview.json().text).toContain(competition.name);
    expect(preview.json().text).toContain(`/c/${competitionId}?ref=basic`);
    expect(preview.json().html).toContain('lang="es"');
    const refused = await admin.get(`/api/email/bulk/preview?type=promotion&competitionId=${competitionId}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('NO_PROMOTION_BALANCE');
  });
  it('lists messages newest first and finds them by recipient', async () => {
    // sub02 got the Basic email to everyone on the list, then the Fancy one picked by hand.
    const page = (await admin.get('/api/outbox?search=sub02@list.test')).json();
    expect(page.items.map((m: { kind: string }) => m.kind)).toEqual(['bulk-fancy', 'bulk-basic']);
    expect(page.items[0]).toMatchObject({ kind: 'bulk-fancy', isMarketing: true, recipients: 3 });
  });
  it('keeps the outbox and bulk sends to admins', async () => {
    const { client: staff } = await signedInClient(app, 'staff');
    expect((await staff.get('/api/outbox')).statusCode).toBe(403);
    expect(
      (
        await staff.post('/api/email/bulk', {
          type: 'basic',
          competitionId,
          selection: { emails: ['a@b.co'] },
        })
      ).statusCode,
    ).toBe(403);
  });
});
