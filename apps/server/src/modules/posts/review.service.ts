import type { ParsedBody, posts } from '@preffy/api';
import {
  type DisqualificationChoice,
  NO_CREATIVE_DIRECTION_MESSAGE,
  POST_LINK_MESSAGES,
  type ReviewScore,
  isBlankRichText,
  scorePost,
} from '@preffy/domain';
import type { Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { PostsTable } from '../../db/schema.ts';
import { now } from '../../lib/clock.ts';
import { AppError, VersionConflict, isUniqueViolation, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/types.ts';
import { recordAudit } from '../audit/index.ts';
import { findCompetition } from '../competitions/index.ts';
import { enqueueEmail } from '../email/index.ts';
import { normalisePostLink } from './posts.service.ts';
import { toReviewPost } from './review-post.ts';
import { type ReviewRow, duplicateVideo, findReviewRow, updatePostVersioned } from './review.repository.ts';

export type ReviewOptions = {
  /** Likes a post gains per referral at Love or Like (REFERRAL_BONUS_LIKES, decision 0022). */
  referralBonusLikes: number;
  shortLinkBaseUrl?: string;
  timeoutMs: number;
};

/** The post as stored, with the version the caller read; a deleted one is gone for review. */
async function livePost(db: Database, id: string, version: number) {
  const row = await findReviewRow(db, id);
  if (!row || row.deleted === 1) throw notFound('Post');
  if (row.version !== version) throw new VersionConflict('posts', row);
  return row;
}

/** A write that may run into the one-live-video-per-competition index (restore, new link). */
async function unlessDuplicate<T>(write: () => Promise<T>) {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateVideo(POST_LINK_MESSAGES.duplicate);
    throw error;
  }
}

/**
 * Love or Like: the creativity score, the referral bonus (referrals × the configured bonus)
 * and likes as base likes plus that bonus; a post scored again replaces its old bonus.
 */
export function scoreReviewPost(
  db: Database,
  user: SessionUser,
  id: string,
  input: { version: number; score: ReviewScore },
  options: Pick<ReviewOptions, 'referralBonusLikes'>,
) {
  return db.transaction().execute(async (trx) => {
    const row = await livePost(trx, id, input.version);
    const scored = scorePost(
      { likes: row.likes, bonusLikes: row.bonusLikes, referralCount: Number(row.referralCount ?? 0) },
      input.score,
      options.referralBonusLikes,
    );
    const post = await updatePostVersioned(trx, id, input.version, {
      ...scored,
      reviewedAt: now(),
      reviewedBy: user.id,
    });
    await recordAudit(trx, {
      actorId: user.id,
      entity: 'post',
      entityId: id,
      action: `score:${input.score}`,
      changes: {
        creativityScore: { from: row.creativityScore, to: scored.creativityScore },
        bonusLikes: { from: row.bonusLikes, to: scored.bonusLikes },
        likes: { from: row.likes, to: scored.likes },
      },
    });
    return post;
  });
}

/**
 * Delete from review: every choice but No Email queues the matching Post Disqualification
 * email to the creator, then the post is soft-deleted with the choice, all in one transaction.
 * 'Creative Direction Issue' is refused for a competition without a creative direction.
 */
export function disqualifyPost(
  db: Database,
  user: SessionUser,
  id: string,
  input: { version: number; choice: DisqualificationChoice },
) {
  return db.transaction().execute(async (trx) => {
    const row = await livePost(trx, id, input.version);
    if (input.choice !== 'none') {
      const competition = await findCompetition(trx, row.competitionId);
      // Its email tells the creator they missed the direction: there must be one to miss.
      if (input.choice === 'creative-direction' && isBlankRichText(competition?.creativeDirection))
        throw new AppError(400, 'VALIDATION', NO_CREATIVE_DIRECTION_MESSAGE, {
          fieldErrors: { choice: [NO_CREATIVE_DIRECTION_MESSAGE] },
        });
      await enqueueEmail(trx, {
        kind: 'post-disqualification',
        data: {
          name: row.creator,
          link: row.link,
          competition: competition?.name ?? '',
          reason: input.choice,
        },
        to: [{ email: row.email, name: row.creator }],
        related: { entity: 'post', id },
        createdBy: user.id,
      });
    }
    const post = await updatePostVersioned(trx, id, input.version, {
      deleted: 1,
      deletedReason: 'disqualified',
      disqualification: input.choice,
    });
    await recordAudit(trx, {
      actorId: user.id,
      entity: 'post',
      entityId: id,
      action: 'disqualify',
      changes: { choice: input.choice, emailed: input.choice !== 'none' },
    });
    return post;
  });
}

export const NOT_DELETED_MESSAGE = 'This post is not deleted';

/** What bringing a post back sets: live, and its flags notes from now on. */
const RESTORED = { deleted: 0, deletedReason: null, disqualification: null, flagsCleared: 1 } as const;

/** Restore: a post the flags, a reviewer or an admin removed comes back; its flags stay as notes. */
export function restorePost(db: Database, user: SessionUser, id: string, input: { version: number }) {
  return db.transaction().execute(async (trx) => {
    const row = await findReviewRow(trx, id);
    if (!row) throw notFound('Post');
    if (row.version !== input.version) throw new VersionConflict('posts', row);
    if (row.deleted === 0) throw new AppError(409, 'NOT_DELETED', NOT_DELETED_MESSAGE);
    const post = await unlessDuplicate(() => updatePostVersioned(trx, id, input.version, RESTORED));
    await recordAudit(trx, {
      actorId: user.id,
      entity: 'post',
      entityId: id,
      action: 'restore',
      changes: { deletedReason: row.deletedReason, disqualification: row.disqualification },
    });
    return post;
  });
}

type UpdateInput = ParsedBody<typeof posts.update>;

/**
 * The Edit modal, the card's link box and the zero-likes input: only the fields sent change. A
 * new link is checked like an entry's (parsed, short links followed, one live entry per video);
 * isDeleted removes (reason 'admin') or restores (as Restore does). The flags do not run on a
 * staff edit (likes typed on a zero-likes card would read as 'likes exceed views' while the
 * provider reports no views): they run again at the next refresh (decision 0023).
 */
export async function updatePost(
  db: Database,
  user: SessionUser,
  id: string,
  input: UpdateInput,
  options: Pick<ReviewOptions, 'shortLinkBaseUrl' | 'timeoutMs'>,
) {
  const before = await findReviewRow(db, id);
  if (!before) throw notFound('Post');
  // The link is resolved before the transaction: a short link may take a network round trip.
  const video =
    input.link !== undefined && input.link.trim() !== before.link
      ? await normalisePostLink(input.link, options)
      : undefined;
  return db.transaction().execute(async (trx) => {
    const row = await findReviewRow(trx, id);
    if (!row) throw notFound('Post');
    if (row.version !== input.version) throw new VersionConflict('posts', row);
    const patch: Updateable<PostsTable> = {};
    if (input.email !== undefined) patch.email = input.email.trim().toLowerCase();
    if (input.creator !== undefined) patch.creator = input.creator.trim();
    if (input.likes !== undefined) patch.likes = input.likes;
    if (video && video.url !== row.link)
      Object.assign(patch, {
        link: video.url,
        platform: video.platform,
        postId: video.postId,
        author: video.handle,
      });
    if (input.isDeleted === true && row.deleted === 0)
      Object.assign(patch, { deleted: 1, deletedReason: 'admin' });
    if (input.isDeleted === false && row.deleted === 1) Object.assign(patch, RESTORED);
    const changes = changedFields(row, patch);
    // Nothing differs: nothing is written, and the version stays.
    if (Object.keys(changes).length === 0) return toReviewPost(row);
    await unlessDuplicate(() => updatePostVersioned(trx, id, input.version, patch));
    await recordAudit(trx, { actorId: user.id, entity: 'post', entityId: id, action: 'update', changes });
    return toReviewPost((await findReviewRow(trx, id))!);
  });
}

function changedFields(row: ReviewRow, patch: Updateable<PostsTable>) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [key, to] of Object.entries(patch)) {
    const from = row[key as keyof ReviewRow];
    if (from !== to) changes[key] = { from, to };
  }
  return changes;
}
