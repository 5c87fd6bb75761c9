import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEST_PASSWORD,
  TestClient,
  createTestApp,
  signedInClient,
  PASSWORD_GUESSES_TIMEOUT_MS,
} from '../../../test/test-app.ts';
import { DEVICE_COOKIE } from './known-device.ts';
import { consumeAuthToken, mintAuthToken } from './auth-tokens.repository.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** What an authenticator app shows for the secret, `stepsAhead` 30-second steps from now. */
const codeFor = (secret: string, stepsAhead = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });

const me = async (client: TestClient) => (await client.get('/api/auth/me')).json();

/** Enrols the client's user; answers the secret and the recovery codes. */
async function enrol(client: TestClient) {
  const started = await client.post('/api/account/two-step/setup', { password: TEST_PASSWORD });
  expect(started.statusCode, started.body).toBe(200);
  const { secret, otpauthUri } = started.json();
  const enabled = await client.post('/api/account/two-step/enable', { code: codeFor(secret) });
  expect(enabled.statusCode, enabled.body).toBe(200);
  return { secret, otpauthUri, recoveryCodes: enabled.json().recoveryCodes as string[] };
}

const signIn = (client: TestClient, email: string) =>
  client.post('/api/auth/login', { email, password: TEST_PASSWORD });

describe('two-step verification (TOTP)', () => {
  it('enrols with the password and a code from the app; the status says so, never the secret', async () => {
    const { client, user } = await signedInClient(app, 'staff');
    expect((await me(client)).account.twoStep).toEqual({
      enabled: false,
      required: false,
      setupRequired: false,
      recoveryCodesLeft: 0,
    });
    const wrongPassword = await client.post('/api/account/two-step/setup', { password: 'not-it' });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().fieldErrors.password).toEqual(['Your password is not right']);

    const started = await client.post('/api/account/two-step/setup', { password: TEST_PASSWORD });
    const { secret, otpauthUri } = started.json();
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/Preffy%20Admin:/);
    expect(otpauthUri).toContain(`secret=${secret}`);
    expect(otpauthUri).toContain(encodeURIComponent(user.email));

    const wrongCode = await client.post('/api/account/two-step/enable', {
      code: '000000' === codeFor(secret) ? '111111' : '000000',
    });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().fieldErrors.code).toEqual([
      'This code is not right. Enter the newest code from your app.',
    ]);

    const enabled = await client.post('/api/account/two-step/enable', { code: codeFor(secret) });
    const codes = enabled.json().recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}$/);

    const session = await me(client);
    expect(session.account.twoStep).toEqual({
      enabled: true,
      required: false,
      setupRequired: false,
      recoveryCodesLeft: 10,
    });
    expect(JSON.stringify(session)).not.toContain(secret);
    // Stored: the secret (it must be), but only hashes of the recovery codes.
    const stored = await app.db
      .selectFrom('twoStepFactors')
      .selectAll()
      .where('userId', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(stored.secret).toBe(secret);
    expect(stored.pendingSecret).toBeNull();
    for (const code of codes) expect(stored.recoveryCodes).not.toContain(code.replace('-', ''));
  });

  it('asks for the code after a right password: no session until it is given, each code works once', async () => {
    const { client, user } = await signedInClient(app, 'staff');
    const { secret } = await enrol(client);

    const browser = new TestClient(app);
    const first = await signIn(browser, user.email);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ twoStepRequired: true });
    expect(browser.cookie('preffy_session')).toBeUndefined();
    // Nor is the device known yet: the password alone is not a sign-in.
    expect(browser.cookie(DEVICE_COOKIE)).toBeUndefined();
    expect((await browser.get('/api/auth/me')).statusCode).toBe(401);
    // The ticket is an httpOnly cookie for the two-step route only.
    const ticketCookie = first.cookies.find((c) => c.name === 'preffy_two_step')!;
    expect(ticketCookie).toMatchObject({ httpOnly: true, path: '/api/auth/two-step', sameSite: 'Strict' });

    const wrong = await browser.post('/api/auth/two-step', { code: 'abcdef' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors.code[0]).toMatch(/^This code is not right/);

    // The code used to enrol was this step's: the next step's code signs in. Taken once: a
    // step boundary passing before the replay below would otherwise give a new code.
    const code = codeFor(secret, 1);
    const done = await browser.post('/api/auth/two-step', { code });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().user).toMatchObject({ id: user.id });
    expect((await browser.get('/api/auth/me')).statusCode).toBe(200);
    expect(browser.cookie(DEVICE_COOKIE)).toBeDefined();

    // The same code again (replayed by someone who saw it) does not open a second session.
    const other = new TestClient(app);
    await signIn(other, user.email);
    const replay = await other.post('/api/auth/two-step', { code });
    expect(replay.statusCode).toBe(400);
    // Nor does the used ticket.
    expect((await browser.post('/api/auth/two-step', { code })).json().code).toBe('TWO_STEP_EXPIRED');
  });

  it('takes each recovery code once, and counts what is left', async () => {
    const { client, user } = await signedInClient(app, 'organizer');
    const { recoveryCodes } = await enrol(client);
    const browser = new TestClient(app);
    await signIn(browser, user.email);
    const done = await browser.post('/api/auth/two-step', { code: recoveryCodes[3]!.toUpperCase() });
    expect(done.statusCode, done.body).toBe(200);
    expect((await me(browser)).account.twoStep.recoveryCodesLeft).toBe(9);

    const again = new TestClient(app);
    await signIn(again, user.email);
    expect((await again.post('/api/auth/two-step', { code: recoveryCodes[3]! })).statusCode).toBe(400);
  });

  it('limits code guesses per account: five wrong codes, then 429 even with the right one', async () => {
    const { client, user } = await signedInClient(app, 'staff');
    const { secret } = await enrol(client);
    const browser = new TestClient(app);
    await signIn(browser, user.email);
    for (let i = 0; i < 5; i++)
      expect((await browser.post('/api/auth/two-step', { code: '12345x' })).statusCode).toBe(400);
    const limited = await browser.post('/api/auth/two-step', { code: codeFor(secret, 1) });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('answers 401 TWO_STEP_EXPIRED without a ticket, or with one past its 10 minutes', async () => {
    const nobody = await new TestClient(app).post('/api/auth/two-step', { code: '123456' });
    expect(nobody.statusCode).toBe(401);
    expect(nobody.json().message).toBe('Your sign-in has expired. Please sign in again.');

    const { client, user } = await signedInClient(app, 'staff');
    const { secret } = await enrol(client);
    const browser = new TestClient(app);
    await signIn(browser, user.email);
    await app.db
      .updateTable('authTokens')
      .set({ expiresAt: Date.now() - 1 })
      .where('userId', '=', user.id)
      .where('kind', '=', 'two-step')
      .execute();
    expect((await browser.post('/api/auth/two-step', { code: codeFor(secret, 1) })).json().code).toBe(
      'TWO_STEP_EXPIRED',
    );
  });

  it('is not bypassed by a sign-in link or a password reset: both lead to the code step', async () => {
    const { client, user } = await signedInClient(app, 'organizer');
    const { secret } = await enrol(client);

    const { token } = await mintAuthToken(app.db, user.id, 'sign-in', null);
    const browser = new TestClient(app);
    const link = await browser.get(`/?LoginToken=${token}`);
    expect(link.statusCode).toBe(302);
    expect(link.headers.location).toBe('/login?step=two-step');
    expect(link.cookies.map((c) => c.name)).toEqual(['preffy_two_step']);
    expect((await browser.get('/api/auth/me')).statusCode).toBe(401);
    // The ticket from the link finishes the sign-in with a code.
    const finished = await browser.post('/api/auth/two-step', { code: codeFor(secret, 1) });
    expect(finished.statusCode, finished.body).toBe(200);
    expect((await me(browser)).user.id).toBe(user.id);

    const { token: reset } = await mintAuthToken(app.db, user.id, 'reset', null);
    const resetter = new TestClient(app);
    const answer = await resetter.post('/api/auth/reset-password', {
      token: reset,
      password: 'a-new-password-1',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ twoStepRequired: true });
    expect(resetter.cookie('preffy_session')).toBeUndefined();
  });

  it('turns off with the password, and new recovery codes replace the old ones', async () => {
    const { client, user } = await signedInClient(app, 'staff');
    const { recoveryCodes } = await enrol(client);
    const renewed = await client.post('/api/account/two-step/recovery-codes', { password: TEST_PASSWORD });
    expect(renewed.statusCode).toBe(200);
    const fresh = renewed.json().recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    const browser = new TestClient(app);
    await signIn(browser, user.email);
    expect((await browser.post('/api/auth/two-step', { code: recoveryCodes[0]! })).statusCode).toBe(400);
    expect((await browser.post('/api/auth/two-step', { code: fresh[0]! })).statusCode).toBe(200);

    expect((await client.post('/api/account/two-step/disable', { password: 'wrong' })).statusCode).toBe(400);
    expect((await client.post('/api/account/two-step/disable', { password: TEST_PASSWORD })).statusCode).toBe(
      200,
    );
    expect((await me(client)).account.twoStep.enabled).toBe(false);
    expect((await signIn(new TestClient(app), user.email)).json().user).toMatchObject({ id: user.id });
    const audit = await app.db
      .selectFrom('auditLog')
      .select('action')
      .where('entityId', '=', user.id)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['two-step-on', 'two-step-recovery-codes', 'two-step-off']),
    );
  });
});

describe('requiring two-step for admins and staff', () => {
  it('refuses to require it before the administrator has it, then gates admins and staff without it (not organizers)', async () => {
    const { client: admin } = await signedInClient(app, 'admin');
    const settings = (await admin.get('/api/settings/security')).json();
    expect(settings).toMatchObject({ id: 'security', requireTwoStep: false, lockAfterMinutes: 30 });

    const early = await admin.put('/api/settings/security', { ...settings, requireTwoStep: true });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('TWO_STEP_NOT_SET_UP');

    const { client: staff } = await signedInClient(app, 'staff');
    const { client: organizer } = await signedInClient(app, 'organizer');
    await enrol(admin);
    const saved = await admin.put('/api/settings/security', {
      version: settings.version,
      requireTwoStep: true,
      lockAfterMinutes: 10,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      requireTwoStep: true,
      lockAfterMinutes: 10,
      version: settings.version + 1,
    });

    try {
      const gated = await staff.get('/api/competitions');
      expect(gated.statusCode).toBe(403);
      expect(gated.json()).toMatchObject({
        code: 'TWO_STEP_SETUP_REQUIRED',
        message: 'Set up two-step verification to continue.',
      });
      const session = await me(staff);
      expect(session.account.twoStep).toMatchObject({ required: true, setupRequired: true });
      expect(session.account.lockAfterMinutes).toBe(10);
      expect((await organizer.get('/api/competitions')).statusCode).toBe(200);
      expect((await admin.get('/api/competitions')).statusCode).toBe(200);

      // Enrolment is open to the gated session, and opens the app.
      await enrol(staff);
      expect((await staff.get('/api/competitions')).statusCode).toBe(200);
      // Required: it cannot be turned off.
      const off = await staff.post('/api/account/two-step/disable', { password: TEST_PASSWORD });
      expect(off.statusCode).toBe(403);
      expect(off.json().code).toBe('TWO_STEP_REQUIRED');

      // Only administrators see or change the settings; a stale version is a 409.
      expect((await staff.get('/api/settings/security')).statusCode).toBe(403);
      const stale = await admin.put('/api/settings/security', {
        version: settings.version,
        requireTwoStep: false,
        lockAfterMinutes: 0,
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().current).toMatchObject({ requireTwoStep: true, lockAfterMinutes: 10 });
      const bad = await admin.put('/api/settings/security', {
        version: settings.version + 1,
        requireTwoStep: false,
        lockAfterMinutes: 481,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fieldErrors.lockAfterMinutes).toEqual(['Enter at most 480 minutes']);
    } finally {
      const current = (await admin.get('/api/settings/security')).json();
      await admin.put('/api/settings/security', {
        version: current.version,
        requireTwoStep: false,
        lockAfterMinutes: 30,
      });
    }
  });
});

describe('the lock screen', { timeout: PASSWORD_GUESSES_TIMEOUT_MS }, () => {
  it('locks the session: everything but the session, sign-out and unlock answers 423 until the password', async () => {
    const { client } = await signedInClient(app, 'staff');
    expect((await client.post('/api/account/lock')).statusCode).toBe(200);
    const locked = await client.get('/api/competitions');
    expect(locked.statusCode).toBe(423);
    expect(locked.json()).toMatchObject({ code: 'SESSION_LOCKED' });
    expect((await me(client)).account.locked).toBe(true);

    const wrong = await client.post('/api/account/unlock', { password: 'not-it' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors.password).toEqual(['Your password is not right']);
    expect((await client.post('/api/account/unlock', { password: TEST_PASSWORD })).statusCode).toBe(200);
    expect((await client.get('/api/competitions')).statusCode).toBe(200);
    expect((await me(client)).account.locked).toBe(false);
  });

  it('locks only that session: the user’s other devices go on', async () => {
    const { client, user } = await signedInClient(app, 'staff');
    const other = new TestClient(app);
    await signIn(other, user.email);
    await client.post('/api/account/lock');
    expect((await other.get('/api/competitions')).statusCode).toBe(200);
  });

  it('ends the session after too many wrong passwords', async () => {
    const { client } = await signedInClient(app, 'organizer');
    await client.post('/api/account/lock');
    for (let i = 0; i < 10; i++) await client.post('/api/account/unlock', { password: `wrong-${i}` });
    const ended = await client.post('/api/account/unlock', { password: TEST_PASSWORD });
    expect(ended.statusCode).toBe(401);
    expect(ended.json().message).toBe('Too many wrong passwords. Please sign in again.');
    expect((await client.get('/api/auth/me')).statusCode).toBe(401);
  });
});

describe('sign-in tickets', () => {
  it('are their own kind: a ticket does not work as a sign-in link, nor a link as a ticket', async () => {
    const { user } = await signedInClient(app, 'organizer');
    const { token } = await mintAuthToken(app.db, user.id, 'two-step', null);
    expect(await consumeAuthToken(app.db, token, ['sign-in'])).toBeNull();
    const { token: link } = await mintAuthToken(app.db, user.id, 'sign-in', null);
    const browser = new TestClient(app);
    browser.setCookie('preffy_two_step', link);
    const forged = await browser.post('/api/auth/two-step', { code: '123456' });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe('TWO_STEP_EXPIRED');
    // The link itself still works as a link.
    expect(await consumeAuthToken(app.db, link, ['sign-in'])).toBe(user.id);
  });
});

describe('an administrator resets a user’s two-step verification (lost phone and codes)', () => {
  it('turns it off and ends their sessions; the users list shows who has it; staff cannot', async () => {
    const { client: admin } = await signedInClient(app, 'admin');
    const { client: user, user: account } = await signedInClient(app, 'staff');
    await enrol(user);
    const listed = await admin.get(`/api/users?search=${encodeURIComponent(account.email)}`);
    expect(listed.json().items).toEqual([expect.objectContaining({ id: account.id, twoStepEnabled: true })]);

    const { client: staff } = await signedInClient(app, 'staff');
    expect((await staff.post(`/api/users/${account.id}/two-step/reset`)).statusCode).toBe(403);

    const reset = await admin.post(`/api/users/${account.id}/two-step/reset`);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toEqual({ ok: true, ended: 1 });
    expect((await user.get('/api/auth/me')).statusCode).toBe(401);
    // The password alone signs in again.
    expect((await signIn(new TestClient(app), account.email)).json().user).toMatchObject({ id: account.id });
    const again = await admin.post(`/api/users/${account.id}/two-step/reset`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('TWO_STEP_NOT_ENABLED');
    const audit = await app.db
      .selectFrom('auditLog')
      .select('action')
      .where('entityId', '=', account.id)
      .where('action', '=', 'reset-two-step')
      .execute();
    expect(audit).toHaveLength(1);
  });
});
