import { ANALYTICS_TOP_COUNTRIES } from '@preffy/api';
import { COUNTRY_CONTINENTS } from '@preffy/domain';
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

/**
 * The analytics aggregates (issue 16). Every figure is counted or summed by the database; only
 * the finished numbers (a handful of rows, at most ANALYTICS_TOP_COUNTRIES countries) reach JS.
 * The post figures that add up day by day read the daily rollups (PeriodDays, decision 0057);
 * creators, competitions and prize money read their tables over the epoch-millisecond window
 * [start, end) of the period's business days (PeriodMs).
 */
export type PeriodMs = { start: number; end: number };

/** PostgreSQL answers count/sum as strings (bigint/numeric) and sum over no rows as null. */
const num = (value: unknown) => Number(value ?? 0);

/**
 * The ids of live competitions: a deleted competition keeps its posts (deleted = 0), and none
 * of them counts anywhere, as the dashboard and the report never reach them either.
 */
const liveCompetitionIds = (db: Database) =>
  db.selectFrom('competitions').select('competitions.id').where('competitions.deleted', '=', 0);

/** Live posts of live competitions entered in the period. */
const liveIn = (db: Database, { start, end }: PeriodMs) =>
  db
    .selectFrom('posts')
    .where('posts.competitionId', 'in', liveCompetitionIds(db))
    .where('posts.createdAt', '>=', start)
    .where('posts.createdAt', '<', end)
    .where('posts.deleted', '=', 0);

/** A period as business days, from..to inclusive (YYYY-MM-DD). */
export type PeriodDays = { from: string; to: string };

/** The daily post rollups of the period (migration 0019, decision 0057): a few rows per day. */
const daysOf = (db: Database, { from, to }: PeriodDays) =>
  db.selectFrom('postDays').where('postDays.day', '>=', from).where('postDays.day', '<=', to);

/** Posts, views, likes, and the flag and disqualification counts with their whole. */
export async function postTotals(db: Database, period: PeriodDays) {
  const row = await daysOf(db, period)
    .select((eb) => [
      eb.fn.sum('entered').as('entered'),
      eb.fn.sum('live').as('posts'),
      eb.fn.sum('views').as('views'),
      eb.fn.sum('likes').as('likes'),
      eb.fn.sum('flagged').as('flagged'),
      eb.fn.sum('disqualified').as('disqualified'),
    ])
    .executeTakeFirstOrThrow();
  return {
    entered: num(row.entered),
    posts: num(row.posts),
    views: num(row.views),
    likes: num(row.likes),
    flagged: num(row.flagged),
    disqualified: num(row.disqualified),
  };
}

/**
 * A creator's identity, the leaderboard's entryKey (packages/domain): trimmed, lower-cased handle
 * and platform. The same expressions are indexed by migration 0012, so they must stay identical.
 * SQLite's lower() folds ASCII only: on SQLite a non-Latin handle differing only in case (Анна,
 * анна) counts as two creators; PostgreSQL folds it. Overriding lower() on the connection would
 * leave the existing lower() indexes built with the old one, so it is not done.
 */
const handleOf = (table: 'posts' | 'earlier') => sql<string>`lower(trim(${sql.ref(`${table}.creator`)}))`;
const platformOf = (table: 'posts' | 'earlier') => sql<string>`lower(trim(${sql.ref(`${table}.platform`)}))`;

/**
 * The period's creators: one per platform and handle (see handleOf). Returning: a live post on
 * that platform before the period, in a live competition (the index of migration 0012 answers it
 * per creator); new: the others, whose first live post there is in the period.
 */
export async function creatorTotals(db: Database, period: PeriodMs) {
  const creators = liveIn(db, period)
    .select([platformOf('posts').as('platform'), handleOf('posts').as('handle')])
    .distinct();
  const row = await db
    .selectFrom(creators.as('c'))
    .select((eb) => [
      eb.fn.countAll().as('total'),
      eb.fn
        .sum(
          eb
            .case()
            .when(
              eb.exists(
                eb
                  .selectFrom('posts as earlier')
                  .select(sql`1`.as('one'))
                  .where(platformOf('earlier'), '=', eb.ref('c.platform'))
                  .where(handleOf('earlier'), '=', eb.ref('c.handle'))
                  .where('earlier.createdAt', '<', period.start)
                  .where('earlier.deleted', '=', 0)
                  .where('earlier.competitionId', 'in', liveCompetitionIds(db)),
              ),
            )
            .then(1)
            .else(0)
            .end(),
        )
        .as('returning'),
    ])
    .executeTakeFirstOrThrow();
  const total = num(row.total);
  const returning = num(row.returning);
  return { total, new: total - returning, returning };
}

/**
 * Competitions run (confirmed, live, start–end overlapping the period) and revenue (the invoice
 * amounts of those that started in it). Unconfirmed calendar holds never ran.
 */
export async function competitionTotals(db: Database, { start, end }: PeriodMs) {
  const row = await db
    .selectFrom('competitions')
    .where('deleted', '=', 0)
    .where('isConfirmed', '=', 1)
    .where('startDate', '<', end)
    .where('endDate', '>=', start)
    .select((eb) => [
      eb.fn.countAll().as('run'),
      eb.fn
        .sum(eb.case().when('startDate', '>=', start).then(eb.ref('invoiceAmount')).else(0).end())
        .as('revenue'),
    ])
    .executeTakeFirstOrThrow();
  return { competitionsRun: num(row.run), revenue: num(row.revenue) };
}

/** The period's live posts by platform, most posts first (a handful of platforms; bounded anyway). */
export async function byPlatform(db: Database, period: PeriodDays) {
  const rows = await daysOf(db, period)
    .select((eb) => ['platform', eb.fn.sum('live').as('posts'), eb.fn.sum('views').as('views')])
    .groupBy('platform')
    .having((eb) => eb.fn.sum('live'), '>', 0)
    .orderBy('posts', 'desc')
    .orderBy('platform')
    .limit(50)
    .execute();
  return rows.map((r) => ({ platform: r.platform, posts: num(r.posts), views: num(r.views) }));
}

/** The continent of a rollup's country (ISO upper case, '' when unknown) in SQL, from the domain's country list ('' when none). */
function continentCase() {
  const codesByContinent = new Map<string, string[]>();
  for (const [code, continent] of Object.entries(COUNTRY_CONTINENTS))
    codesByContinent.set(continent, [...(codesByContinent.get(continent) ?? []), code]);
  // The codes are our own two-letter constants, so literals keep the statement short.
  const branches = [...codesByContinent].map(
    ([continent, codes]) =>
      sql`when ${sql.ref('postDays.country')} in (${sql.join(codes.map((c) => sql.lit(c)))}) then ${sql.lit(continent)}`,
  );
  return sql<string>`case ${sql.join(branches, sql` `)} else '' end`;
}

/** The period's live posts by continent. */
export async function byContinent(db: Database, period: PeriodDays) {
  const located = daysOf(db, period).select([continentCase().as('continent'), 'live', 'views']);
  const rows = await db
    .selectFrom(located.as('l'))
    .select((eb) => ['l.continent', eb.fn.sum('l.live').as('posts'), eb.fn.sum('l.views').as('views')])
    .groupBy('l.continent')
    .having((eb) => eb.fn.sum('l.live'), '>', 0)
    .orderBy('posts', 'desc')
    .orderBy('l.continent')
    .execute();
  return rows.map((r) => ({ continent: r.continent, posts: num(r.posts), views: num(r.views) }));
}

/**
 * The period's live posts by country: the top ANALYTICS_TOP_COUNTRIES (most posts, then most
 * views, then code), and the rest summed; both ranked once by a window function.
 */
export async function byCountry(db: Database, period: PeriodDays) {
  const ranked = daysOf(db, period)
    .select((eb) => [
      'country',
      eb.fn.sum('live').as('posts'),
      eb.fn.sum('views').as('views'),
      sql<number>`row_number() over (order by sum(${sql.ref('live')}) desc, sum(${sql.ref('views')}) desc, ${sql.ref('country')})`.as(
        'rank',
      ),
    ])
    .groupBy('country')
    .having((eb) => eb.fn.sum('live'), '>', 0);
  const top = await db
    .selectFrom(ranked.as('r'))
    .select(['r.country', 'r.posts', 'r.views'])
    .where('r.rank', '<=', ANALYTICS_TOP_COUNTRIES)
    .orderBy('r.rank')
    .execute();
  const rest = await db
    .selectFrom(ranked.as('r'))
    .select((eb) => [
      eb.fn.countAll().as('countries'),
      eb.fn.sum('r.posts').as('posts'),
      eb.fn.sum('r.views').as('views'),
    ])
    .where('r.rank', '>', ANALYTICS_TOP_COUNTRIES)
    .executeTakeFirstOrThrow();
  return {
    top: top.map((r) => ({ country: r.country, posts: num(r.posts), views: num(r.views) })),
    rest: { countries: num(rest.countries), posts: num(rest.posts), views: num(rest.views) },
  };
}
