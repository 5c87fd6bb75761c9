import type { Database } from '../../db/database.ts';
import type { PostStats } from '../posts/index.ts';
import { newId } from '../../lib/clock.ts';

/**
 * One task per live post of the competition (its subject is the post's id), made by the
 * database with one INSERT … SELECT however many posts there are. With `dueBy`, only the posts
 * whose next refresh is due by then (the schedule's refresh tiers, decision 0138).
 */
export function insertRefreshTasks(db: Database, jobId: string, competitionId: string, dueBy?: number) {
  return db
    .insertInto('jobTasks')
    .columns(['id', 'jobId', 'subject', 'status'])
    .expression((eb) =>
      eb
        .selectFrom('posts')
        .select((s) => [
          s(s.val(`${jobId}:`), '||', s.ref('posts.id')).as('id'),
          s.val(jobId).as('jobId'),
          'posts.id as subject',
          s.val('queued').as('status'),
        ])
        .where('competitionId', '=', competitionId)
        .where('deleted', '=', 0)
        .$if(dueBy !== undefined, (q) => q.where('nextRefreshAt', '<=', dueBy!)),
    )
    .execute();
}

/**
 * The competitions still running with a live post due by `dueBy`, which the schedule refreshes;
 * each asks the posts index (competition, next refresh) for one row.
 */
export const listCompetitionsDue = (db: Database, dueBy: number) =>
  db
    .selectFrom('competitions')
    .select('id')
    .where('deleted', '=', 0)
    .where('isActive', '=', 1)
    .where('hasEnded', '=', 0)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('posts')
          .select('posts.id')
          .whereRef('posts.competitionId', '=', 'competitions.id')
          .where('posts.deleted', '=', 0)
          .where('posts.nextRefreshAt', '<=', dueBy),
      ),
    )
    .execute();

/** What a provider needs to find each post. */
export const findPostsToRefresh = (db: Database, postIds: string[]) =>
  db
    .selectFrom('posts')
    .select(['id', 'competitionId', 'creator', 'platform', 'postId', 'link', 'coverHash', 'refreshTier'])
    .where('id', 'in', postIds)
    .execute();

/** One post's numbers at one time, for its history. */
export async function insertPostSnapshot(
  db: Database,
  postId: string,
  at: number,
  likes: number,
  stats: Pick<PostStats, 'views' | 'viewsKind' | 'comments' | 'shares' | 'rounded'>,
  provider: string | null = null,
) {
  await db
    .insertInto('postSnapshots')
    .values({
      id: newId(),
      postId,
      at,
      likes,
      views: stats.views,
      viewsKind: stats.viewsKind,
      comments: stats.comments,
      shares: stats.shares,
      provider,
      rounded: stats.rounded ? 1 : 0,
    })
    .execute();
}
