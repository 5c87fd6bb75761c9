import type { PageQuery } from '@preffy/api';
import { resetReferralBonus } from '@preffy/domain';
import type { Database } from '../../db/database.ts';
import { VersionConflict, notFound } from '../../lib/errors.ts';
import { staleOrGone } from '../../lib/versioned.ts';
import type { SessionUser } from '../../plugins/types.ts';
import { recordAudit } from '../audit/index.ts';
import { findVisibleCompetition } from '../competitions/index.ts';
import { isVisible, toReviewPost, updatePostRecord } from '../posts/index.ts';
import { findPostWithReferrals, listReferrals, promotionCreatorEmails } from './referrals.repository.ts';

/** The emails in a promotion's creatorEmails column (legacy rows may hold anything). */
function emailsOf(json: string): string[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((e): e is string => typeof e === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The referral screens' creator select: every email of the competition's promotions, once,
 * sorted. Read and paged here rather than in SQL: the emails are JSON arrays (each database
 * unnests them differently) and a competition has a handful of promotions.
 */
export async function referralCreators(db: Database, user: SessionUser, competitionId: string, q: PageQuery) {
  const competition = await findVisibleCompetition(db, user, competitionId);
  const search = q.search?.toLowerCase();
  const emails = [
    ...new Set(
      (await promotionCreatorEmails(db, competition.id))
        .flatMap(emailsOf)
        .map((e) => e.trim().toLowerCase())
        .filter((e) => e !== '' && (!search || e.includes(search))),
    ),
  ].sort();
  if (q.sortDirection === 'desc') emails.reverse();
  const start = (q.page - 1) * q.pageSize;
  return { items: emails.slice(start, start + q.pageSize).map((email) => ({ email })), total: emails.length };
}

/** A post the caller may see (its competition visible to them), else 404 like a missing one. */
async function visiblePost(
  db: Database,
  user: SessionUser,
  postId: string,
  options: { liveOnly?: boolean } = {},
) {
  const post = await findPostWithReferrals(db, postId, options);
  if (!post || !(await isVisible(db, user, post.competitionId))) throw notFound('Post');
  return post;
}

/** The links that came in through a post (its referrals), paged. */
export async function postReferrals(db: Database, user: SessionUser, postId: string, q: PageQuery) {
  const post = await visiblePost(db, user, postId);
  return listReferrals(db, post.id, q);
}

/**
 * Reset (referral reset table, doc 2 section 4): bonusLikes to 0 and likes less the former
 * bonus, on the version the caller read, audited. The referrals stay: a later Love or Like
 * grants their bonus again. A post not yet scored has no bonus and stays unscored (a bonus of
 * 0 would take it out of the review queue), so resetting it changes nothing.
 */
export async function resetReferrals(db: Database, user: SessionUser, postId: string, version: number) {
  const post = await visiblePost(db, user, postId, { liveOnly: true });
  if (post.version !== version) throw new VersionConflict('posts', post);
  if (post.bonusLikes === null) return toReviewPost(post);
  const reset = resetReferralBonus(post);
  await db.transaction().execute(async (trx) => {
    await updatePostRecord(trx, post.id, post.version, reset, {
      onMiss: async () =>
        staleOrGone('posts', await findPostWithReferrals(trx, postId, { liveOnly: true }), 'Post'),
    });
    await recordAudit(trx, {
      actorId: user.id,
      entityId: post.id,
      entity: 'post',
      action: 'reset-referrals',
      changes: {
        bonusLikes: { from: post.bonusLikes, to: reset.bonusLikes },
        likes: { from: post.likes, to: reset.likes },
      },
    });
  });
  return toReviewPost((await findPostWithReferrals(db, postId))!);
}
