import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEST_PASSWORD,
  TestClient,
  createTestApp,
  latestEmailTo,
  signedInClient,
} from '../../../test/test-app.ts';
import { LOGIN_RATE_LIMIT, RESET_LINK_SENT } from './auth.routes.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const latestEmail = (email: string) => latestEmailTo(app, email);

describe('sign-in', () => {
  it('sets an httpOnly, SameSite=Lax session cookie and answers /me', async () => {
    const { client, user } = await signedInClient(app, 'staff');
    const me = await client.get('/api/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ email: user.email, role: 'staff' });
    expect(me.json().user).not.toHaveProperty('passwordHash');

    const fresh = new TestClient(app);
    const login = await fresh.post('/api/auth/login', {
      email: user.email.toUpperCase(),
      password: TEST_PASSWORD,
    });
    const cookie = login.cookies.find((c) => c.name === 'preffy_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
  });

  it("answers bad credentials with 401 'Invalid credentials', the same for unknown emails", async () => {
    const { user } = await signedInClient(app, 'staff');
    const client = new TestClient(app);
    const wrong = await client.post('/api/auth/login', { email: user.email, password: 'wrong-password' });
    const unknown = await client.post('/api/auth/login', {
      email: 'nobody@preffy.test',
      password: 'wrong-password',
    });
    for (const r of [wrong, unknown]) {
      expect(r.statusCode).toBe(401);
      expect(r.json().message).toBe('Invalid credentials');
    }
  });

  it('refuses anonymous calls with 401 and signs out for real', async () => {
    const { client } = await signedInClient(app, 'organizer');
    expect((await client.post('/api/auth/logout')).statusCode).toBe(200);
    expect((await client.get('/api/auth/me')).statusCode).toBe(401);
  });

  it('refuses disabled users, and disabling ends their sessions', async () => {
    const { client: admin } = await signedInClient(app, 'admin');
    const { client, user } = await signedInClient(app, 'staff');
    const disabled = await admin.patch(`/api/users/${user.id}`, { version: 1, disabled: true });
    expect(disabled.statusCode).toBe(200);
    expect((await client.get('/api/auth/me')).statusCode).toBe(401);
    const again = await new TestClient(app).post('/api/auth/login', {
      email: user.email,
      password: TEST_PASSWORD,
    });
    expect(again.statusCode).toBe(401);
  });

  it('rate-limits sign-in attempts per IP and email', async () => {
    const client = new TestClient(app);
    const attempt = (email: string) => client.post('/api/auth/login', { email, password: 'nope-nope-nope' });
    for (let i = 0; i < LOGIN_RATE_LIMIT.max; i++)
      expect((await attempt('target@preffy.test')).statusCode).toBe(401);
    expect((await attempt('target@preffy.test')).statusCode).toBe(429);
    // Another email from the same address is still allowed to try.
    expect((await attempt('other@preffy.test')).statusCode).toBe(401);
  });

  it('refuses mutations without the CSRF token', async () => {
    const { client } = await signedInClient(app, 'admin');
    const response = await client.request(
      'POST',
      '/api/users',
      { email: 'x@preffy.test', name: 'X', role: 'staff' },
      { csrf: false },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toMatch(/CSRF/);
  });
});

describe('forgot and reset password', () => {
  it('emails a one-time reset link through the outbox and the link works once', async () => {
    const { user } = await signedInClient(app, 'staff');
    const client = new TestClient(app);
    const forgot = await client.post('/api/auth/forgot-password', { email: user.email });
    expect(forgot.json()).toEqual({ ok: true, message: RESET_LINK_SENT });
    const email = await latestEmail(user.email);
    expect(email.kind).toBe('password-reset');
    const token = /reset-password#token=([\w-]+)/.exec(email.text)![1]!;
    expect(email.html).toContain(token);

    const reset = await client.post('/api/auth/reset-password', { token, password: 'a-brand-new-password' });
    expect(reset.statusCode).toBe(200);
    expect((await client.get('/api/auth/me')).json().user.email).toBe(user.email);
    const login = await new TestClient(app).post('/api/auth/login', {
      email: user.email,
      password: 'a-brand-new-password',
    });
    expect(login.statusCode).toBe(200);

    const reuse = await new TestClient(app).post('/api/auth/reset-password', {
      token,
      password: 'another-password-1',
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().fieldErrors.token).toBeDefined();
  });

  it('gives the same answer for unknown emails and sends nothing', async () => {
    const before = await app.db
      .selectFrom('emailRecipients')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const forgot = await new TestClient(app).post('/api/auth/forgot-password', {
      email: 'ghost@preffy.test',
    });
    expect(forgot.json()).toEqual({ ok: true, message: RESET_LINK_SENT });
    const after = await app.db
      .selectFrom('emailRecipients')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses short passwords with a field message', async () => {
    const response = await new TestClient(app).post('/api/auth/reset-password', {
      token: 'x'.repeat(43),
      password: 'short',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors.password).toEqual(['Use at least 10 characters']);
  });
});

describe('legacy ?LoginToken= sign-in links', () => {
  it('exchanges a single-use token for a session and strips it from the address', async () => {
    const { client: admin } = await signedInClient(app, 'admin');
    const { user } = await signedInClient(app, 'organizer');
    const minted = await admin.post(`/api/users/${user.id}/sign-in-link`);
    expect(minted.statusCode).toBe(200);
    const url = new URL(minted.json().url);
    expect(url.origin).toBe('http://preffy.test');
    const token = url.searchParams.get('LoginToken')!;

    const visitor = new TestClient(app);
    const opened = await visitor.get(`/preffy/view?id=7&LoginToken=${token}`);
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe('/preffy/view?id=7');
    expect(opened.headers['referrer-policy']).toBe('no-referrer');
    expect((await visitor.get('/api/auth/me')).json().user.email).toBe(user.email);

    const replay = await new TestClient(app).get(`/preffy/view?LoginToken=${token}`);
    expect(replay.headers.location).toBe('/login?link=invalid');
  });

  it('lets only admins mint sign-in links', async () => {
    const { client: staff, user } = await signedInClient(app, 'staff');
    expect((await staff.post(`/api/users/${user.id}/sign-in-link`)).statusCode).toBe(403);
  });
});

describe('language preference', () => {
  it('stores the language chosen by the user', async () => {
    const { client } = await signedInClient(app, 'organizer');
    const changed = await client.patch('/api/auth/me', { language: 'de' });
    expect(changed.json().user.language).toBe('de');
    expect((await client.patch('/api/auth/me', { language: 'xx' })).statusCode).toBe(400);
  });
});
