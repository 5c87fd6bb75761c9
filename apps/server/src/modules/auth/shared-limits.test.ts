import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PASSWORD_GUESSES_TIMEOUT_MS,
  TEST_PASSWORD,
  createScratchDatabase,
  createTestApp,
  signedInClient,
} from '../../../test/test-app.ts';
import {
  LOGIN_RATE_LIMIT,
  RESET_TARGET_LIMIT,
  SIGN_IN_ACCOUNT_LIMIT,
  SIGN_IN_ADDRESS_LIMIT,
  TOO_MANY_REQUESTS,
  TOO_MANY_RESETS,
  TOO_MANY_SIGN_INS,
} from './auth.routes.ts';
import { DEVICE_COOKIE } from './known-device.ts';

/**
 * Instances that share one database, as in production. On PostgreSQL these are two apps on one
 * scratch database; SQLite runs one instance (its limits stay in its process), so there `a` and
 * `b` are the same app, on a file so that a restart finds the same accounts.
 */
const postgres = !!process.env.TEST_DATABASE_URL;
const sqliteFile = path.join(tmpdir(), `preffy-limits-${randomBytes(6).toString('hex')}.sqlite`);
let database: { databaseUrl?: string; sqlitePath?: string };
const apps: FastifyInstance[] = [];
/** Another instance on the same database (or, on SQLite, the same process restarted). */
async function instance() {
  const app = await createTestApp(database);
  apps.push(app);
  return app;
}
let a: FastifyInstance;
let b: FastifyInstance;
beforeAll(async () => {
  database = postgres
    ? { databaseUrl: (await createScratchDatabase(process.env.TEST_DATABASE_URL!)).url }
    : { sqlitePath: sqliteFile };
  a = await instance();
  b = postgres ? await instance() : a;
});
afterAll(async () => {
  for (const app of apps) await app.close();
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${sqliteFile}${suffix}`, { force: true });
});

/** Every request goes to the other instance than the one before, as a load balancer would send it. */
const alternate = (i: number) => (i % 2 ? b : a);

/** An anonymous POST from a chosen address, with a valid CSRF pair and any cookies given. */
async function post(
  target: FastifyInstance,
  request: { url: string; payload: Record<string, unknown>; from: string; cookies?: string[] },
) {
  const csrf = await target.inject({ method: 'GET', url: '/api/auth/csrf', remoteAddress: request.from });
  const cookies = [...csrf.cookies.map((c) => `${c.name}=${c.value}`), ...(request.cookies ?? [])];
  return target.inject({
    method: 'POST',
    url: request.url,
    payload: request.payload,
    remoteAddress: request.from,
    headers: { 'x-csrf-token': csrf.json().token, cookie: cookies.join('; ') },
  });
}

const signIn = (
  target: FastifyInstance,
  { email, password, from, cookies }: { email: string; password: string; from: string; cookies?: string[] },
) => post(target, { url: '/api/auth/login', payload: { email, password }, from, cookies });

/** posts.routes.ts: ten entries per address in ten minutes. */
const PUBLIC_ENTRY_LIMIT = 10;

const codesOf = (answers: LightMyRequestResponse[]) => answers.map((answer) => answer.statusCode);
const limitedAt = (allowed: number, allowedCode: number, refused = 1) => [
  ...Array<number>(allowed).fill(allowedCode),
  ...Array<number>(refused).fill(429),
];

describe('sign-in limits shared by every instance', { timeout: PASSWORD_GUESSES_TIMEOUT_MS }, () => {
  it('refuses the 11th wrong password within 15 minutes whichever instance gets it', async () => {
    const { user } = await signedInClient(a, 'staff');
    const answers = [];
    // From a new address each time: only the per-account count can refuse.
    for (let i = 0; i <= SIGN_IN_ACCOUNT_LIMIT.max; i++)
      answers.push(
        await signIn(alternate(i), { email: user.email, password: 'wrong', from: `10.40.0.${i + 1}` }),
      );
    expect(codesOf(answers)).toEqual(limitedAt(SIGN_IN_ACCOUNT_LIMIT.max, 401));
    expect(answers.at(-1)!.json()).toMatchObject({ code: 'RATE_LIMITED', message: TOO_MANY_SIGN_INS });
    for (const target of [a, b]) {
      const rightPassword = await signIn(target, {
        email: user.email,
        password: TEST_PASSWORD,
        from: '10.40.1.1',
      });
      expect(rightPassword.statusCode).toBe(429);
    }
  });

  it('keeps its counts through a restart on PostgreSQL; SQLite counts in its process, as before', async () => {
    const { user } = await signedInClient(a, 'staff');
    for (let i = 0; i < SIGN_IN_ACCOUNT_LIMIT.max; i++)
      expect(
        (await signIn(a, { email: user.email, password: 'wrong', from: `10.41.0.${i + 1}` })).statusCode,
      ).toBe(401);
    const restarted = await instance();
    const next = await signIn(restarted, { email: user.email, password: TEST_PASSWORD, from: '10.41.1.1' });
    expect(next.statusCode).toBe(postgres ? 429 : 200);
  });
});

describe(
  'sign-in lock-out per account and address, and known devices',
  { timeout: PASSWORD_GUESSES_TIMEOUT_MS },
  () => {
    it('stops one address spraying many accounts after the per-address limit', async () => {
      const { user } = await signedInClient(a, 'staff');
      const answers = [];
      for (let i = 0; i <= SIGN_IN_ADDRESS_LIMIT.max; i++)
        answers.push(
          await signIn(alternate(i), {
            email: `sprayed-${i}@preffy.test`,
            password: 'wrong',
            from: '10.50.0.1',
          }),
        );
      expect(codesOf(answers)).toEqual(limitedAt(SIGN_IN_ADDRESS_LIMIT.max, 401));
      expect(answers.at(-1)!.json()).toMatchObject({ code: 'RATE_LIMITED', message: TOO_MANY_SIGN_INS });
      // An existing account with its right password: refused the same way from that address…
      const known = await signIn(b, { email: user.email, password: TEST_PASSWORD, from: '10.50.0.1' });
      expect(known.statusCode).toBe(429);
      expect(known.body).toBe(answers.at(-1)!.body);
      // …and let in from another.
      expect(
        (await signIn(a, { email: user.email, password: TEST_PASSWORD, from: '10.50.0.2' })).statusCode,
      ).toBe(200);
    });

    it('counts failures per address, so people behind one address who sign in are not held', async () => {
      const { user } = await signedInClient(a, 'staff');
      // Each success gives its attempt back to the address (up to the per-address-and-email limit).
      for (let i = 0; i < LOGIN_RATE_LIMIT.max; i++)
        expect(
          (await signIn(alternate(i), { email: user.email, password: TEST_PASSWORD, from: '10.51.0.1' }))
            .statusCode,
        ).toBe(200);
      const others = [];
      for (let i = 0; i < SIGN_IN_ADDRESS_LIMIT.max; i++)
        others.push(
          await signIn(alternate(i), {
            email: `colleague-${i}@preffy.test`,
            password: 'wrong',
            from: '10.51.0.1',
          }),
        );
      expect(codesOf(others)).toEqual(Array<number>(SIGN_IN_ADDRESS_LIMIT.max).fill(401));
    });

    it("lets the owner in from a known device after strangers used up the account's allowance", async () => {
      const { user } = await signedInClient(a, 'staff');
      const owner = await signIn(a, { email: user.email, password: TEST_PASSWORD, from: '10.60.0.1' });
      expect(owner.statusCode).toBe(200);
      const device = owner.cookies.find((c) => c.name === DEVICE_COOKIE)!;
      expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
      // Signed, and holding no secret: a random id and a tag of the account, not the email.
      expect(decodeURIComponent(device.value)).not.toContain(user.email);
      const deviceCookie = `${DEVICE_COOKIE}=${device.value}`;

      // Strangers from many addresses, and one at the owner's own address, use up every allowance.
      const strangers = [];
      for (let i = 0; i <= SIGN_IN_ACCOUNT_LIMIT.max; i++)
        strangers.push(
          await signIn(alternate(i), { email: user.email, password: 'wrong', from: `10.61.0.${i + 1}` }),
        );
      for (let i = 0; i <= LOGIN_RATE_LIMIT.max; i++)
        strangers.push(
          await signIn(alternate(i), { email: user.email, password: 'wrong', from: '10.60.0.1' }),
        );
      expect(strangers.at(SIGN_IN_ACCOUNT_LIMIT.max)!.statusCode).toBe(429);
      expect(strangers.at(-1)!.statusCode).toBe(429);

      // A stranger without the cookie is refused even with the right password, in the same words.
      const stranger = await signIn(b, { email: user.email, password: TEST_PASSWORD, from: '10.62.0.1' });
      expect(stranger.statusCode).toBe(429);
      expect(stranger.json()).toMatchObject({ code: 'RATE_LIMITED', message: TOO_MANY_SIGN_INS });
      // A cookie that is not signed with the secret, or is for another account, is no device.
      const [id, tag] = (a.unsignCookie(device.value).value ?? '').split('.');
      for (const forged of [`${id}.${tag}`, a.signCookie(`${id}.another-account-tag`)]) {
        const answer = await signIn(b, {
          email: user.email,
          password: TEST_PASSWORD,
          from: '10.60.0.1',
          cookies: [`${DEVICE_COOKIE}=${encodeURIComponent(forged)}`],
        });
        expect(answer.statusCode).toBe(429);
      }
      // The owner, on the other instance and at the strangers' address, signs in.
      const back = await signIn(b, {
        email: user.email,
        password: TEST_PASSWORD,
        from: '10.60.0.1',
        cookies: [deviceCookie],
      });
      expect(back.statusCode).toBe(200);
      expect(back.json()).toMatchObject({ user: { email: user.email } });
    });

    it('gives a known device its own limit per account', async () => {
      const { user } = await signedInClient(a, 'staff');
      const owner = await signIn(a, { email: user.email, password: TEST_PASSWORD, from: '10.63.0.1' });
      const device = owner.cookies.find((c) => c.name === DEVICE_COOKIE)!;
      const cookies = [`${DEVICE_COOKIE}=${device.value}`];
      const answers = [];
      // Its own count: every attempt from the device, like the per-address-and-email limit.
      for (let i = 0; i < LOGIN_RATE_LIMIT.max; i++)
        answers.push(
          await signIn(alternate(i), {
            email: user.email,
            password: 'wrong',
            from: `10.63.1.${i + 1}`,
            cookies,
          }),
        );
      answers.push(
        await signIn(a, { email: user.email, password: TEST_PASSWORD, from: '10.63.2.1', cookies }),
      );
      expect(codesOf(answers)).toEqual(limitedAt(LOGIN_RATE_LIMIT.max, 401));
      expect(answers.at(-1)!.json()).toMatchObject({ code: 'RATE_LIMITED', message: TOO_MANY_SIGN_INS });
      // The device's failures were not the account's: without a cookie the account is still open.
      expect(
        (await signIn(b, { email: user.email, password: TEST_PASSWORD, from: '10.63.3.1' })).statusCode,
      ).toBe(200);
    });
  },
);

describe('route limits shared by every instance', () => {
  const forgot = (target: FastifyInstance, email: string, from: string) =>
    post(target, { url: '/api/auth/forgot-password', payload: { email }, from });

  it('counts reset links per target address across instances', async () => {
    const answers = [];
    for (let i = 0; i <= RESET_TARGET_LIMIT.max; i++)
      answers.push(await forgot(alternate(i), 'bombed@preffy.test', `10.42.0.${i + 1}`));
    expect(codesOf(answers)).toEqual(limitedAt(RESET_TARGET_LIMIT.max, 200));
    expect(answers.at(-1)!.json()).toMatchObject({ code: 'RATE_LIMITED', message: TOO_MANY_RESETS });
  });

  it('counts reset requests per caller address across instances', async () => {
    const answers = [];
    for (let i = 0; i <= LOGIN_RATE_LIMIT.max; i++)
      answers.push(await forgot(alternate(i), `target-${i}@preffy.test`, '10.43.0.1'));
    expect(codesOf(answers)).toEqual(limitedAt(LOGIN_RATE_LIMIT.max, 200));
    expect(answers.at(-1)!.json()).toMatchObject({ code: 'RATE_LIMITED', message: TOO_MANY_REQUESTS });
  });

  it('counts public entries per address across instances', async () => {
    // The limit counts every entry an address sends, taken or not: here to a competition that
    // does not exist, so nothing but the limit is at work.
    const enter = (target: FastifyInstance) =>
      target.inject({
        method: 'POST',
        url: '/api/public/competitions/00000000-0000-4000-8000-000000000000/posts',
        payload: { email: 'fan@preffy.test', creator: 'fan', link: 'https://youtu.be/aaaaaaaaaaa' },
        remoteAddress: '10.44.0.1',
      });
    const answers = [];
    for (let i = 0; i <= PUBLIC_ENTRY_LIMIT; i++) answers.push(await enter(alternate(i)));
    expect(codesOf(answers)).toEqual(limitedAt(PUBLIC_ENTRY_LIMIT, 404));
  });
});
