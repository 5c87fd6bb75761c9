import type { ListPostsQuery } from '@preffy/api';
import type { Insertable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { PostsTable } from '../../db/schema.ts';
import { newId } from '../../lib/clock.ts';
import { matchesSearch, paged } from '../../lib/paging.ts';
import { sortExpression } from '../../lib/natural-order.ts';

/** A competition's posts, filtered, sorted and paged. */
export async function listPosts(db: Database, competitionId: string, q: ListPostsQuery) {
  let base = db.selectFrom('posts').where('competitionId', '=', competitionId).where('deleted', '=', 0);
  if (q.failedOnly) base = base.where('statsError', 'is not', null);
  if (q.search) base = base.where((eb) => matchesSearch(eb, ['creator', 'email', 'link'], q.search!));
  return paged(q, base, (posts) =>
    posts
      .selectAll()
      .orderBy(sortExpression(q.sortBy, ['creator']), q.sortDirection)
      .orderBy('id'),
  );
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

/**
 * Stores a post. `ref` is the ?ref= of the public page the creator came from (decision 0024):
 * when it names a live post of the same competition by another creator, the new post came
 * through that one, so that post gains a referral with the new post's link and id (it counts
 * only while the new post is live, see countsAsReferral). Any other ref
 * (the emails' 'fancy' or 'basic' tags) only tags the visit and makes no referral.
 */
export async function insertPost(db: Database, post: Insertable<PostsTable>, ref?: string) {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('posts').values(post).execute();
    if (!ref) return;
    const referrer = await trx
      .selectFrom('posts')
      .select('id')
      .where('id', '=', ref)
      .where('competitionId', '=', post.competitionId)
      .where('deleted', '=', 0)
      // A creator cannot refer themselves: the bonus is for bringing someone else in.
      .where('email', '!=', post.email)
      .executeTakeFirst();
    if (referrer)
      await trx
        .insertInto('referrals')
        .values({
          id: newId(),
          version: 1,
          deleted: 0,
          createdAt: post.createdAt,
          updatedAt: post.updatedAt,
          postId: referrer.id,
          referringLink: post.link,
          referringPostId: post.id,
        })
        .execute();
  });
}
