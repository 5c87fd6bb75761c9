import type { ReplyOf, StoredPostFlag, posts } from '@preffy/api';
import { profileUrl, riskScore } from '@preffy/domain';
import type { ExpressionBuilder, Selectable } from 'kysely';
import type { DB, PostsTable } from '../../db/schema.ts';

/** A post as review and moderation answer it (reviewPostSchema in @preffy/api). */
export type ReviewPostReply = ReplyOf<typeof posts.score>['post'];

/**
 * The referrals that count (decision 0024): live ones whose referring post is live, or unknown
 * (legacy rows stored only its link). A referring post disqualified, flagged or deleted by an
 * admin stops counting; restored, it counts again.
 */
export const countsAsReferral = (eb: ExpressionBuilder<DB, 'referrals'>) =>
  eb.and([
    eb('referrals.deleted', '=', 0),
    eb.or([
      eb('referrals.referringPostId', 'is', null),
      eb.exists(
        eb
          .selectFrom('posts as referring')
          .select('referring.id')
          .whereRef('referring.id', '=', 'referrals.referringPostId')
          .where('referring.deleted', '=', 0),
      ),
    ]),
  ]);

/** `select(referralCount)` beside a post's columns: how many counting referrals point at it. */
export const referralCount = (eb: ExpressionBuilder<DB, 'posts'>) =>
  eb
    .selectFrom('referrals')
    .where(countsAsReferral)
    .select((r) => r.fn.countAll<number>().as('n'))
    .whereRef('referrals.postId', '=', 'posts.id')
    .as('referralCount');

/** `select(duplicateAttemptCount)`: how many entries were refused for repeating this post. */
export const duplicateAttemptCount = (eb: ExpressionBuilder<DB, 'posts'>) =>
  eb
    .selectFrom('duplicateAttempts')
    .select((d) => d.fn.countAll<number>().as('n'))
    .whereRef('duplicateAttempts.earlierPostId', '=', 'posts.id')
    .as('duplicateAttempts');

/** What a review answer counts beside a post's columns: its referrals and refused repeats. */
export const reviewCounts = (eb: ExpressionBuilder<DB, 'posts'>) => [
  referralCount(eb),
  duplicateAttemptCount(eb),
];

/** The stored flags, or none when the column holds something unreadable (legacy rows). */
export function storedFlags(json: string): StoredPostFlag[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? (parsed as StoredPostFlag[]) : [];
  } catch {
    return [];
  }
}

/** A posts row (with its referral count) in its public review shape. */
export function toReviewPost(
  row: Selectable<PostsTable> & {
    referralCount: number | string | bigint | null;
    duplicateAttempts: number | string | bigint | null;
  },
): ReviewPostReply {
  return {
    id: row.id,
    version: row.version,
    createdAt: Number(row.createdAt),
    competitionId: row.competitionId,
    link: row.link,
    email: row.email,
    creator: row.creator,
    platform: row.platform,
    postId: row.postId,
    likes: row.likes,
    views: row.views,
    viewsKind: row.viewsKind,
    comments: row.comments,
    shares: row.shares,
    bonusLikes: row.bonusLikes,
    creativityScore: row.creativityScore,
    source: row.source,
    country: row.country,
    author: row.author,
    postedDate: row.postedDate === null ? null : Number(row.postedDate),
    statsCheckedAt: row.statsCheckedAt === null ? null : Number(row.statsCheckedAt),
    statsProvider: row.statsProvider,
    statsError: row.statsError,
    statsFailure: row.statsFailure,
    deleted: row.deleted === 1,
    referralCount: Number(row.referralCount ?? 0),
    duplicateAttempts: Number(row.duplicateAttempts ?? 0),
    flags: storedFlags(row.flags),
    risk: riskScore(storedFlags(row.flags)),
    flagsCleared: row.flagsCleared === 1,
    providerCountry: row.providerCountry,
    deletedReason: row.deletedReason,
    disqualification: row.disqualification as ReviewPostReply['disqualification'],
    profileUrl: profileUrl(row.platform, row.author ?? row.creator),
  };
}
