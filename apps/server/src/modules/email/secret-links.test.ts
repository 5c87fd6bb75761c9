import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEST_PASSWORD,
  TestClient,
  createTestApp,
  latestEmailTo,
  signedInClient,
} from '../../../test/test-app.ts';
import { loadConfig } from '../../config/env.ts';
import { SECRET_LINK_HIDDEN, SECRET_LINK_REMOVED } from './secret-links.ts';

/**
 * The audit read 70 live reset, invitation and sign-in tokens in the outbox. With a real
 * transport the stored copy loses them once delivered; in 'outbox' mode they stay for admins.
 */
const emailConfig = (env: Record<string, string>) =>
  loadConfig({ DATA_DIR: '/tmp/preffy-test-unused', COOKIE_SECRET: 'x'.repeat(40), ...env }).email;

/** What each transport received, per address, as plain text (quoted-printable undone). */
const delivered = new Map<string, string>();
let smtp: SMTPServer;
let mandrill: Server;
let smtpUrl: string;
let mandrillUrl: string;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      stream.on('end', () => {
        const plain = raw.replace(/=\r?\n/g, '').replaceAll('=3D', '=');
        for (const to of session.envelope.rcptTo) delivered.set(to.address, plain);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;

  mandrill = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const { message } = JSON.parse(body) as {
        message: { html: string; text: string; to: { email: string }[] };
      };
      const email = message.to[0]!.email;
      delivered.set(email, `${message.html}\n${message.text}`);
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify([{ email, status: 'sent', reject_reason: null, _id: 'ok' }]));
    });
  });
  await new Promise<void>((resolve) => mandrill.listen(0, '127.0.0.1', resolve));
  mandrillUrl = `http://127.0.0.1:${(mandrill.address() as AddressInfo).port}/api/1.0`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await new Promise<void>((resolve) => mandrill.close(() => resolve()));
});

const TOKEN = /(?:#token=|LoginToken=)([\w-]{20,})/;
/** Anything in a stored copy that looks like a token (43 base64url characters). */
const tokenLike = (text: string) => [...text.matchAll(/[\w-]{43}/g)].map((m) => m[0]);

async function storedCopy(app: FastifyInstance, admin: TestClient, email: string) {
  const { id } = await latestEmailTo(app, email);
  const message = await admin.get(`/api/outbox/${id}`);
  expect(message.statusCode).toBe(200);
  return message.json() as { html: string; text: string; kind: string };
}

describe.each([
  { transport: 'smtp', env: () => ({ EMAIL_TRANSPORT: 'smtp', SMTP_URL: smtpUrl }) },
  {
    transport: 'mandrill',
    env: () => ({ EMAIL_TRANSPORT: 'mandrill', MANDRILL_API_KEY: 'k', MANDRILL_BASE_URL: mandrillUrl }),
  },
])('with a real transport ($transport)', ({ transport, env }) => {
  let app: FastifyInstance;
  let admin: TestClient;
  beforeAll(async () => {
    app = await createTestApp({ email: emailConfig(env()) });
    admin = (await signedInClient(app, 'admin')).client;
  });
  afterAll(() => app.close());

  const deliverAll = async () => {
    await app.afterResponse.settled();
    await app.emailWorker.drain();
  };

  it('removes the reset link from the stored copy once delivered; only the delivered link works', async () => {
    const { user } = await signedInClient(app, 'staff', `reset-${transport}@preffy.test`);
    await new TestClient(app).post('/api/auth/forgot-password', { email: user.email });
    await deliverAll();

    const sent = TOKEN.exec(delivered.get(user.email) ?? '')?.[1];
    expect(sent, 'the recipient got a working link').toBeDefined();
    const stored = await storedCopy(app, admin, user.email);
    for (const part of [stored.html, stored.text]) {
      expect(part).not.toContain(sent);
      expect(part).not.toMatch(TOKEN);
      expect(part).toContain(SECRET_LINK_REMOVED);
    }
    // Whatever an outbox reader could copy from the stored message opens nothing.
    for (const candidate of tokenLike(`${stored.html}\n${stored.text}`)) {
      const tried = await new TestClient(app).post('/api/auth/reset-password', {
        token: candidate,
        password: 'attacker-password-1',
      });
      expect(tried.statusCode).toBe(400);
    }
    const owner = await new TestClient(app).post('/api/auth/reset-password', {
      token: sent,
      password: 'the-owners-password',
    });
    expect(owner.statusCode).toBe(200);
  });

  it("never shows an administrator's reset link while its delivery is still pending", async () => {
    // The attack: any admin asks forgot-password for another admin and reads the queued
    // (or retrying) message before the worker has delivered and scrubbed it.
    const { user: target } = await signedInClient(app, 'admin', `pending-admin-${transport}@preffy.test`);
    await new TestClient(app).post('/api/auth/forgot-password', { email: target.email });
    await app.afterResponse.settled();
    const queued = await latestEmailTo(app, target.email);
    expect(queued.status).toBe('queued');
    const stored = await storedCopy(app, admin, target.email);
    expect(`${stored.html}\n${stored.text}`).not.toMatch(TOKEN);
    expect(stored.text).toContain(SECRET_LINK_HIDDEN);
    await deliverAll();
    expect(delivered.get(target.email), 'the admin still gets a working link').toMatch(TOKEN);
  });

  it('removes invitation and sign-in links from the stored copies too', async () => {
    const invited = `invited-${transport}@preffy.test`;
    expect(
      (await admin.post('/api/users', { email: invited, name: 'Invited', role: 'staff' })).statusCode,
    ).toBe(201);
    const { user } = await signedInClient(app, 'organizer', `link-${transport}@preffy.test`);
    expect((await admin.post(`/api/users/${user.id}/sign-in-link`, { send: true })).statusCode).toBe(200);
    await deliverAll();
    for (const email of [invited, user.email]) {
      expect(delivered.get(email)).toMatch(TOKEN);
      const stored = await storedCopy(app, admin, email);
      expect(`${stored.html}\n${stored.text}`, stored.kind).not.toMatch(TOKEN);
      expect(stored.text).toContain(SECRET_LINK_REMOVED);
    }
  });

  it('cleans messages finished before this worker ran (an older version) or failed after a crash', async () => {
    const staleLink = 'http://preffy.test/reset-password#token=' + 'a'.repeat(43);
    const plant = async (email: string) => {
      const { user } = await signedInClient(app, 'staff', email);
      await new TestClient(app).post('/api/auth/forgot-password', { email: user.email });
      await deliverAll();
      const { id } = await latestEmailTo(app, user.email);
      // As an older version left it: the live link still in the stored copy.
      await app.db
        .updateTable('emailMessages')
        .set({ html: `<a href="${staleLink}">Reset</a>`, text: staleLink })
        .where('id', '=', id)
        .execute();
      return id;
    };
    const setRecipients = (id: string, status: 'sending' | 'queued' | 'sent') =>
      app.db
        .updateTable('emailRecipients')
        .set({ status, claimedUntil: status === 'sending' ? 1 : null, nextAttemptAt: Date.now() + 3600_000 })
        .where('messageId', '=', id)
        .execute();
    const stored = async (id: string) =>
      app.db
        .selectFrom('emailMessages')
        .select(['html', 'text'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();

    const old = await plant(`old-${transport}@preffy.test`);
    const crashed = await plant(`crashed-${transport}@preffy.test`);
    const waiting = await plant(`waiting-${transport}@preffy.test`);
    await setRecipients(crashed, 'sending');
    await setRecipients(waiting, 'queued');
    await app.emailWorker.removeFinishedSecrets(1);
    expect(await stored(old)).toEqual({
      html: `<a href="${SECRET_LINK_REMOVED}">Reset</a>`,
      text: SECRET_LINK_REMOVED,
    });
    // Still being delivered: its recipient needs the link, so the copy keeps it for now.
    expect((await stored(crashed)).text).toBe(staleLink);
    expect((await stored(waiting)).text).toBe(staleLink);
    // The crashed delivery is unknown after the next round (never sent twice), and then cleaned.
    await app.emailWorker.tick();
    expect((await stored(crashed)).text).toBe(SECRET_LINK_REMOVED);
    expect((await stored(waiting)).text).toBe(staleLink);
  });
});

describe("in 'outbox' mode", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('keeps the link for admins to relay by hand, and shows the message to admins only', async () => {
    const { client: admin } = await signedInClient(app, 'admin');
    const { client: staff, user } = await signedInClient(app, 'staff');
    await new TestClient(app).post('/api/auth/forgot-password', { email: user.email });
    await app.afterResponse.settled();
    await app.emailWorker.drain();
    const stored = await storedCopy(app, admin, user.email);
    expect(stored.text).toMatch(TOKEN);
    const { id } = await latestEmailTo(app, user.email);
    expect((await staff.get(`/api/outbox/${id}`)).statusCode).toBe(403);
    expect((await new TestClient(app).get(`/api/outbox/${id}`)).statusCode).toBe(401);
  });
});

describe('links addressed to an administrator', () => {
  let app: FastifyInstance;
  let admin: TestClient;
  beforeAll(async () => {
    app = await createTestApp(); // 'outbox' mode: nothing is delivered or scrubbed
    admin = (await signedInClient(app, 'admin')).client;
  });
  afterAll(() => app.close());

  const settle = async () => {
    await app.afterResponse.settled();
    await app.emailWorker.drain();
  };
  /** Everything the outbox API answers about the newest message to an address. */
  async function outboxAnswers(email: string) {
    const { id } = await latestEmailTo(app, email);
    const list = await admin.get(`/api/outbox?search=${encodeURIComponent(email)}`);
    const detail = await admin.get(`/api/outbox/${id}`);
    expect(list.statusCode).toBe(200);
    expect(detail.statusCode).toBe(200);
    expect(list.json().items.map((m: { id: string }) => m.id)).toContain(id);
    return { all: `${list.body}\n${detail.body}`, detail: detail.json() as { html: string; text: string } };
  }
  const resetWith = (token: string) =>
    new TestClient(app).post('/api/auth/reset-password', { token, password: 'attacker-password-1' });

  it("an admin cannot read another admin's reset link (forgot-password, then GET /api/outbox/:id)", async () => {
    const { user: victim } = await signedInClient(app, 'admin');
    await new TestClient(app).post('/api/auth/forgot-password', { email: victim.email });
    await settle();
    expect((await latestEmailTo(app, victim.email)).text, 'the stored copy has the link').toMatch(TOKEN);

    const { all, detail } = await outboxAnswers(victim.email);
    expect(all).not.toMatch(TOKEN);
    expect(detail.html).toContain(SECRET_LINK_HIDDEN);
    expect(detail.text).toContain(SECRET_LINK_HIDDEN);
    for (const candidate of tokenLike(all)) expect((await resetWith(candidate)).statusCode).toBe(400);
    // The admin can still sign in: the hidden link changed nothing.
    expect(
      (await new TestClient(app).post('/api/auth/login', { email: victim.email, password: TEST_PASSWORD }))
        .statusCode,
    ).toBe(200);
  });

  it('hides the invitation link of a new administrator, and not those of other roles', async () => {
    for (const role of ['admin', 'staff'] as const) {
      const email = `invited-${role}@preffy.test`;
      expect((await admin.post('/api/users', { email, name: 'Invited', role })).statusCode).toBe(201);
      const { all } = await outboxAnswers(email);
      if (role === 'admin') expect(all, role).not.toMatch(TOKEN);
      else expect(all, role).toMatch(TOKEN);
    }
  });

  it('a reset link read before its user became an admin hides, and no longer works', async () => {
    const { user } = await signedInClient(app, 'staff');
    await new TestClient(app).post('/api/auth/forgot-password', { email: user.email });
    await settle();
    const readEarlier = TOKEN.exec((await outboxAnswers(user.email)).detail.text)?.[1];
    expect(readEarlier, 'a staff user’s link is shown, to relay by hand').toBeDefined();

    const promoted = await admin.patch(`/api/users/${user.id}`, { version: user.version, role: 'admin' });
    expect(promoted.statusCode).toBe(200);
    expect((await outboxAnswers(user.email)).all).not.toMatch(TOKEN);
    expect((await resetWith(readEarlier!)).statusCode).toBe(400);
  });

  it('a sign-in link minted before its user became an admin opens nothing', async () => {
    const { user } = await signedInClient(app, 'organizer');
    const minted = await admin.post(`/api/users/${user.id}/sign-in-link`);
    const token = new URL(minted.json().url).searchParams.get('LoginToken')!;
    // Promoted by any path (here straight in the database, so only the check at use stands).
    await app.db.updateTable('users').set({ role: 'admin' }).where('id', '=', user.id).execute();

    const visitor = new TestClient(app);
    const opened = await visitor.get(`/?LoginToken=${token}`);
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe('/login?link=invalid');
    expect(opened.cookies.find((c) => c.name === 'preffy_session')).toBeUndefined();
    expect((await visitor.get('/api/auth/me')).statusCode).toBe(401);
  });

  it('promoting a user through the API uses up their outstanding sign-in links', async () => {
    const { user } = await signedInClient(app, 'organizer');
    const minted = await admin.post(`/api/users/${user.id}/sign-in-link`);
    const token = new URL(minted.json().url).searchParams.get('LoginToken')!;
    await admin.patch(`/api/users/${user.id}`, { version: user.version, role: 'admin' });
    await app.db.updateTable('users').set({ role: 'organizer' }).where('id', '=', user.id).execute();
    // Even back as an organizer, the old link stays used up.
    expect((await new TestClient(app).get(`/?LoginToken=${token}`)).headers.location).toBe(
      '/login?link=invalid',
    );
  });
});
