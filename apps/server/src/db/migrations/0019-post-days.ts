import { type Kysely, SqliteAdapter, sql } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Daily rollups of the posts (issue 18, decision 0057): analytics and the dashboard chart read a
 * few thousand day rows instead of counting up to a million posts per request.
 * - businessDays: the start (epoch ms) of each business day, filled for the configured time zone
 *   by the server at start-up (analytics/post-days.ts); SQL cannot compute local days portably.
 * - postDays: per business day the post was entered on, platform and country, the posts of live
 *   competitions: entered, live, views and likes of the live ones, removed as flagged or
 *   disqualified. Kept by triggers in the transaction of the change, as the tallies are
 *   (decision 0043), on the posts and on a competition's deletion or restoration.
 * - postDaySums: the same figures counted from the posts, which fills postDays when the time
 *   zone changes and against which the tests check the triggers.
 * - rollupState: the time zone businessDays and postDays were built for.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('businessDays')
    .addColumn('startMs', 'bigint', (c) => c.primaryKey())
    .addColumn('day', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('postDays')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('entered', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('live', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('views', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('likes', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('flagged', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('disqualified', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('postDaysPk', ['day', 'platform', 'country'])
    .execute();
  await db.schema
    .createTable('rollupState')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('timeZone', 'text', (c) => c.notNull())
    .execute();

  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const int = (condition: string) => (sqlite ? `(${condition})` : `(${condition})::int`);
  // The business day a post was entered on: '' outside the days filled (before 2020).
  const dayOf = (r: string) =>
    `coalesce((select b.day from business_days b where b.start_ms <= ${r}.created_at order by b.start_ms desc limit 1), '')`;
  const key = (r: string) => ({
    day: dayOf(r),
    platform: `${r}.platform`,
    country: `upper(trim(coalesce(${r}.country, '')))`,
  });
  // What one post adds to its day (r: the row), times `sign` (1, -1 or an expression).
  const figures = (r: string, sign = '1') => ({
    entered: sign,
    live: `${sign} * ${int(`${r}.deleted = 0`)}`,
    views: `${sign} * (case when ${r}.deleted = 0 then ${r}.views else 0 end)`,
    likes: `${sign} * (case when ${r}.deleted = 0 then ${r}.likes else 0 end)`,
    flagged: `${sign} * ${int(`${r}.deleted <> 0 and ${r}.deleted_reason is not distinct from 'flagged'`)}`,
    disqualified: `${sign} * ${int(`${r}.deleted <> 0 and ${r}.deleted_reason is not distinct from 'disqualified'`)}`,
  });
  const columns = Object.keys(figures('r'));
  const all = ['day', 'platform', 'country', ...columns].join(', ');
  const addExcluded = columns.map((c) => `${c} = post_days.${c} + excluded.${c}`).join(', ');
  /** Adds rows of (day, platform, country, ...figures) to postDays, summed per key, in key order. */
  const addRows = (rows: string) =>
    `insert into post_days (${all})
     select day, platform, country, ${columns.map((c) => `sum(${c})`).join(', ')} from (${rows}) d
     group by day, platform, country
     having ${columns.map((c) => `sum(${c}) <> 0`).join(' or ')}
     order by day, platform, country
     on conflict (day, platform, country) do update set ${addExcluded};`;
  /** The row `r` (a trigger's new or old, or the alias of `from`), keyed and signed. */
  const signed = (r: string, from: string, sign: string, where: string) =>
    `select ${Object.entries({ ...key(r), ...figures(r, sign) })
      .map(([c, e]) => `${e} as ${c}`)
      .join(', ')} ${from ? `from ${from}` : ''} where ${where}`;
  const inLiveCompetition = (r: string) =>
    `exists (select 1 from competitions c where c.id = ${r}.competition_id and c.deleted = 0)`;

  await sql
    .raw(
      `create view post_day_sums as
       select day, platform, country, ${columns.map((c) => `sum(${c}) as ${c}`).join(', ')}
       from (${signed('r', 'posts r', '1', inLiveCompetition('r'))}) d
       group by day, platform, country`,
    )
    .execute(db);

  if (sqlite) {
    // Row triggers: each adds the new row's figures and takes away the old row's.
    const add = (r: string) => addRows(signed(r, '', '1', inLiveCompetition(r)));
    const subtract = (r: string) => addRows(signed(r, '', '-1', inLiveCompetition(r)));
    await sql
      .raw(`create trigger post_days_insert after insert on posts begin ${add('new')} end`)
      .execute(db);
    await sql
      .raw(`create trigger post_days_delete after delete on posts begin ${subtract('old')} end`)
      .execute(db);
    await sql
      .raw(
        `create trigger post_days_update after update of competition_id, created_at, deleted, deleted_reason,
         platform, country, views, likes on posts begin ${subtract('old')} ${add('new')} end`,
      )
      .execute(db);
    // A competition deleted or restored takes its posts out of the days or puts them back.
    await sql
      .raw(
        `create trigger post_days_competition after update of deleted on competitions
         when (old.deleted = 0) <> (new.deleted = 0)
         begin ${addRows(signed('r', 'posts r', '(case when new.deleted = 0 then 1 else -1 end)', 'r.competition_id = new.id'))} end`,
      )
      .execute(db);
    return;
  }

  // PostgreSQL: statement triggers over the transition tables, one upsert per statement.
  await sql
    .raw(
      `create function post_days_count() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then ${addRows(signed('r', 'new_rows r', '1', inLiveCompetition('r')))}
        elsif tg_op = 'DELETE' then ${addRows(signed('r', 'old_rows r', '-1', inLiveCompetition('r')))}
        else ${addRows(`${signed('r', 'new_rows r', '1', inLiveCompetition('r'))} union all ${signed('r', 'old_rows r', '-1', inLiveCompetition('r'))}`)}
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
        `create trigger post_days_${event} after ${event} on posts referencing ${transition}
         for each statement execute function post_days_count()`,
      )
      .execute(db);
  }
  const changed = `(select n.id, case when n.deleted = 0 then 1 else -1 end as sign
    from new_rows n join old_rows o on o.id = n.id where (o.deleted = 0) <> (n.deleted = 0))`;
  await sql
    .raw(
      `create function post_days_competition() returns trigger language plpgsql as $$
      begin
        ${addRows(signed('r', `posts r join ${changed} s on s.id = r.competition_id`, 's.sign', 'true'))}
        return null;
      end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger post_days_competition after update on competitions
       referencing old table as old_rows new table as new_rows
       for each statement execute function post_days_competition()`,
    )
    .execute(db);
}
