import type { Creator, CreatorMetric, PageQuery } from '@preffy/api';
import { profileUrl } from '@preffy/domain';
import type { Database } from '../../db/database.ts';
import { newId, now } from '../../lib/clock.ts';
import { matchesSearch, paged } from '../../lib/paging.ts';
import { updateVersioned } from '../../lib/versioned.ts';

type Counted = number | string | bigint | null;

/**
 * A competition's creators, one row per creator handle and platform (GROUP BY in SQL), from its
 * live posts; the search matches any of their posts' creator or email. `metric` sums the
 * competition's ranking metric over those posts.
 */
function creatorGroups(db: Database, competitionId: string, metric: 'likes' | 'views', search?: string) {
  let posts = db.selectFrom('posts').where('competitionId', '=', competitionId).where('deleted', '=', 0);
  if (search) posts = posts.where((eb) => matchesSearch(eb, ['creator', 'email'], search));
  return posts
    .select((eb) => [
      'creator',
      'platform',
      eb.fn.max('email').as('email'),
      eb.fn.max('author').as('author'),
      eb.fn.countAll<number | string | bigint>().as('postCount'),
      eb.fn.sum<number | string | bigint>(metric).as('computed'),
    ])
    .groupBy(['creator', 'platform']);
}

type CreatorRow = {
  creator: string;
  platform: string;
  email: string;
  author: string | null;
  postCount: Counted;
};

export const toCreator = (row: CreatorRow): Creator => ({
  creator: row.creator,
  platform: row.platform,
  email: row.email,
  postCount: Number(row.postCount ?? 0),
  // The handle in the post's link when there is one (as the review card's Vet link), else the name given.
  profileUrl: profileUrl(row.platform, row.author ?? row.creator),
});

/** The Creators select (manual posts page): a competition's creators, searchable, paged. */
export function listCreators(db: Database, competitionId: string, q: PageQuery) {
  const base = db.selectFrom(creatorGroups(db, competitionId, 'likes', q.search).as('c'));
  return paged(
    q,
    base,
    (creators) => creators.selectAll().orderBy('creator', q.sortDirection).orderBy('platform'),
    toCreator,
  );
}

export type CreatorMetricRow = CreatorRow & {
  computed: Counted;
  id: string | null;
  metric: number | string | null;
  version: number | null;
};

/** A creator's metric in its public shape (also the `current` of a 409: the leaderboard area's manifest). */
export const toCreatorMetric = (row: CreatorMetricRow): CreatorMetric => ({
  ...toCreator(row),
  id: row.id,
  computed: Number(row.computed ?? 0),
  metric: row.metric === null ? null : Number(row.metric),
  version: row.version ?? 0,
});

/** Each creator beside their stored metric (left join: version 0 and metric null when none). */
function creatorMetricRows(
  db: Database,
  competition: { id: string; metric: 'likes' | 'views' },
  search?: string,
) {
  return db
    .selectFrom(creatorGroups(db, competition.id, competition.metric, search).as('c'))
    .leftJoin('creatorMetrics as m', (join) =>
      join
        .onRef('m.creator', '=', 'c.creator')
        .onRef('m.platform', '=', 'c.platform')
        .on('m.competitionId', '=', competition.id)
        .on('m.deleted', '=', 0),
    );
}

const metricColumns = [
  'c.creator',
  'c.platform',
  'c.email',
  'c.author',
  'c.postCount',
  'c.computed',
  'm.id',
  'm.metric',
  'm.version',
] as const;

/** The Creators tab: every creator's metric, stored or computed, searchable, paged. */
export function listCreatorMetrics(
  db: Database,
  competition: { id: string; metric: 'likes' | 'views' },
  q: PageQuery,
) {
  return paged(
    q,
    creatorMetricRows(db, competition, q.search),
    (rows) => rows.select(metricColumns).orderBy('c.creator', q.sortDirection).orderBy('c.platform'),
    toCreatorMetric,
  );
}

/** One creator's metric row, or undefined when the creator has no live post in the competition. */
export const findCreatorMetric = (
  db: Database,
  competition: { id: string; metric: 'likes' | 'views' },
  creator: string,
  platform: string,
) =>
  creatorMetricRows(db, competition)
    .select(metricColumns)
    .where('c.creator', '=', creator)
    .where('c.platform', '=', platform)
    .executeTakeFirst();

/** Stores a first metric (version 1); a concurrent first save loses to the unique index. */
export async function insertCreatorMetric(
  db: Database,
  values: { competitionId: string; creator: string; platform: string; metric: number; updatedBy: string },
) {
  const at = now();
  await db
    .insertInto('creatorMetrics')
    .values({ id: newId(), version: 1, deleted: 0, createdAt: at, updatedAt: at, ...values })
    .execute();
}

/** Overwrites the metric only while the stored version is the one the caller read. */
export async function updateCreatorMetric(
  db: Database,
  id: string,
  version: number,
  values: { metric: number; updatedBy: string },
) {
  return updateVersioned(db, 'creatorMetrics', id, version, values, { onMiss: 'resolve false' });
}

/** The stored metrics of a competition (Update Leaderboard ranks these creators by them). */
export const storedCreatorMetrics = (db: Database, competitionId: string) =>
  db
    .selectFrom('creatorMetrics')
    .select(['creator', 'platform', 'metric'])
    .where('competitionId', '=', competitionId)
    .where('deleted', '=', 0)
    .execute();
