import { ANALYTICS_TOP_COUNTRIES } from '@preffy/api';
import { COUNTRY_CONTINENTS } from '@preffy/domain';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';

/**
 * The analytics aggregates (issue 16). Every figure is counted or summed by the database; only
 * the finished numbers (a handful of rows, at most ANALYTICS_TOP_COUNTRIES countries) reach JS.
 * A period is the epoch-millisecond window [start, end) of its business days.
 */
export type PeriodMs = { start: number; end: number };

/** PostgreSQL answers count/sum as strings (bigint/numeric) and sum over no rows as null. */
const num = (value: unknown) => Number(value ?? 0);

type PostsEb = ExpressionBuilder<DB, 'posts'>;

/**
 * The ids of live competitions: a deleted competition keeps its posts (deleted = 0), and none
 * of them counts anywhere, as the dashboard and the report never reach them either.
 */
const liveCompetitionIds = (db: Database) =>
  db.selectFrom('competitions').select('competitions.id').where('competitions.deleted', '=', 0);

/** Posts of live competitions entered in the period, in whatever state they are now. */
const enteredIn = (db: Database, { start, end }: PeriodMs) =>
  db
    .selectFrom('posts')
    .where('posts.competitionId', 'in', liveCompetitionIds(db))
    .where('posts.createdAt', '>=', start)
    .where('posts.createdAt', '<', end);
const liveIn = (db: Database, period: PeriodMs) => enteredIn(db, period).where('posts.deleted', '=', 0);

/** 1 for the rows that match, else 0: the sum of it counts them. */
const oneIf = (eb: PostsEb, condition: ReturnType<PostsEb['and']>) =>
  eb.case().when(condition).then(1).else(0).end();

/** Posts, views, likes, and the flag and disqualification counts with their whole. */
export async function postTotals(db: Database, period: PeriodMs) {
  const row = await enteredIn(db, period)
    .select((eb) => [
      eb.fn.countAll().as('entered'),
      eb.fn.sum(oneIf(eb, eb.and([eb('posts.deleted', '=', 0)]))).as('posts'),
      eb.fn
        .sum(eb.case().when('posts.deleted', '=', 0).then(eb.ref('posts.views')).else(0).end())
        .as('views'),
      eb.fn
        .sum(eb.case().when('posts.deleted', '=', 0).then(eb.ref('posts.likes')).else(0).end())
        .as('likes'),
      eb.fn
        .sum(oneIf(eb, eb.and([eb('posts.deleted', '=', 1), eb('posts.deletedReason', '=', 'flagged')])))
        .as('flagged'),
      eb.fn
        .sum(oneIf(eb, eb.and([eb('posts.deleted', '=', 1), eb('posts.deletedReason', '=', 'disqualified')])))
        .as('disqualified'),
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

/**
 * Prize money of the competitions that ended in the period: what their live payments add up to,
 * Paid and To Be Paid (owed). Tied to the competition's end, a period's figure stays put when a
 * payment is marked paid later; it moves only from owed to paid.
 */
export async function prizeMoney(db: Database, { start, end }: PeriodMs) {
  const row = await db
    .selectFrom('payments')
    .innerJoin('competitions', 'competitions.id', 'payments.competitionId')
    .where('payments.deleted', '=', 0)
    .where('competitions.deleted', '=', 0)
    .where('competitions.endDate', '>=', start)
    .where('competitions.endDate', '<', end)
    .select((eb) => [
      eb.fn
        .sum(eb.case().when('payments.status', '=', 'Paid').then(eb.ref('payments.amount')).else(0).end())
        .as('paid'),
      eb.fn
        .sum(
          eb.case().when('payments.status', '=', 'To Be Paid').then(eb.ref('payments.amount')).else(0).end(),
        )
        .as('owed'),
    ])
    .executeTakeFirstOrThrow();
  return { paid: num(row.paid), owed: num(row.owed) };
}

/** The period's live posts by platform, most posts first (a handful of platforms; bounded anyway). */
export async function byPlatform(db: Database, period: PeriodMs) {
  const rows = await liveIn(db, period)
    .select((eb) => ['posts.platform', eb.fn.countAll().as('posts'), eb.fn.sum('posts.views').as('views')])
    .groupBy('posts.platform')
    .orderBy('posts', 'desc')
    .orderBy('posts.platform')
    .limit(50)
    .execute();
  return rows.map((r) => ({ platform: r.platform, posts: num(r.posts), views: num(r.views) }));
}

/** A post's country as stored, normalised: ISO upper case, '' when unknown. */
const countryCode = sql<string>`upper(trim(coalesce(${sql.ref('posts.country')}, '')))`;

/** The continent of `countryCode` in SQL, from the domain's country list ('' when none). */
function continentCase() {
  const codesByContinent = new Map<string, string[]>();
  for (const [code, continent] of Object.entries(COUNTRY_CONTINENTS))
    codesByContinent.set(continent, [...(codesByContinent.get(continent) ?? []), code]);
  // The codes are our own two-letter constants, so literals keep the statement short.
  const branches = [...codesByContinent].map(
    ([continent, codes]) =>
      sql`when ${countryCode} in (${sql.join(codes.map((c) => sql.lit(c)))}) then ${sql.lit(continent)}`,
  );
  return sql<string>`case ${sql.join(branches, sql` `)} else '' end`;
}

/** The period's live posts by continent. */
export async function byContinent(db: Database, period: PeriodMs) {
  const located = liveIn(db, period).select([continentCase().as('continent'), 'posts.views']);
  const rows = await db
    .selectFrom(located.as('l'))
    .select((eb) => ['l.continent', eb.fn.countAll().as('posts'), eb.fn.sum('l.views').as('views')])
    .groupBy('l.continent')
    .orderBy('posts', 'desc')
    .orderBy('l.continent')
    .execute();
  return rows.map((r) => ({ continent: r.continent, posts: num(r.posts), views: num(r.views) }));
}

/**
 * The period's live posts by country: the top ANALYTICS_TOP_COUNTRIES (most posts, then most
 * views, then code), and the rest summed; both ranked once by a window function.
 */
export async function byCountry(db: Database, period: PeriodMs) {
  const located = liveIn(db, period).select([countryCode.as('country'), 'posts.views']);
  const ranked = db
    .selectFrom(located.as('l'))
    .select((eb) => [
      'l.country',
      eb.fn.countAll().as('posts'),
      eb.fn.sum('l.views').as('views'),
      sql<number>`row_number() over (order by count(*) desc, sum(${sql.ref('l.views')}) desc, ${sql.ref('l.country')})`.as(
        'rank',
      ),
    ])
    .groupBy('l.country');
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
