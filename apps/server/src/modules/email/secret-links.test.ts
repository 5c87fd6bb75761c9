import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, createTestApp, latestEmailTo, signedInClient } from '../../../test/test-app.ts';
import { loadConfig } from '../../config/env.ts';
import { SECRET_LINK_REMOVED } from '../auth/auth-links.ts';

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
