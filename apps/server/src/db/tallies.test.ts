import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { seedLargeDataSet } from '../dev/large-data-set.ts';

/**
 * The triggers of migration 0016 keep postTallies and paymentTallies equal to counting the rows,
 * whatever the writes: single and many-row inserts, updates and deletes, on both databases.
 */
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
  await seedLargeDataSet(app.db, app.dialect, { scale: 0.0005, baseDay: Date.parse('2026-11-24T00:00:00Z') });
});
afterAll(() => app.close());

const n = (v: unknown) => Number(v ?? 0);

async function countedPosts() {
  const rows = await app.db
    .selectFrom('posts')
    .select((eb) => [
      'competitionId',
      eb.fn.sum<number>(sql`case when deleted = 0 then 1 else 0 end`).as('live'),
      eb.fn.sum<number>(sql`case when deleted <> 0 then 1 else 0 end`).as('removed'),
      eb.fn.sum<number>(sql`case when deleted = 0 and bonus_likes is null then 1 else 0 end`).as('unscored'),
      eb.fn
        .sum<number>(sql`case when deleted <> 0 and deleted_reason = 'flagged' then 1 else 0 end`)
        .as('flagged'),
    ])
    .groupBy('competitionId')
    .execute();
  return Object.fromEntries(
    rows.map((r) => [r.competitionId, [n(r.live), n(r.removed), n(r.unscored), n(r.flagged)]]),
  );
}
async function talliedPosts() {
  const rows = await app.db.selectFrom('postTallies').selectAll().execute();
  return Object.fromEntries(
    rows
      .filter((r) => n(r.live) + n(r.removed) > 0)
      .map((r) => [r.competitionId, [n(r.live), n(r.removed), n(r.unscored), n(r.flagged)]]),
  );
}
async function countedPayments() {
  const rows = await app.db
    .selectFrom('payments')
    .select((eb) => [
      'status',
      eb.fn.countAll().as('count'),
      sql<number>`sum(round(amount * 100))`.as('cents'),
    ])
    .where('deleted', '=', 0)
    .groupBy('status')
    .execute();
  const of = (status: string) => rows.find((r) => r.status === status);
  return [n(of('To Be Paid')?.count), n(of('To Be Paid')?.cents), n(of('Paid')?.count), n(of('Paid')?.cents)];
}
async function talliedPayments() {
  const row = await app.db.selectFrom('paymentTallies').selectAll().executeTakeFirst();
  return [n(row?.toBePaidCount), n(row?.toBePaidCents), n(row?.paidCount), n(row?.paidCents)];
}

/** One write: a statement over the posts or payments whose number is `pick` modulo `every`. */
const write = fc.record({
  table: fc.constantFrom('posts', 'payments'),
  kind: fc.constantFrom(
    'remove',
    'restore',
    'score',
    'unscore',
    'flag',
    'move',
    'delete',
    'copy',
    'pay',
    'owe',
    'amount',
  ),
  every: fc.integer({ min: 1, max: 40 }),
  pick: fc.integer({ min: 0, max: 39 }),
});
type Write = typeof write extends fc.Arbitrary<infer W> ? W : never;

let copies = 0;
async function apply(w: Write) {
  // Rows picked by their number: a single row (every = 40) up to all of them (every = 1).
  const picked = sql`cast(substr(id, length(id) - 1) as integer) % ${w.every} = ${w.pick % w.every}`;
  if (w.table === 'posts') {
    const set = {
      remove: sql`deleted = 1, deleted_reason = 'admin'`,
      restore: sql`deleted = 0, deleted_reason = null`,
      score: sql`bonus_likes = 3`,
      unscore: sql`bonus_likes = null`,
      flag: sql`deleted = 1, deleted_reason = 'flagged'`,
      // The video id becomes the row's own id: unique in any competition.
      move: sql`competition_id = (select min(id) from competitions), post_id = id`,
    }[w.kind as 'remove'];
    if (set) return sql`update posts set ${set} where ${picked}`.execute(app.db);
    if (w.kind === 'delete') {
      await sql`delete from post_snapshots where post_id in (select id from posts where ${picked})`.execute(
        app.db,
      );
      await sql`delete from referrals where post_id in (select id from posts where ${picked})`.execute(
        app.db,
      );
      return sql`delete from posts where ${picked}`.execute(app.db);
    }
    if (w.kind === 'copy') return copyRows('posts', picked);
    return;
  }
  const set = {
    pay: sql`status = 'Paid'`,
    owe: sql`status = 'To Be Paid'`,
    remove: sql`deleted = 1`,
    restore: sql`deleted = 0`,
    amount: sql`amount = amount + 0.1`,
  }[w.kind as 'pay'];
  if (set) return sql`update payments set ${set} where ${picked}`.execute(app.db);
  if (w.kind === 'delete') return sql`delete from payments where ${picked}`.execute(app.db);
  if (w.kind === 'copy') return copyRows('payments', picked);
}

/** Inserts copies of (at most 40 of) the picked rows under new ids and keys (the id keeps its last digits): one statement. */
async function copyRows(table: 'posts' | 'payments', picked: ReturnType<typeof sql>) {
  const prefix = `copy${++copies}-`;
  const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)} where ${picked}`.execute(
    app.db,
  );
  if (!rows.rows.length) return;
  const columns = Object.keys(rows.rows[0]!);
  const values = rows.rows
    .slice(0, 40)
    .map(
      (row) =>
        sql`(${sql.join(
          columns.map((c) =>
            ['id', 'link', 'postId', 'winnerKey'].includes(c) && row[c] != null
              ? `${prefix}${String(row[c])}`
              : row[c],
          ),
        )})`,
    );
  await sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))}) values ${sql.join(values)}`.execute(
    app.db,
  );
}

describe('post and payment tallies (decision 0043)', () => {
  it('start equal to the counted rows', async () => {
    expect(await talliedPosts()).toEqual(await countedPosts());
    expect(await talliedPayments()).toEqual(await countedPayments());
    expect((await talliedPayments())[2]).toBeGreaterThan(0);
  });

  it('stay equal to the counted rows after any writes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 6 }), async (writes) => {
        for (const w of writes) await apply(w);
        expect(await talliedPosts()).toEqual(await countedPosts());
        expect(await talliedPayments()).toEqual(await countedPayments());
      }),
      { numRuns: 25 },
    );
  });
});
