import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, createTestApp, latestEmailTo, signedInClient } from '../../../test/test-app.ts';

let app: FastifyInstance;
let admin: TestClient;
let adminId: string;
beforeAll(async () => {
  app = await createTestApp();
  const signedIn = await signedInClient(app, 'admin', 'boss@preffy.test');
  admin = signedIn.client;
  adminId = signedIn.user.id;
});
afterAll(() => app.close());

describe('user management', () => {
  it('answers two racing invitations of one address with one user and a 409, never a 500', async () => {
    const invite = () => admin.post('/api/users', { email: 'race@preffy.test', name: 'Race', role: 'staff' });
    const answers = await Promise.all([invite(), invite(), invite()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    for (const refused of answers.filter((a) => a.statusCode === 409))
      expect(refused.json().fieldErrors).toEqual({ email: ['A user with this email already exists'] });
    const rows = await app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'race@preffy.test')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('invites a user: no password yet, an invitation with a set-password link in the outbox', async () => {
    const created = await admin.post('/api/users', {
      email: 'New.Person@Preffy.test',
      name: 'New Person',
      role: 'organizer',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().user).toMatchObject({
      email: 'new.person@preffy.test',
      role: 'organizer',
      disabled: false,
      version: 1,
    });
    const email = await latestEmailTo(app, 'new.person@preffy.test');
    expect(email.kind).toBe('invitation');
    const token = /#token=([\w-]+)/.exec(email.text)![1]!;
    // The link greets a newcomer: the page tells an invitation from a password reset.
    expect(email.text).toContain(`/reset-password?welcome#token=${token}`);
    const listed = async () =>
      (await admin.get('/api/users?search=new.person')).json().items[0] as { invited: boolean };
    expect((await listed()).invited).toBe(true);

    const invitee = new TestClient(app);
    expect(
      (await invitee.post('/api/auth/reset-password', { token, password: 'my-own-password' })).statusCode,
    ).toBe(200);
    expect((await invitee.get('/api/auth/me')).json().user.role).toBe('organizer');
    expect((await listed()).invited).toBe(false);

    const audit = await app.db
      .selectFrom('auditLog')
      .selectAll()
      .where('entityId', '=', created.json().user.id)
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['invite', 'set-password']);
  });

  it('refuses a second account with the same email', async () => {
    const again = await admin.post('/api/users', { email: 'BOSS@preffy.test', name: 'Copy', role: 'staff' });
    expect(again.statusCode).toBe(409);
    expect(again.json().fieldErrors.email).toEqual(['A user with this email already exists']);
  });

  it('validates input with field messages', async () => {
    const bad = await admin.post('/api/users', { email: 'not-an-email', name: '', role: 'king' });
    expect(bad.statusCode).toBe(400);
    const { fieldErrors } = bad.json();
    expect(fieldErrors.email).toEqual(['Email is not valid!']);
    expect(Object.keys(fieldErrors).sort()).toEqual(['email', 'name', 'role']);
  });

  it('changes a role with the version it read, and answers a stale version with 409 and the current record', async () => {
    const { user } = await signedInClient(app, 'organizer');
    const first = await admin.patch(`/api/users/${user.id}`, { version: 1, role: 'staff' });
    expect(first.statusCode).toBe(200);
    expect(first.json().user).toMatchObject({ role: 'staff', version: 2 });

    const stale = await admin.patch(`/api/users/${user.id}`, { version: 1, name: 'Overwrite' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ id: user.id, version: 2, role: 'staff', name: user.name });
  });

  it('answers a stale PATCH without the password or calendar feed hash (the 409 leak)', async () => {
    const { user } = await signedInClient(app, 'staff');
    // A user with both secrets stored, as the audit found them.
    await app.db
      .updateTable('users')
      .set({ calendarFeedHash: 'feed-hash-secret' })
      .where('id', '=', user.id)
      .execute();
    expect((await admin.patch(`/api/users/${user.id}`, { version: 1, name: 'Renamed' })).statusCode).toBe(
      200,
    );
    const stale = await admin.patch(`/api/users/${user.id}`, { version: 1, name: 'Stale' });
    expect(stale.statusCode).toBe(409);
    expect(stale.body).not.toMatch(/passwordHash|calendarFeedHash|feed-hash-secret|\$argon2/);
    expect(Object.keys(stale.json().current).sort()).toEqual(
      ['createdAt', 'disabled', 'email', 'id', 'language', 'name', 'role', 'updatedAt', 'version'].sort(),
    );
  });

  it('lets an admin sign a user out everywhere, and records it', async () => {
    const { client: staff, user } = await signedInClient(app, 'staff');
    const revoked = await admin.post(`/api/users/${user.id}/revoke-sessions`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ ok: true, ended: 1 });
    expect((await staff.get('/api/auth/me')).statusCode).toBe(401);
    expect((await admin.get('/api/auth/me')).statusCode).toBe(200);
    const audit = await app.db
      .selectFrom('auditLog')
      .selectAll()
      .where('entityId', '=', user.id)
      .where('action', '=', 'revoke-sessions')
      .executeTakeFirstOrThrow();
    expect(audit.actorId).toBe(adminId);
    expect(JSON.parse(audit.changes!)).toEqual({ sessions: 1 });
  });

  it('keeps session revocation to admins, and answers 404 for an unknown user', async () => {
    const { client: staff } = await signedInClient(app, 'staff');
    const { user: other, client: otherClient } = await signedInClient(app, 'organizer');
    expect((await staff.post(`/api/users/${other.id}/revoke-sessions`)).statusCode).toBe(403);
    expect((await otherClient.get('/api/auth/me')).statusCode).toBe(200);
    expect((await admin.post('/api/users/no-such-user/revoke-sessions')).statusCode).toBe(404);
  });

  it('does not let an admin disable or demote themselves', async () => {
    const me = await admin.get('/api/auth/me');
    const response = await admin.patch(`/api/users/${adminId}`, {
      version: me.json().user.version,
      disabled: true,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors.disabled).toBeDefined();
  });

  it('pages, searches and sorts on the server', async () => {
    for (const name of ['Zed Alpha', 'Amy Beta', 'Mo Gamma']) {
      await admin.post('/api/users', {
        email: `${name.split(' ')[0]!.toLowerCase()}@list.test`,
        name,
        role: 'staff',
      });
    }
    const page = await admin.get(
      '/api/users?search=list.test&sortBy=name&sortDirection=asc&pageSize=2&page=1',
    );
    expect(page.json().total).toBe(3);
    expect(page.json().items.map((u: { name: string }) => u.name)).toEqual(['Amy Beta', 'Mo Gamma']);
    const second = await admin.get(
      '/api/users?search=list.test&sortBy=name&sortDirection=asc&pageSize=2&page=2',
    );
    expect(second.json().items.map((u: { name: string }) => u.name)).toEqual(['Zed Alpha']);
    // A search for a LIKE wildcard finds the literal character only.
    expect((await admin.get('/api/users?search=%25')).json().total).toBe(0);
    expect((await admin.get('/api/users?pageSize=1000')).statusCode).toBe(400);
  });

  it('shows the outbox to admins, newest first', async () => {
    const outbox = await admin.get('/api/outbox?pageSize=5');
    expect(outbox.statusCode).toBe(200);
    const times = outbox.json().items.map((e: { createdAt: number }) => e.createdAt);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});
