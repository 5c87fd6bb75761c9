import { DEFAULT_LAYOUT } from '@preffy/api';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEST_PASSWORD,
  TestClient,
  createTestApp,
  signedInClient,
  uploadImage,
  PASSWORD_GUESSES_TIMEOUT_MS,
} from '../../../test/test-app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const me = async (client: TestClient) => (await client.get('/api/auth/me')).json();

describe('the signed-in user’s account', { timeout: PASSWORD_GUESSES_TIMEOUT_MS }, () => {
  it('answers the settings with the session: defaults first, never a hash', async () => {
    const { client } = await signedInClient(app, 'staff');
    const session = await me(client);
    expect(session.account).toEqual({
      avatarUrl: null,
      timeZone: null,
      layout: DEFAULT_LAYOUT,
      twoStep: { enabled: false, required: false, setupRequired: false, recoveryCodesLeft: 0 },
      locked: false,
      lockAfterMinutes: 30,
    });
    expect(JSON.stringify(session)).not.toMatch(/passwordHash|\$argon2/);
  });

  it('changes name, language and time zone with the version; a stale version is a 409 with the public record', async () => {
    const { client } = await signedInClient(app, 'organizer');
    const { user } = await me(client);
    const saved = await client.patch('/api/account/profile', {
      version: user.version,
      name: '  Ana Ruiz ',
      language: 'es',
      timeZone: 'America/Mexico_City',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().user).toMatchObject({ name: 'Ana Ruiz', language: 'es', version: user.version + 1 });
    expect(saved.json().account.timeZone).toBe('America/Mexico_City');
    expect((await me(client)).account.timeZone).toBe('America/Mexico_City');

    const stale = await client.patch('/api/account/profile', { version: user.version, name: 'Other' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ name: 'Ana Ruiz' });
    expect(JSON.stringify(stale.json())).not.toMatch(/passwordHash|argon2/);

    // null goes back to the browser's time zone.
    const reset = await client.patch('/api/account/profile', { version: user.version + 1, timeZone: null });
    expect(reset.json().account.timeZone).toBeNull();
  });

  it('refuses an unknown time zone, an empty name and an avatar that is not an uploaded image, with field messages', async () => {
    const { client } = await signedInClient(app, 'staff');
    const { user } = await me(client);
    const zone = await client.patch('/api/account/profile', {
      version: user.version,
      timeZone: 'Mars/Olympus',
    });
    expect(zone.statusCode).toBe(400);
    expect(zone.json().fieldErrors.timeZone).toEqual(['Time zone is not valid']);
    const name = await client.patch('/api/account/profile', { version: user.version, name: '   ' });
    expect(name.statusCode).toBe(400);
    expect(name.json().fieldErrors.name).toEqual(['Please enter a name']);
    const avatar = await client.patch('/api/account/profile', {
      version: user.version,
      avatarUrl: 'https://tracker.example/pixel.png',
    });
    expect(avatar.statusCode).toBe(400);
    expect(avatar.json().fieldErrors.avatarUrl).toEqual(['Please upload the image again']);
    expect((await me(client)).user.version).toBe(user.version);
  });

  it('keeps an uploaded avatar and removes it again', async () => {
    const { client } = await signedInClient(app, 'staff');
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3a3' } })
      .png()
      .toBuffer();
    const { url } = (await uploadImage(client, png)).json();
    const { user } = await me(client);
    const saved = await client.patch('/api/account/profile', { version: user.version, avatarUrl: url });
    expect(saved.json().account.avatarUrl).toBe(url);
    const removed = await client.patch('/api/account/profile', {
      version: user.version + 1,
      avatarUrl: null,
    });
    expect(removed.json().account.avatarUrl).toBeNull();
  });

  it('stores the layout settings per user, last write wins, and refuses values outside the lists', async () => {
    const { client } = await signedInClient(app, 'staff');
    const { client: other } = await signedInClient(app, 'staff');
    const layout = { layout: 'horizontal', width: 'boxed', sidebar: 'icon', colorScheme: 'dark' };
    expect((await client.put('/api/account/layout', layout)).json()).toEqual({ layout });
    expect((await me(client)).account.layout).toEqual(layout);
    expect((await me(other)).account.layout).toEqual(DEFAULT_LAYOUT);
    const wrong = await client.put('/api/account/layout', { ...layout, width: 'huge' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors.width).toBeDefined();
  });

  it('a stored layout that no longer parses answers the defaults instead of failing the session', async () => {
    const { client, user } = await signedInClient(app, 'staff');
    await app.db
      .updateTable('users')
      .set({ layout: '{"layout":"diagonal"' })
      .where('id', '=', user.id)
      .execute();
    expect((await me(client)).account.layout).toEqual(DEFAULT_LAYOUT);
  });

  it('changes the password with the current one and ends every other session, not this one', async () => {
    const { client, user } = await signedInClient(app, 'staff');
    const elsewhere = new TestClient(app);
    expect(
      (await elsewhere.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })).statusCode,
    ).toBe(200);

    const wrong = await client.post('/api/account/password', {
      currentPassword: 'not-my-password',
      newPassword: 'a-brand-new-secret',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors.currentPassword).toEqual(['Your current password is not right']);
    expect((await elsewhere.get('/api/auth/me')).statusCode).toBe(200);

    const short = await client.post('/api/account/password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'short',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().fieldErrors.newPassword).toEqual(['Use at least 10 characters']);

    const changed = await client.post('/api/account/password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'a-brand-new-secret',
    });
    expect(changed.json()).toEqual({ ok: true, ended: 1 });
    expect((await client.get('/api/auth/me')).statusCode).toBe(200);
    expect((await elsewhere.get('/api/auth/me')).statusCode).toBe(401);
    const fresh = new TestClient(app);
    expect(
      (await fresh.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })).statusCode,
    ).toBe(401);
    expect(
      (await fresh.post('/api/auth/login', { email: user.email, password: 'a-brand-new-secret' })).statusCode,
    ).toBe(200);
  });

  it('limits guesses of the current password like sign-in guesses', async () => {
    const { client } = await signedInClient(app, 'staff');
    const guess = () =>
      client.post('/api/account/password', { currentPassword: 'guess', newPassword: 'a-brand-new-secret' });
    for (let i = 0; i < 10; i++) expect((await guess()).statusCode).toBe(400);
    const limited = await guess();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('needs a session', async () => {
    const anonymous = new TestClient(app);
    expect((await anonymous.put('/api/account/layout', DEFAULT_LAYOUT)).statusCode).toBe(401);
    expect((await anonymous.patch('/api/account/profile', { version: 1, name: 'X' })).statusCode).toBe(401);
  });
});
