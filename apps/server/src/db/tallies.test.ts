import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { seedLargeDataSet } from '../dev/large-data-set.ts';

/**
 * The triggers of migration 0016 keep postTallies and paymentTallies equal to counting the rows,
 * and those of migration 0019 keep postDays equal to the posts counted per business day, whatever
 * the writes: single and many-row inserts, updates and deletes, a competition deleted or restored,
 * on both databases.
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

/** The daily post rollups (decision 0057), without the days whose figures all went back to 0. */
async function rolledUpDays() {
  const rows = await app.db.selectFrom('postDays').selectAll().execute();
  return Object.fromEntries(
    rows.map(dayFigures).filter(([, figures]) => (figures as number[]).some((f) => f !== 0)),
  );
}
/** The same figures counted from the posts (the view postDaySums). */
async function countedDays() {
  return Object.fromEntries((await app.db.selectFrom('postDaySums').selectAll().execute()).map(dayFigures));
}
const dayFigures = (r: Record<string, unknown>) => [
  `${String(r.day)}|${String(r.platform)}|${String(r.country)}`,
  ['entered', 'live', 'views', 'likes', 'flagged', 'disqualified'].map((c) => n(r[c])),
];

/** One write: a statement over the posts or payments whose number is `pick` modulo `every`. */
const rows = { every: fc.integer({ min: 1, max: 40 }), pick: fc.integer({ min: 0, max: 39 }) };
const write = fc.oneof(
  fc.record({
    table: fc.constant('posts' as const),
    kind: fc.constantFrom(
      ...(['remove', 'restore', 'score', 'unscore', 'flag', 'disqualify', 'move', 'delete', 'copy'] as const),
      ...(['views', 'country', 'redate'] as const),
    ),
    ...rows,
  }),
  fc.record({
    table: fc.constant('payments' as const),
    kind: fc.constantFrom(...(['pay', 'owe', 'remove', 'restore', 'amount', 'delete', 'copy'] as const)),
    ...rows,
  }),
  fc.record({
    table: fc.constant('competitions' as const),
    kind: fc.constantFrom('remove', 'restore'),
    ...rows,
  }),
);
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
      disqualify: sql`deleted = 1, deleted_reason = 'disqualified'`,
      views: sql`views = views + 7, likes = likes + 2`,
      country: sql`country = case when country is null then ' us' when country = ' us' then 'DE' else null end`,
      // Back a day and a half: across midnight into another business day, or before the first.
      redate: sql`created_at = created_at - 129600000`,
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
  if (w.table === 'competitions') {
    // Deleting a competition takes its posts out of analytics; restoring puts them back.
    const deleted = { remove: 1, restore: 0 }[w.kind as 'remove'];
    if (deleted !== undefined)
      return sql`update competitions set deleted = ${deleted} where ${picked}`.execute(app.db);
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

describe('post and payment tallies (decision 0043) and daily post rollups (decision 0057)', () => {
  it('start equal to the counted rows', async () => {
    expect(await talliedPosts()).toEqual(await countedPosts());
    expect(await talliedPayments()).toEqual(await countedPayments());
    expect((await talliedPayments())[2]).toBeGreaterThan(0);
    expect(await rolledUpDays()).toEqual(await countedDays());
    expect(Object.keys(await countedDays()).length).toBeGreaterThan(3);
  });

  it('stay equal to the counted rows after any writes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 6 }), async (writes) => {
        for (const w of writes) await apply(w);
        expect(await talliedPosts()).toEqual(await countedPosts());
        expect(await talliedPayments()).toEqual(await countedPayments());
        expect(await rolledUpDays()).toEqual(await countedDays());
      }),
      { numRuns: 25 },
    );
  });
});
