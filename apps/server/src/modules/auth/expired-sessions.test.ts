import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInClient } from '../../../test/test-app.ts';
import { now } from '../../lib/clock.ts';
import { DELETE_EXPIRED_SESSIONS } from './sessions.repository.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('Expired sessions', () => {
  it('are removed by the hourly scheduled work, and live ones kept', async () => {
    const { client, user } = await signedInClient(app, 'staff');
    await app.db
      .insertInto('sessions')
      .values([
        { id: 'expired-session-1', userId: user.id, createdAt: now() - 10_000, expiresAt: now() - 1 },
        { id: 'expired-session-2', userId: user.id, createdAt: now() - 10_000, expiresAt: now() - 5_000 },
      ])
      .execute();
    const sessionsOf = () =>
      app.db.selectFrom('sessions').select('id').where('userId', '=', user.id).execute();
    expect(await sessionsOf()).toHaveLength(3);

    expect(await app.jobWorker.runScheduled(DELETE_EXPIRED_SESSIONS)).toBe(2);
    const left = await sessionsOf();
    expect(left).toHaveLength(1);
    expect(left[0]!.id).not.toMatch(/^expired-/);
    expect((await client.get('/api/auth/me')).statusCode).toBe(200);
  });
});
