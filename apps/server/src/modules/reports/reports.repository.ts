import { type BucketCount, TIME_BUCKET_MS } from '@preffy/domain';
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

/**
 * The competition report's figures (issue 16), each one SQL aggregate over the competition's
 * live posts (deleted = 0). The report only reads: `posts` and `postSnapshots` belong to the
 * posts and stats modules, `leaderboardEntries` to stats (Update Leaderboard writes it),
 * `payments` to payments; none of them is written here.
 */

/** How many slices of the country split a report shows (the most posts first). */
export const REPORT_COUNTRY_ROWS = 50;
/** A platform split has a handful of keys; the bound only guards against stray stored values. */
const REPORT_PLATFORM_ROWS = 50;
/**
 * Winners and payment rows a report lists. Finish's Notify Winners pays one row per prize slot,
 * and a competition has rarely more than a few hundred; past this the totals still count every
 * payment (they are sums), only the listed rows stop.
 */
export const REPORT_PAYMENT_ROWS = 1000;

const livePosts = (db: Database, competitionId: string) =>
  db.selectFrom('posts').where('posts.competitionId', '=', competitionId).where('posts.deleted', '=', 0);

const count = (value: unknown) => Number(value ?? 0);
// Amounts are dollars with cents: a sum of doubles is rounded back to cents.
const cents = (value: unknown) => Math.round(Number(value ?? 0) * 100) / 100;

/** Posts, distinct creators (a creator is a name on a platform, as the leaderboard merges them), sums. */
export async function reportTotals(db: Database, competitionId: string) {
  const row = await livePosts(db, competitionId)
    .select((eb) => [
      eb.fn.countAll<number | string>().as('posts'),
      // The leaderboard's entryKey: trimmed, lower-cased creator and platform.
      sql<
        number | string
      >`count(distinct lower(trim(posts.creator)) || '|' || lower(trim(posts.platform)))`.as('creators'),
      eb.fn.sum<number | string | null>('posts.views').as('views'),
      eb.fn.sum<number | string | null>('posts.likes').as('likes'),
      eb.fn.sum<number | string | null>('posts.comments').as('comments'),
      eb.fn.sum<number | string | null>('posts.shares').as('shares'),
    ])
    .executeTakeFirstOrThrow();
  return {
    posts: count(row.posts),
    creators: count(row.creators),
    views: count(row.views),
    likes: count(row.likes),
    comments: count(row.comments),
    shares: count(row.shares),
  };
}

/**
 * The views each epoch quarter-hour added: per post, the growth between consecutive snapshots
 * (LAG over the post's snapshots in time order; the first snapshot counts in full), summed by
 * quarter-hour. The bucket is integer division of epoch milliseconds, the same in SQLite and
 * PostgreSQL.
 */
export async function viewGrowthByBucket(db: Database, competitionId: string): Promise<BucketCount[]> {
  const { rows } = await sql<{ bucket: number | string; count: number | string }>`
    select growth.bucket as bucket, sum(growth.views) as count
    from (
      select post_snapshots.at / ${sql.lit(TIME_BUCKET_MS)} as bucket,
        post_snapshots.views - coalesce(
          lag(post_snapshots.views) over (
            partition by post_snapshots.post_id order by post_snapshots.at, post_snapshots.id
          ),
          0
        ) as views
      from post_snapshots
      inner join posts on posts.id = post_snapshots.post_id
      where posts.competition_id = ${competitionId} and posts.deleted = 0
    ) as growth
    group by growth.bucket
    order by growth.bucket`.execute(db);
  return rows.map((row) => ({ bucket: Number(row.bucket), count: Number(row.count) }));
}

/** The posts with the most views (then the earliest entered). */
export async function topPosts(db: Database, competitionId: string, limit: number) {
  const rows = await livePosts(db, competitionId)
    .select([
      'posts.id',
      'posts.creator',
      'posts.platform',
      'posts.link',
      'posts.views',
      'posts.likes',
      'posts.comments',
      'posts.shares',
      'posts.postedDate',
    ])
    .orderBy('posts.views', 'desc')
    .orderBy('posts.createdAt')
    .orderBy('posts.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    creator: row.creator,
    platform: row.platform,
    link: row.link,
    views: count(row.views),
    likes: count(row.likes),
    comments: count(row.comments),
    shares: count(row.shares),
    postedDate: row.postedDate === null ? null : Number(row.postedDate),
  }));
}

/** Posts and views by platform, most posts first. */
export async function splitByPlatform(db: Database, competitionId: string) {
  const rows = await livePosts(db, competitionId)
    .select((eb) => [
      'posts.platform as key',
      eb.fn.countAll<number | string>().as('postCount'),
      eb.fn.sum<number | string | null>('posts.views').as('viewSum'),
    ])
    .groupBy('posts.platform')
    .orderBy('postCount', 'desc')
    .orderBy('viewSum', 'desc')
    .orderBy('key')
    .limit(REPORT_PLATFORM_ROWS)
    .execute();
  return rows.map((row) => ({ key: row.key, posts: count(row.postCount), views: count(row.viewSum) }));
}

/**
 * Posts and views by the post's country ('' when unknown), the REPORT_COUNTRY_ROWS with most posts.
 * The stored code is cleaned as analytics cleans it ('us' and 'US ' are one row, US).
 */
export async function splitByCountry(db: Database, competitionId: string) {
  const country = sql<string>`upper(trim(coalesce(posts.country, '')))`;
  const rows = await livePosts(db, competitionId)
    .select((eb) => [
      country.as('key'),
      eb.fn.countAll<number | string>().as('postCount'),
      eb.fn.sum<number | string | null>('posts.views').as('viewSum'),
    ])
    .groupBy(country)
    .orderBy('postCount', 'desc')
    .orderBy('viewSum', 'desc')
    .orderBy('key')
    .limit(REPORT_COUNTRY_ROWS)
    .execute();
  return rows.map((row) => ({ key: row.key, posts: count(row.postCount), views: count(row.viewSum) }));
}

/**
 * The top of the stored leaderboard, as Update Leaderboard ranked it (modules/leaderboard
 * leaderboard.ts, buildLeaderboard): the report shows the ranking staff see, not a second one.
 * Empty until the leaderboard was first computed.
 */
export async function leaderboardTop(db: Database, competitionId: string, limit: number) {
  const rows = await db
    .selectFrom('leaderboardEntries')
    .select(['rank', 'creator', 'platform', 'views', 'likes'])
    .where('competitionId', '=', competitionId)
    .orderBy('rank')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    rank: Number(row.rank),
    creator: row.creator,
    platform: row.platform,
    views: count(row.views),
    likes: count(row.likes),
  }));
}

const livePayments = (db: Database, competitionId: string) =>
  db
    .selectFrom('payments')
    .where('payments.competitionId', '=', competitionId)
    .where('payments.deleted', '=', 0);

/**
 * The winners: the competition's live payments made for an entry (Notify Winners), biggest prize
 * first. Only who won and what: never an email.
 */
export async function reportWinners(db: Database, competitionId: string) {
  const rows = await livePayments(db, competitionId)
    .where('payments.creator', 'is not', null)
    .select(['payments.creator', 'payments.platform', 'payments.prizeLabel', 'payments.prize'])
    .orderBy(sql`coalesce(payments.prize, 0)`, 'desc')
    .orderBy('payments.creator')
    .orderBy('payments.id')
    .limit(REPORT_PAYMENT_ROWS)
    .execute();
  return rows.map((row) => ({
    creator: row.creator ?? '',
    platform: row.platform ?? '',
    prizeLabel: row.prizeLabel,
    // A payment made before prize slots were recorded has no prize: its amount is what was paid,
    // which a shared link must not show, so the prize stays unknown.
    prize: row.prize === null ? null : cents(row.prize),
  }));
}

/** The payment rows (staff only), owed first, then by amount. */
export async function paymentRows(db: Database, competitionId: string) {
  const rows = await livePayments(db, competitionId)
    .select([
      'payments.creator',
      'payments.platform',
      'payments.paymentEmail',
      'payments.amount',
      'payments.status',
    ])
    .orderBy('payments.status', 'desc')
    .orderBy('payments.amount', 'desc')
    .orderBy('payments.id')
    .limit(REPORT_PAYMENT_ROWS)
    .execute();
  return rows.map((row) => ({ ...row, amount: cents(row.amount) }));
}
