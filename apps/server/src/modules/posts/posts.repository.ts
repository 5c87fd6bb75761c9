import type { ListPostsQuery } from '@preffy/api';
import type { Insertable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { PostsTable } from '../../db/schema.ts';
import { newId } from '../../lib/clock.ts';
import { matchesSearch, paged } from '../../lib/paging.ts';

/** A competition's posts, filtered, sorted and paged. */
export async function listPosts(db: Database, competitionId: string, q: ListPostsQuery) {
  let base = db.selectFrom('posts').where('competitionId', '=', competitionId).where('deleted', '=', 0);
  if (q.failedOnly) base = base.where('statsError', 'is not', null);
  if (q.search) base = base.where((eb) => matchesSearch(eb, ['creator', 'email', 'link'], q.search!));
  return paged(q, base, (posts) => posts.selectAll().orderBy(q.sortBy, q.sortDirection).orderBy('id'));
}

/** A live post and the competition it belongs to. */
export const findPost = (db: Database, id: string) =>
  db
    .selectFrom('posts')
    .select(['id', 'competitionId'])
    .where('id', '=', id)
    .where('deleted', '=', 0)
    .executeTakeFirst();

/** A post's newest refreshes (at most `limit`), oldest first. */
export async function listSnapshots(db: Database, postId: string, limit = 500) {
  const rows = await db
    .selectFrom('postSnapshots')
    .select(['at', 'likes', 'views', 'comments', 'shares'])
    .where('postId', '=', postId)
    .orderBy('at', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse().map((r) => ({ ...r, at: Number(r.at) }));
}

/** Stores a post and, when it came through a referring link, that link as its referral. */
export async function insertPost(db: Database, post: Insertable<PostsTable>, referringLink?: string) {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('posts').values(post).execute();
    if (referringLink)
      await trx
        .insertInto('referrals')
        .values({
          id: newId(),
          version: 1,
          deleted: 0,
          createdAt: post.createdAt,
          updatedAt: post.updatedAt,
          postId: post.id,
          referringLink,
        })
        .execute();
  });
}
