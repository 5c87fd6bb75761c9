import type { Database } from '../../db/database.ts';
import type { PostStats } from '../posts/index.ts';
import { newId } from '../../lib/clock.ts';

/**
 * One task per live post of the competition (its subject is the post's id), made by the
 * database with one INSERT … SELECT however many posts there are.
 */
export function insertRefreshTasks(db: Database, jobId: string, competitionId: string) {
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
        .where('deleted', '=', 0),
    )
    .execute();
}

/** The competitions still running, which the schedule refreshes. */
export const listActiveCompetitionIds = (db: Database) =>
  db
    .selectFrom('competitions')
    .select('id')
    .where('deleted', '=', 0)
    .where('isActive', '=', 1)
    .where('hasEnded', '=', 0)
    .execute();

/** What a provider needs to find each post. */
export const findPostsToRefresh = (db: Database, postIds: string[]) =>
  db
    .selectFrom('posts')
    .select(['id', 'platform', 'postId', 'link', 'coverHash'])
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
