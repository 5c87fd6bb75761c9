import { DASHBOARD_TOP_COMPETITIONS } from '@preffy/api';
import { type BucketCount, type DayCount, TIME_BUCKET_MS } from '@preffy/domain';
import { type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { now } from '../../lib/clock.ts';
import { paged } from '../../lib/paging.ts';
import { visibleCompetitions } from '../competitions/index.ts';
import { type PostTally, ofCompetitions, sumPostTally } from '../posts/index.ts';

/**
 * The dashboard's aggregates (issue 16). The database counts; JS only receives finished numbers
 * (hour buckets of a range, a page of competitions, a few top-5 lists). Everything is scoped to
 * the competitions the viewer may see (visibleCompetitions: organizers their own).
 */
export type Viewer = { role: string; email: string };
export type RangeMs = { start: number; end: number };

/** PostgreSQL answers count/sum (bigint/numeric) as strings and sum over no rows as null. */
const num = (value: unknown) => Number(value ?? 0);

/** The epoch quarter-hour of a millisecond column: integer division in SQLite and PostgreSQL alike. */
const timeBucket = (column: string) => sql<number>`${sql.ref(column)} / ${sql.lit(TIME_BUCKET_MS)}`;

/** The ids of the competitions the viewer may see, as a subquery. */
const visibleIds = (db: Database, viewer: Viewer) => visibleCompetitions(db, viewer).select('id');

/** Live posts (UGC) of the visible competitions. */
const livePosts = (db: Database, viewer: Viewer) =>
  db
    .selectFrom('posts')
    .where('posts.deleted', '=', 0)
    .where('posts.competitionId', 'in', visibleIds(db, viewer));

const bucketCounts = async (query: SelectQueryBuilder<DB, never, { bucket: number; count: unknown }>) =>
  (await query.execute()).map((r): BucketCount => ({ bucket: num(r.bucket), count: num(r.count) }));

/**
 * Live posts of every live competition per business day of from..to, from the daily rollups
 * (decision 0057): what staff and admins see, a few rows per day instead of every post.
 */
export async function ugcByDay(
  db: Database,
  { from, to }: { from: string; to: string },
): Promise<DayCount[]> {
  const rows = await db
    .selectFrom('postDays')
    .where('day', '>=', from)
    .where('day', '<=', to)
    .select((eb) => ['day', eb.fn.sum('live').as('count')])
    .groupBy('day')
    .execute();
  return rows.map((r) => ({ day: r.day, count: num(r.count) }));
}

/** Live posts entered in the range, counted per epoch quarter-hour (an organizer's competitions). */
export function ugcByBucket(db: Database, viewer: Viewer, { start, end }: RangeMs) {
  const inRange = livePosts(db, viewer)
    .where('posts.createdAt', '>=', start)
    .where('posts.createdAt', '<', end)
    .select(timeBucket('posts.createdAt').as('bucket'));
  return bucketCounts(
    db
      .selectFrom(inRange.as('p'))
      .select((eb) => ['p.bucket', eb.fn.countAll().as('count')])
      .groupBy('p.bucket') as never,
  );
}

/**
 * New creators per epoch quarter-hour: a creator (handle and platform, trimmed and case-insensitive, like
 * analytics and the leaderboard) is new on a platform at their first live post there in the visible competitions.
 * A later post on the same platform is not new; a first post on another platform is.
 */
export function newCreatorsByBucket(db: Database, viewer: Viewer, { start, end }: RangeMs) {
  // The leaderboard's entryKey: trimmed, lower-cased handle and platform (as analytics).
  const platform = sql<string>`lower(trim(${sql.ref('posts.platform')}))`;
  const handle = sql<string>`lower(trim(${sql.ref('posts.creator')}))`;
  const firsts = livePosts(db, viewer)
    .select((eb) => [
      platform.as('platform'),
      handle.as('handle'),
      eb.fn.min('posts.createdAt').as('firstAt'),
    ])
    .groupBy([platform, handle]);
  const inRange = db
    .selectFrom(firsts.as('f'))
    .where('f.firstAt', '>=', start)
    .where('f.firstAt', '<', end)
    .select(timeBucket('f.firstAt').as('bucket'));
  return bucketCounts(
    db
      .selectFrom(inRange.as('n'))
      .select((eb) => ['n.bucket', eb.fn.countAll().as('count')])
      .groupBy('n.bucket') as never,
  );
}

/** The competitions table: ended or active (the competitions list's tabs), latest end first. */
export function endedOrActive(db: Database, viewer: Viewer, q: { page: number; pageSize: number }) {
  const base = visibleCompetitions(db, viewer).where((eb) =>
    eb.or([eb('hasEnded', '=', 1), eb.and([eb('hasEnded', '=', 0), eb('isActive', '=', 1)])]),
  );
  return paged(q, base, (competitions) =>
    competitions
      .select((eb) => [
        'competitions.id',
        'competitions.name',
        'competitions.organizer',
        'competitions.prizes',
        eb
          .selectFrom('postTallies')
          .select('postTallies.live')
          .whereRef('postTallies.competitionId', '=', 'competitions.id')
          .as('ugcCount'),
      ])
      .orderBy('competitions.endDate', 'desc')
      .orderBy('competitions.id'),
  );
}

/**
 * A post count and the competitions holding the most of them, from the tallies the database
 * keeps (decision 0043): summing 10,000 competitions' counts, not counting a million posts.
 */
async function postsTile(
  db: Database,
  tally: PostTally,
  competitions: ReturnType<typeof visibleCompetitions>,
) {
  const [total, top] = await Promise.all([
    sumPostTally(db, tally, competitions),
    db
      .selectFrom('postTallies')
      .where(`postTallies.${tally}`, '>', 0)
      .where(ofCompetitions(competitions))
      .select((eb) => [
        'postTallies.competitionId as id',
        eb
          .selectFrom('competitions')
          .select('competitions.name')
          .whereRef('competitions.id', '=', 'postTallies.competitionId')
          .as('name'),
        `postTallies.${tally} as count`,
      ])
      .orderBy(`postTallies.${tally}`, 'desc')
      .orderBy('name')
      .orderBy('postTallies.competitionId')
      .limit(DASHBOARD_TOP_COMPETITIONS)
      .execute(),
  ]);
  return { total, top: top.map((r) => ({ id: r.id, name: r.name ?? '', count: num(r.count) })) };
}

/** Waiting for review: live, unscored posts (the review queue) of competitions still open. */
export const reviewTile = (db: Database, viewer: Viewer) =>
  postsTile(
    db,
    'unscored',
    visibleCompetitions(db, viewer).where('hasEnded', '=', 0).where('isClosed', '=', 0),
  );

/** Flagged: posts the automatic flags removed (the Errors screen's flagged table). */
export const flaggedTile = (db: Database, viewer: Viewer) =>
  postsTile(db, 'flagged', visibleCompetitions(db, viewer));

/**
 * Calendar holds waiting for confirmation (unconfirmed, not over), and the earliest one's start.
 * A hold nobody confirmed before its end waits for nothing: counting it would keep the tile busy
 * and send the calendar link to a month long gone.
 */
export async function holdsTile(db: Database, viewer: Viewer) {
  const row = await visibleCompetitions(db, viewer)
    .where('isConfirmed', '=', 0)
    .where('hasEnded', '=', 0)
    .where('endDate', '>=', now())
    .select((eb) => [eb.fn.countAll().as('count'), eb.fn.min('startDate').as('firstStart')])
    .executeTakeFirstOrThrow();
  return { count: num(row.count), firstStart: row.firstStart === null ? null : num(row.firstStart) };
}
