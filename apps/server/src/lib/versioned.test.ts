import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { seedDemoData } from '../modules/demo/seed-demo-data.ts';
import { newRecord } from './clock.ts';
import { AppError, VersionConflict } from './errors.ts';
import { type VersionedWriteOptions, softDelete, staleOrGone, updateVersioned } from './versioned.ts';

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

describe('versioned write options', () => {
  let winnerCount = 0;
  /** A winner of its own for each test: the options below are checked on rows nothing else writes. */
  const newWinner = async (fields: { deleted?: 0 | 1 } = {}) => {
    const email = `options${++winnerCount}@versioned.test`;
    const flags = { isBanned: 0, isUnsubscribed: 0, isVetted: 0 } as const;
    const row = { ...newRecord(), email, paypal: null, balance: 0, ...flags, ...fields };
    await app.db.insertInto('winners').values(row).execute();
    return row;
  };
  const stored = (id: string) =>
    app.db.selectFrom('winners').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('resolves true when it wrote, and writes inside the caller’s transaction', async () => {
    const winner = await newWinner();
    expect(await updateVersioned(app.db, 'winners', winner.id, winner.version, { isVetted: 1 })).toBe(true);
    // The transaction's rollback takes the write with it: the write ran on the transaction.
    const rolledBack = app.db.transaction().execute(async (trx) => {
      await updateVersioned(trx, 'winners', winner.id, winner.version + 1, { isBanned: 1 });
      throw new Error('roll back');
    });
    await expect(rolledBack).rejects.toThrow('roll back');
    expect(await stored(winner.id)).toMatchObject({ version: winner.version + 1, isVetted: 1, isBanned: 0 });
  });

  it('writes only where the extra conditions hold, and a miss on them is a miss like a stale version', async () => {
    const winner = await newWinner();
    const vetted: VersionedWriteOptions<'winners'> = { where: (update) => update.where('isVetted', '=', 1) };
    const missed = await conflictOf(
      updateVersioned(app.db, 'winners', winner.id, winner.version, { isBanned: 1 }, vetted),
    );
    expect(missed).toBeInstanceOf(VersionConflict);
    expect(await stored(winner.id)).toMatchObject({ version: winner.version, isBanned: 0 });

    await app.db.updateTable('winners').set({ isVetted: 1 }).where('id', '=', winner.id).execute();
    expect(await updateVersioned(app.db, 'winners', winner.id, winner.version, { isBanned: 1 }, vetted)).toBe(
      true,
    );
    expect(await stored(winner.id)).toMatchObject({ version: winner.version + 1, isBanned: 1 });
  });

  it('leaves soft-deleted rows alone (404) unless told to write them too', async () => {
    const winner = await newWinner({ deleted: 1 });
    const restore = (version: number, options: VersionedWriteOptions<'winners'> = {}) =>
      conflictOf(updateVersioned(app.db, 'winners', winner.id, version, { deleted: 0 }, options));
    expect((await restore(winner.version))?.statusCode).toBe(404);
    expect((await stored(winner.id)).deleted).toBe(1);

    // A deleted row is still the row a stale write conflicts with, not a missing one.
    const stale = await restore(winner.version + 1, { withDeleted: true });
    expect(stale).toBeInstanceOf(VersionConflict);
    expect((stale as VersionConflict).storedRow).toMatchObject({ id: winner.id, deleted: 1 });

    expect(await restore(winner.version, { withDeleted: true })).toBeNull();
    expect(await stored(winner.id)).toMatchObject({ version: winner.version + 1, deleted: 0 });
  });

  it('stamps the write with the time given', async () => {
    const winner = await newWinner();
    const at = winner.updatedAt + 12_345;
    await updateVersioned(app.db, 'winners', winner.id, winner.version, { isVetted: 1 }, { at });
    expect((await stored(winner.id)).updatedAt).toBe(at);
  });

  it('answers a miss with the error onMiss gives, or resolves false when told to', async () => {
    const winner = await newWinner();
    const own = new AppError(409, 'DUPLICATE', 'Answered by the caller');
    const onMiss = async () => own;
    expect(
      await conflictOf(updateVersioned(app.db, 'winners', winner.id, 99, { isVetted: 1 }, { onMiss })),
    ).toBe(own);
    expect(
      await conflictOf(updateVersioned(app.db, 'winners', 'no-such-id', 1, { isVetted: 1 }, { onMiss })),
    ).toBe(own);
    expect(
      await updateVersioned(app.db, 'winners', winner.id, 99, { isVetted: 1 }, { onMiss: 'resolve false' }),
    ).toBe(false);
    expect(await stored(winner.id)).toMatchObject({ version: winner.version, isVetted: 0 });
  });

  it('answers a missed write with 404 naming the record when it is gone, else 409 with it', () => {
    const gone = staleOrGone('winners', undefined, 'Winner');
    expect([gone.statusCode, gone.code, gone.message]).toEqual([404, 'NOT_FOUND', 'Winner not found']);
    const row = { id: 'w1', version: 3 };
    const stale = staleOrGone('winners', row);
    expect(stale).toBeInstanceOf(VersionConflict);
    expect(stale).toMatchObject({ table: 'winners', storedRow: row });
  });
});
