import { type Kysely, SqliteAdapter, sql } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Precomputed counts (issue 18, decision 0043): counting a million posts or 200,000 payments on
 * every page view costs 50–400 ms, so the database keeps the counts itself, in triggers, exact and
 * in the same transaction as the change (every write path is covered, the seeders' bulk inserts
 * too).
 * - postTallies: per competition, its live posts, removed posts, live unscored posts (the review
 *   queue) and posts removed as flagged.
 * - paymentTallies: one row ('payments'): the live payments To Be Paid and Paid, count and cents.
 *   One row, so moving a payment between statuses locks one row: two moves the other way round
 *   cannot deadlock.
 * SQLite runs row triggers (cheap, in process); PostgreSQL runs statement triggers over the
 * transition tables, one upsert per statement, ordered by key so that two statements lock in the
 * same order.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('postTallies')
    .addColumn('competitionId', 'text', (c) => c.primaryKey())
    .addColumn('live', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('removed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unscored', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('flagged', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The dashboard's tiles: the competitions with flagged or unscored posts, most first.
  await db.schema.createIndex('postTalliesUnscoredIdx').on('postTallies').column('unscored').execute();
  await db.schema.createIndex('postTalliesFlaggedIdx').on('postTallies').column('flagged').execute();
  await db.schema
    .createTable('paymentTallies')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('toBePaidCount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('toBePaidCents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('paidCount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('paidCents', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  // What one post or payment adds to its tally (r: the row, NEW or OLD), as integers.
  const int = (condition: string) => (sqlite ? `(${condition})` : `(${condition})::int`);
  const post = (r: string) => ({
    live: int(`${r}.deleted = 0`),
    removed: int(`${r}.deleted <> 0`),
    unscored: int(`${r}.deleted = 0 and ${r}.bonus_likes is null`),
    flagged: int(`${r}.deleted <> 0 and ${r}.deleted_reason is not distinct from 'flagged'`),
  });
  const cents = (r: string) =>
    sqlite ? `cast(round(${r}.amount * 100) as integer)` : `round(${r}.amount * 100)::bigint`;
  const payment = (r: string) => ({
    to_be_paid_count: int(`${r}.deleted = 0 and ${r}.status = 'To Be Paid'`),
    to_be_paid_cents: `(case when ${r}.deleted = 0 and ${r}.status = 'To Be Paid' then ${cents(r)} else 0 end)`,
    paid_count: int(`${r}.deleted = 0 and ${r}.status = 'Paid'`),
    paid_cents: `(case when ${r}.deleted = 0 and ${r}.status = 'Paid' then ${cents(r)} else 0 end)`,
  });
  const tallies = [
    {
      table: 'post_tallies',
      source: 'posts',
      key: 'competition_id',
      keyOf: (r: string) => `${r}.competition_id`,
      of: post,
    },
    { table: 'payment_tallies', source: 'payments', key: 'id', keyOf: () => `'payments'`, of: payment },
  ];

  for (const { table, source, key, keyOf, of } of tallies) {
    const columns = Object.keys(of('r'));
    const list = columns.join(', ');
    const addExcluded = columns.map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(', ');
    // The counts of the rows already there.
    await sql
      .raw(
        `insert into ${table} (${key}, ${list}) select ${keyOf('r')}, ${Object.values(of('r'))
          .map((e) => `sum(${e})`)
          .join(', ')} from ${source} r group by 1`,
      )
      .execute(db);

    if (sqlite) {
      const add = (r: string) =>
        `insert into ${table} (${key}, ${list}) values (${keyOf(r)}, ${Object.values(of(r)).join(', ')})
         on conflict (${key}) do update set ${addExcluded};`;
      const subtract = (r: string) =>
        `update ${table} set ${Object.entries(of(r))
          .map(([c, e]) => `${c} = ${c} - ${e}`)
          .join(', ')} where ${key} = ${keyOf(r)};`;
      const watched =
        source === 'posts'
          ? 'competition_id, deleted, bonus_likes, deleted_reason'
          : 'deleted, status, amount';
      await sql
        .raw(`create trigger ${table}_insert after insert on ${source} begin ${add('new')} end`)
        .execute(db);
      await sql
        .raw(`create trigger ${table}_delete after delete on ${source} begin ${subtract('old')} end`)
        .execute(db);
      await sql
        .raw(
          `create trigger ${table}_update after update of ${watched} on ${source} begin ${subtract('old')} ${add('new')} end`,
        )
        .execute(db);
      continue;
    }

    // PostgreSQL: one function per table, for the three statement triggers (each with its
    // transition tables: PostgreSQL allows them on one event per trigger).
    const delta = (r: string, sign: '' | '-') =>
      `select ${keyOf(r)} as k, ${Object.entries(of(r))
        .map(([c, e]) => `${sign}${e} as ${c}`)
        .join(', ')} from ${r}`;
    const sums = columns.map((c) => `sum(${c})`).join(', ');
    const upsert = (rows: string) =>
      `insert into ${table} (${key}, ${list})
       select k, ${sums} from (${rows}) d
       group by k having ${columns.map((c) => `sum(${c}) <> 0`).join(' or ')} order by k
       on conflict (${key}) do update set ${addExcluded};`;
    // Each branch names only the transition tables its event has.
    await sql
      .raw(
        `create function ${table}_count() returns trigger language plpgsql as $$
        begin
          if tg_op = 'INSERT' then ${upsert(delta('new_rows', ''))}
          elsif tg_op = 'DELETE' then ${upsert(delta('old_rows', '-'))}
          else ${upsert(`${delta('new_rows', '')} union all ${delta('old_rows', '-')}`)}
          end if;
          return null;
        end $$`,
      )
      .execute(db);
    for (const event of ['insert', 'update', 'delete'] as const) {
      const transition =
        event === 'insert'
          ? 'new table as new_rows'
          : event === 'delete'
            ? 'old table as old_rows'
            : 'old table as old_rows new table as new_rows';
      await sql
        .raw(
          `create trigger ${table}_${event} after ${event} on ${source} referencing ${transition}
           for each statement execute function ${table}_count()`,
        )
        .execute(db);
    }
  }
}
