import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEST_PASSWORD,
  TestClient,
  createTestApp,
  latestEmailTo,
  signedInClient,
  PASSWORD_GUESSES_TIMEOUT_MS,
} from '../../../test/test-app.ts';
import {
  LOGIN_RATE_LIMIT,
  RESET_LINK_SENT,
  RESET_TARGET_LIMIT,
  SIGN_IN_ACCOUNT_LIMIT,
  TOO_MANY_RESETS,
  TOO_MANY_SIGN_INS,
} from './auth.routes.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const latestEmail = async (email: string) => {
  // Reset emails are written after the answer (see forgot-password): wait for that work.
  await app.afterResponse.settled();
  return latestEmailTo(app, email);
};

/**
 * An anonymous request from a chosen socket address, optionally with a (forged) forwarded
 * header: what an attacker controls. It carries a valid CSRF pair, like a browser would.
 */
async function anonymous(
  target: FastifyInstance,
  request: { url: string; payload: Record<string, unknown>; socket: string; forwardedFor?: string },
) {
  const csrf = await target.inject({ method: 'GET', url: '/api/auth/csrf' });
  const options: InjectOptions = {
    method: 'POST',
    url: request.url,
    payload: request.payload,
    remoteAddress: request.socket,
    headers: {
      'x-csrf-token': csrf.json().token,
      cookie: csrf.cookies.map((c) => `${c.name}=${c.value}`).join('; '),
      ...(request.forwardedFor && { 'x-forwarded-for': request.forwardedFor }),
    },
  };
  return target.inject(options);
}
const countRows = async (table: 'emailRecipients' | 'authTokens') =>
  Number(
    (
      await app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('the session', () => {
  it('carries the configured business time zone', async () => {
    const zoned = await createTestApp({ businessTimeZone: 'America/New_York' });
    try {
      const { client } = await signedInClient(zoned, 'organizer');
      const me = await client.get('/api/auth/me');
      expect(me.statusCode).toBe(200);
      expect(me.json().businessTimeZone).toBe('America/New_York');
    } finally {
      await zoned.close();
    }
  });
});

describe('sign-in', { timeout: PASSWORD_GUESSES_TIMEOUT_MS }, () => {
  it('sets an httpOnly, SameSite=Lax session cookie and answers /me', async () => {
    const { client, user } = await signedInClient(app, 'staff');
    const me = await client.get('/api/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ email: user.email, role: 'staff' });
    expect(me.json().user).not.toHaveProperty('passwordHash');
    // The session carries the business time zone: the web counts competition days in it.
    expect(me.json().businessTimeZone).toBe('UTC');

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

  it('counts the socket address, not a forged X-Forwarded-For (TRUST_PROXY off)', async () => {
    // The attack: a new X-Forwarded-For on every try used to buy a fresh allowance. Reset
    // requests are limited per caller address only (each to another target here), so the
    // 429 can only come from the socket address being counted.
    const codes = [];
    for (let i = 0; i < 14; i++) {
      const answer = await anonymous(app, {
        url: '/api/auth/forgot-password',
        payload: { email: `target-${i}@preffy.test` },
        socket: '192.0.2.10',
        forwardedFor: `203.0.113.${i + 1}`,
      });
      codes.push(answer.statusCode);
    }
    expect(codes).toEqual([...Array<number>(LOGIN_RATE_LIMIT.max).fill(200), 429, 429, 429, 429]);
  });

  it('limits an account from any address: 14 machines still get 429, even with the right password', async () => {
    const { user } = await signedInClient(app, 'staff');
    const attempt = (i: number, password = 'wrong-password') =>
      anonymous(app, {
        url: '/api/auth/login',
        payload: { email: user.email, password },
        socket: `10.20.0.${i + 1}`,
        forwardedFor: `203.0.113.${i + 1}`,
      });
    const codes = [];
    for (let i = 0; i < 14; i++) codes.push((await attempt(i)).statusCode);
    expect(codes).toEqual([...Array<number>(SIGN_IN_ACCOUNT_LIMIT.max).fill(401), 429, 429, 429, 429]);
    const locked = await attempt(99, TEST_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'RATE_LIMITED', message: TOO_MANY_SIGN_INS });
  });

  it('words the lockout the same for unknown and existing accounts', async () => {
    const { user } = await signedInClient(app, 'organizer');
    const lockout = async (email: string, network: number) => {
      let last;
      for (let i = 0; i <= SIGN_IN_ACCOUNT_LIMIT.max; i++)
        last = await anonymous(app, {
          url: '/api/auth/login',
          payload: { email, password: 'wrong-password' },
          socket: `10.${network}.0.${i + 1}`,
        });
      return last!;
    };
    const known = await lockout(user.email, 30);
    const unknown = await lockout('nobody-here@preffy.test', 31);
    expect(known.statusCode).toBe(429);
    expect(unknown.statusCode).toBe(429);
    expect(unknown.body).toBe(known.body);
    expect(known.json().message).toBe(TOO_MANY_SIGN_INS);
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(known.headers).sort());
  });

  it('counts a whole IPv6 /64 as one address (the attack: a fresh address for every try)', async () => {
    const forgot = (i: number, socket: string) =>
      anonymous(app, {
        url: '/api/auth/forgot-password',
        payload: { email: `v6-target-${i}@preffy.test` },
        socket,
      });
    const codes = [];
    for (let i = 0; i < LOGIN_RATE_LIMIT.max + 2; i++)
      codes.push((await forgot(i, `2001:db8:77:1::${(i + 1).toString(16)}`)).statusCode);
    expect(codes).toEqual([...Array<number>(LOGIN_RATE_LIMIT.max).fill(200), 429, 429]);
    expect((await forgot(100, '2001:db8:77:1:ffff:ffff:ffff:fffe')).statusCode).toBe(429);
    // The neighbouring /64 is someone else.
    expect((await forgot(101, '2001:db8:77:2::1')).statusCode).toBe(200);
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', async () => {
    const forgot = (i: number, socket: string) =>
      anonymous(app, {
        url: '/api/auth/forgot-password',
        payload: { email: `mapped-target-${i}@preffy.test` },
        socket,
      });
    for (let i = 0; i < LOGIN_RATE_LIMIT.max; i++)
      expect((await forgot(i, i % 2 ? '198.51.100.77' : '::ffff:198.51.100.77')).statusCode).toBe(200);
    expect((await forgot(100, '::ffff:198.51.100.77')).statusCode).toBe(429);
    expect((await forgot(101, '198.51.100.77')).statusCode).toBe(429);
  });

  it('limits sign-in per /64 and email, not per IPv6 address', async () => {
    const { user } = await signedInClient(app, 'staff');
    const attempt = (i: number, password = 'wrong-password') =>
      anonymous(app, {
        url: '/api/auth/login',
        payload: { email: user.email, password },
        socket: `2001:db8:88:1:${(i + 1).toString(16)}::1`,
      });
    for (let i = 0; i < LOGIN_RATE_LIMIT.max - 1; i++) expect((await attempt(i)).statusCode).toBe(401);
    // The right password ends the per-account count, so only the per-address limit is left.
    expect((await attempt(50, TEST_PASSWORD)).statusCode).toBe(200);
    const next = await attempt(51);
    expect(next.statusCode).toBe(429);
    expect(next.json()).toMatchObject({ code: 'RATE_LIMITED', message: TOO_MANY_SIGN_INS });
  });

  it('with TRUST_PROXY=1 the address the proxy forwards counts', async () => {
    const behindProxy = await createTestApp({ trustProxy: 1 });
    try {
      const forgot = (i: number, client: string) =>
        anonymous(behindProxy, {
          url: '/api/auth/forgot-password',
          payload: { email: `person-${i}@preffy.test` },
          socket: '10.0.0.1', // the proxy
          forwardedFor: `198.51.100.200, ${client}`,
        });
      for (let i = 0; i < LOGIN_RATE_LIMIT.max; i++)
        expect((await forgot(i, '203.0.113.50')).statusCode).toBe(200);
      expect((await forgot(100, '203.0.113.50')).statusCode).toBe(429);
      // Another client behind the same proxy has its own allowance; the spoofable left-most
      // entry (198.51.100.200) is not what counts.
      expect((await forgot(101, '203.0.113.51')).statusCode).toBe(200);
      await behindProxy.afterResponse.settled();
    } finally {
      await behindProxy.close();
    }
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
    await app.afterResponse.settled();
    const before = await countRows('emailRecipients');
    const forgot = await new TestClient(app).post('/api/auth/forgot-password', {
      email: 'ghost@preffy.test',
    });
    expect(forgot.json()).toEqual({ ok: true, message: RESET_LINK_SENT });
    await app.afterResponse.settled();
    expect(await countRows('emailRecipients')).toBe(before);
  });

  it('does the same work before answering for known and unknown accounts (timing attack)', async () => {
    // Replays the attack: the answer for an existing account used to wait for the token and
    // the email to be written. Now both paths answer after the same steps and leave the
    // account's work to one deferred task each.
    const { user } = await signedInClient(app, 'staff');
    await app.afterResponse.settled();
    const ask = (email: string, socket: string) =>
      anonymous(app, { url: '/api/auth/forgot-password', payload: { email }, socket });
    const answers = [];
    for (const email of [user.email, 'nobody-at-all@preffy.test']) {
      const scheduled = app.afterResponse.scheduled;
      const tokensBefore = await countRows('authTokens');
      const answer = await ask(email, '192.0.2.90');
      expect(app.afterResponse.scheduled - scheduled, email).toBe(1);
      answers.push(answer);
      await app.afterResponse.settled();
      expect(await countRows('authTokens')).toBe(tokensBefore + (email === user.email ? 1 : 0));
    }
    const [known, unknown] = answers;
    expect(known!.statusCode).toBe(200);
    expect(unknown!.statusCode).toBe(known!.statusCode);
    expect(unknown!.body).toBe(known!.body);
    const headerNames = (r: typeof known) => Object.keys(r!.headers).sort();
    expect(headerNames(unknown)).toEqual(headerNames(known));
  });

  it('limits reset emails per target address, whatever address asks (email bombing)', async () => {
    const { user } = await signedInClient(app, 'organizer');
    for (const target of [user.email, 'no-account-here@preffy.test']) {
      const answers = [];
      for (let i = 0; i < RESET_TARGET_LIMIT.max + 2; i++) {
        answers.push(
          await anonymous(app, {
            url: '/api/auth/forgot-password',
            payload: { email: target },
            socket: `198.51.100.${i + 1}`,
            forwardedFor: `203.0.113.${i + 1}`,
          }),
        );
      }
      const codes = answers.map((a) => a.statusCode);
      expect(codes, target).toEqual([...Array<number>(RESET_TARGET_LIMIT.max).fill(200), 429, 429]);
      // The same words for a known and an unknown target: the limit reveals no account.
      expect(answers.at(-1)!.json()).toMatchObject({ code: 'RATE_LIMITED', message: TOO_MANY_RESETS });
      expect(Number(answers.at(-1)!.headers['retry-after'])).toBeGreaterThan(0);
    }
    await app.afterResponse.settled();
    const sent = await app.db
      .selectFrom('emailRecipients')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('email', '=', user.email)
      .executeTakeFirstOrThrow();
    expect(Number(sent.n)).toBe(RESET_TARGET_LIMIT.max);
  });

  it('bounds the email of forgot-password and sign-in (400 with a field message, not a 5xx)', async () => {
    const long = `${'a'.repeat(250)}@preffy.test`;
    const forgot = await new TestClient(app).post('/api/auth/forgot-password', { email: long });
    expect(forgot.statusCode).toBe(400);
    expect(forgot.json().fieldErrors.email).toHaveLength(1);
    const login = await new TestClient(app).post('/api/auth/login', { email: long, password: 'x' });
    expect(login.statusCode).toBe(400);
    expect(login.json().fieldErrors.email).toHaveLength(1);
    await app.afterResponse.settled();
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

  it('mints a link when the optional body is left out with its JSON content type still set', async () => {
    const { client: admin } = await signedInClient(app, 'admin');
    const { user } = await signedInClient(app, 'staff');
    const json = { headers: { 'content-type': 'application/json' } };
    const minted = await admin.request('POST', `/api/users/${user.id}/sign-in-link`, undefined, json);
    expect(minted.statusCode, minted.body).toBe(200);
    expect(minted.json().url).toContain('LoginToken=');
    // A body that is required still gets its field message, not a parser error.
    const refused = await admin.request('POST', '/api/auth/login', undefined, json);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('VALIDATION');
  });

  it('lets only admins mint sign-in links', async () => {
    const { client: staff, user } = await signedInClient(app, 'staff');
    expect((await staff.post(`/api/users/${user.id}/sign-in-link`)).statusCode).toBe(403);
  });

  it('writes every minted link to the audit log', async () => {
    const { client: admin, user: actor } = await signedInClient(app, 'admin');
    const { user } = await signedInClient(app, 'staff');
    expect((await admin.post(`/api/users/${user.id}/sign-in-link`, { send: true })).statusCode).toBe(200);
    const audit = await app.db
      .selectFrom('auditLog')
      .selectAll()
      .where('entityId', '=', user.id)
      .where('action', '=', 'mint-sign-in-link')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorId).toBe(actor.id);
    expect(JSON.parse(audit[0]!.changes!)).toMatchObject({ sent: true });
  });

  it('refuses to mint a link for another administrator (403), and mints nothing', async () => {
    const { client: admin } = await signedInClient(app, 'admin');
    const { user: otherAdmin } = await signedInClient(app, 'admin');
    const tokensBefore = await countRows('authTokens');
    const refused = await admin.post(`/api/users/${otherAdmin.id}/sign-in-link`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Sign-in links cannot be made for administrators');
    expect(refused.json()).not.toHaveProperty('url');
    expect(await countRows('authTokens')).toBe(tokensBefore);
  });
});

describe('sign out everywhere', () => {
  it('ends every session of the user, other devices included, and records it', async () => {
    const { client: laptop, user } = await signedInClient(app, 'staff');
    const phone = new TestClient(app);
    expect(
      (await phone.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })).statusCode,
    ).toBe(200);
    const { client: someoneElse } = await signedInClient(app, 'staff');

    const ended = await laptop.post('/api/auth/sign-out-everywhere');
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ ok: true, ended: 2 });
    expect((await phone.get('/api/auth/me')).statusCode).toBe(401);
    expect((await laptop.get('/api/auth/me')).statusCode).toBe(401);
    expect((await someoneElse.get('/api/auth/me')).statusCode).toBe(200);
    const audit = await app.db
      .selectFrom('auditLog')
      .selectAll()
      .where('entityId', '=', user.id)
      .where('action', '=', 'revoke-sessions')
      .executeTakeFirstOrThrow();
    expect(audit.actorId).toBe(user.id);
  });

  it('needs a session', async () => {
    expect((await new TestClient(app).post('/api/auth/sign-out-everywhere')).statusCode).toBe(401);
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
