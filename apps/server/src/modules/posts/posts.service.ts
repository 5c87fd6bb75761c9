import {
  type EntryChannel,
  POST_LINK_MESSAGES,
  PLATFORM_NAMES,
  type PostPlatform,
  parsePostLink,
  platformNotTakenMessage,
} from '@preffy/domain';
import type { Database } from '../../db/database.ts';
import { newRecord, now } from '../../lib/clock.ts';
import { AppError, isUniqueViolation, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/types.ts';
import { findCompetition, findVisibleCompetition } from '../competitions/index.ts';
import { checkPostFlags } from './post-flags.ts';
import { findPost, insertPost, listSnapshots } from './posts.repository.ts';
import { resolveShortLink } from './short-links.ts';
import { recordDuplicateAttempt } from './duplicate-attempts.repository.ts';

export type NewPost = {
  competitionId: string;
  email: string;
  creator: string;
  link: string;
  /**
   * The ?ref= of the public page the creator came from: when it names a live post of the same
   * competition, the new post is stored as that post's referral (decision 0024).
   */
  ref?: string | null;
  source?: '' | 'genni';
  /** How it arrived and which staff member sent it: kept if it is refused as a duplicate. */
  via?: EntryChannel;
  attemptedBy?: string | null;
  likes?: number;
  views?: number;
  /** From an import file: the platform its row names, which must be the link's. */
  expectedPlatform?: string;
};

const linkError = (message: string, status = 400) =>
  new AppError(status, status === 409 ? 'DUPLICATE' : 'VALIDATION', message, {
    fieldErrors: { link: [message] },
  });

/** The link as one canonical video address with its platform and id, short links followed. */
export async function normalisePostLink(
  link: string,
  options: { shortLinkBaseUrl?: string; timeoutMs: number },
) {
  let parsed = parsePostLink(link);
  if (parsed.kind === 'short') {
    const resolved = await resolveShortLink(parsed.url, {
      baseUrl: options.shortLinkBaseUrl,
      timeoutMs: options.timeoutMs,
    });
    if (!resolved) throw linkError(POST_LINK_MESSAGES.unresolved);
    parsed = parsePostLink(resolved);
  }
  if (parsed.kind !== 'post') throw linkError(POST_LINK_MESSAGES.invalid);
  return parsed;
}

/**
 * A post enters a competition: its link normalised (the same video cannot enter twice, even
 * when two submissions race: a unique index decides), unscored (bonusLikes null) until review.
 * Closed or ended competitions, holds (not confirmed: as if missing) and competitions before
 * their start accept nothing unless staff add it by hand. The automatic flags run on it at once.
 */
export async function addPost(
  db: Database,
  input: NewPost,
  options: { shortLinkBaseUrl?: string; timeoutMs: number; timeZone: string; allowClosed?: boolean },
) {
  const competition = await findCompetition(db, input.competitionId);
  // An unannounced hold answers like a missing competition: it has no public page either.
  if (!competition || (!options.allowClosed && competition.isConfirmed !== 1)) throw notFound('Competition');
  // Past its end date it takes nothing, even before staff mark it Completed.
  const ended = competition.hasEnded === 1 || Number(competition.endDate) <= now();
  if (!options.allowClosed && (competition.isClosed === 1 || ended))
    throw new AppError(409, 'CLOSED', POST_LINK_MESSAGES.closed);
  if (!options.allowClosed && Number(competition.startDate) > now())
    throw new AppError(409, 'NOT_STARTED', POST_LINK_MESSAGES.notStarted);
  const video = await normalisePostLink(input.link, options);
  if (input.expectedPlatform && input.expectedPlatform !== video.platform)
    throw linkError(
      `This link is for ${PLATFORM_NAMES[video.platform]}, not ${PLATFORM_NAMES[input.expectedPlatform as PostPlatform] ?? input.expectedPlatform}`,
    );
  // Every channel, staff's too: a video on a platform the contest does not list cannot win it.
  const notTaken = platformNotTakenMessage(JSON.parse(competition.platforms) as string[], video.platform);
  if (notTaken) throw linkError(notTaken);
  const post = {
    ...newRecord(),
    competitionId: competition.id,
    link: video.url,
    email: input.email.trim().toLowerCase(),
    creator: input.creator.trim(),
    platform: video.platform,
    postId: video.postId,
    likes: input.likes ?? 0,
    views: input.views ?? 0,
    // An entry without a view count has none yet: unknown until a refresh reads it (0097).
    viewsKind: input.views === undefined ? ('unknown' as const) : ('reported' as const),
    bonusLikes: null,
    creativityScore: 0,
    source: input.source ?? '',
    shares: 0,
    comments: 0,
    postedDate: null,
    country: null,
    author: video.handle,
  };
  try {
    await insertPost(db, post, input.ref?.trim() || undefined);
  } catch (error) {
    if (isUniqueViolation(error)) {
      // Refused, but not forgotten: staff see who tried to enter whose video again.
      await recordDuplicateAttempt(
        db,
        {
          competitionId: competition.id,
          platform: video.platform,
          postId: video.postId,
          email: post.email,
          creator: post.creator,
          link: post.link,
          via: input.via ?? 'form',
          attemptedBy: input.attemptedBy ?? null,
        },
        now(),
      );
      throw linkError(POST_LINK_MESSAGES.duplicate, 409);
    }
    throw error;
  }
  // A banned creator or a video already judged leaves the queue at once (decision 0023).
  await checkPostFlags(db, post.id, options.timeZone);
  return post;
}

/**
 * A post's numbers at each refresh, if the user may see its competition: a post of a
 * competition they may not see is answered like a missing post.
 */
export async function postSnapshots(db: Database, user: SessionUser, postId: string) {
  const post = await findPost(db, postId);
  if (!post || !(await isVisible(db, user, post.competitionId))) throw notFound('Post');
  return listSnapshots(db, post.id);
}

/** findVisibleCompetition as a yes or no, for records answered as their own 404. */
export async function isVisible(db: Database, user: SessionUser, competitionId: string) {
  try {
    await findVisibleCompetition(db, user, competitionId);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) return false;
    throw error;
  }
}
