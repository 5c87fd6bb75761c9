import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { seedDemoData } from '../modules/demo/seed-demo-data.ts';
import { type AppError, VersionConflict } from './errors.ts';
import { softDelete, updateVersioned } from './versioned.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const conflictOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => e as AppError,
  );

describe('versioned records', () => {
  it('loads the demo data once, with competitions in every state', async () => {
    expect(await seedDemoData(app.db)).toBe(true);
    expect(await seedDemoData(app.db)).toBe(false);
    const rows = await app.db
      .selectFrom('competitions')
      .select(['hasEnded', 'isActive', 'isConfirmed'])
      .execute();
    const states = new Set(
      rows.map((r) =>
        r.hasEnded ? 'completed' : r.isActive ? 'active' : r.isConfirmed ? 'upcoming' : 'hold',
      ),
    );
    expect([...states].sort()).toEqual(['active', 'completed', 'hold', 'upcoming']);
    for (const table of [
      'posts',
      'winners',
      'payments',
      'promotions',
      'inquiries',
      'notes',
      'activities',
      'referrals',
    ] as const) {
      const { n } = await app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(n), table).toBeGreaterThan(0);
    }
  });

  it('bumps the version on update and refuses a stale version with the current record', async () => {
    const winner = await app.db
      .selectFrom('winners')
      .selectAll()
      .where('deleted', '=', 0)
      .executeTakeFirstOrThrow();
    await updateVersioned(app.db, 'winners', winner.id, winner.version, { isVetted: 1 });
    const after = await app.db
      .selectFrom('winners')
      .selectAll()
      .where('id', '=', winner.id)
      .executeTakeFirstOrThrow();
    expect(after.version).toBe(winner.version + 1);
    expect(after.updatedAt).toBeGreaterThanOrEqual(winner.updatedAt);

    const error = await conflictOf(
      updateVersioned(app.db, 'winners', winner.id, winner.version, { isBanned: 1 }),
    );
    expect(error).toBeInstanceOf(VersionConflict);
    expect(error?.statusCode).toBe(409);
    const conflict = error as VersionConflict;
    expect(conflict.table).toBe('winners');
    expect(conflict.storedRow).toMatchObject({
      id: winner.id,
      version: winner.version + 1,
      isBanned: winner.isBanned,
    });
    // The raw row is for the error handler's mapping only, never part of the answer's details.
    expect(conflict.details).toEqual({});
  });

  it('soft-deletes with a version check and then treats the record as gone', async () => {
    const payment = await app.db
      .selectFrom('payments')
      .selectAll()
      .where('deleted', '=', 0)
      .executeTakeFirstOrThrow();
    await softDelete(app.db, 'payments', payment.id, payment.version);
    const row = await app.db
      .selectFrom('payments')
      .select(['deleted'])
      .where('id', '=', payment.id)
      .executeTakeFirstOrThrow();
    expect(row.deleted).toBe(1);
    const again = await conflictOf(softDelete(app.db, 'payments', payment.id, payment.version + 1));
    expect(again?.statusCode).toBe(404);
  });

  it('stores epoch milliseconds and flags the same way on both databases', async () => {
    const c = await app.db.selectFrom('competitions').selectAll().executeTakeFirstOrThrow();
    expect(typeof c.startDate).toBe('number');
    expect(new Date(c.startDate).getUTCHours()).toBe(15);
    expect([0, 1]).toContain(c.isActive);
    expect(JSON.parse(c.prizes)).toEqual(['1st Place: $200', '2nd Place: $100', 'First 30 Creators: $10']);
  });
});
