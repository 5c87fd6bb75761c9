import { isIntegritySignalCode } from './integrity-signals.ts';
import type { PostFlag, ViewsKind } from './flags.ts';

/** Love and Like on the review card (doc 2 sections 4 and 9): the creativity score each gives. */
export const REVIEW_SCORES = { love: 100, like: 10 } as const;
export type ReviewScore = keyof typeof REVIEW_SCORES;

/** The review grid's page: 10 cards, Load More adds 10 (doc 2 section 9). */
export const REVIEW_PAGE_SIZE = 10;

/**
 * Likes a post gains per referral (a creator's link that brought another creator in). The
 * legacy stored the bonus but never said how it was made; decision 0022 sets it per referral,
 * configurable with REFERRAL_BONUS_LIKES.
 */
export const DEFAULT_REFERRAL_BONUS_LIKES = 100;

/**
 * What Love or Like saves: the score, the referral bonus and the likes as base likes plus that
 * bonus. A post scored again (after a restore) counts its old bonus once, not twice. The base
 * never goes below 0 (staff may have typed fewer likes than the old bonus on /correct).
 */
export function scorePost(
  post: { likes: number; bonusLikes: number | null; referralCount: number },
  score: ReviewScore,
  bonusPerReferral: number,
) {
  const baseLikes = Math.max(0, post.likes - (post.bonusLikes ?? 0));
  const bonusLikes = post.referralCount * bonusPerReferral;
  return { creativityScore: REVIEW_SCORES[score], bonusLikes, likes: baseLikes + bonusLikes };
}

/**
 * Reset (referral reset table): the bonus goes to 0 and the likes lose it (doc 2 section 4),
 * never below 0 likes.
 */
export function resetReferralBonus(post: { likes: number; bonusLikes: number | null }) {
  return { bonusLikes: 0, likes: Math.max(0, post.likes - (post.bonusLikes ?? 0)) };
}

/** The Delete dialog's choices (doc 2 section 8): every one but No Email mails the creator. */
export const DISQUALIFICATION_CHOICES = ['none', 'general', 'creative-direction', 'volume'] as const;
export type DisqualificationChoice = (typeof DISQUALIFICATION_CHOICES)[number];
export const DISQUALIFICATION_LABELS: Record<DisqualificationChoice, string> = {
  none: 'No Email',
  general: 'General Disqualification',
  'creative-direction': 'Creative Direction Issue',
  volume: 'Volume Issue',
};
/** Why 'Creative Direction Issue' is refused: the competition gave creators no direction to miss. */
export const NO_CREATIVE_DIRECTION_MESSAGE =
  'This competition has no creative direction: choose another reason';

/** The Delete dialog's choices for a competition: the creative one only when it has a direction. */
export const disqualificationChoicesFor = (hasCreativeDirection: boolean) =>
  DISQUALIFICATION_CHOICES.filter((choice) => hasCreativeDirection || choice !== 'creative-direction');

export const DELETE_POST_DIALOG = {
  title: 'Confirm deletion',
  body: 'Are You Sure You Want To Do This?',
} as const;

/**
 * Flags that only annotate a post instead of taking it out of the queue: 'Investigate further
 * for cheating' on Instagram and YouTube (on TikTok it deletes, doc 2 section 5), the earlier
 * view spike note, and the integrity signals but the high view spike.
 */
export function isNoteOnly(flag: Pick<PostFlag, 'code'> | { code: string }, platform: string) {
  if (flag.code === 'viewSpike') return true;
  // The integrity signals (issue 42, decision 0131): only the high view spike removes.
  if (isIntegritySignalCode(flag.code)) return flag.code !== 'viewSpikeHigh';
  return flag.code === 'investigate' && platform.trim().toLowerCase() !== 'tiktok';
}

/** Whether a post's flags take it out of the queue (it is soft-deleted with them). */
export const flagsRemovePost = (flags: readonly { code: string }[], platform: string) =>
  flags.some((f) => !isNoteOnly(f, platform));

/**
 * A sudden view spike between two snapshots (beyond the legacy): growth per hour above these
 * shares of the earlier views (3 = 300 %). Only a note, never a delete.
 */
export const VIEW_SPIKE_GROWTH_PER_HOUR: Record<string, number> = { tiktok: 3, instagram: 2.5, youtube: 2.8 };
/** Below this many views growth is noise (10 → 60 views is not a spike worth a look). */
export const VIEW_SPIKE_MIN_VIEWS = 1000;
export const VIEW_SPIKE_MESSAGE = 'Sudden view spike';
export type ViewSpike = {
  code: 'viewSpike';
  message: typeof VIEW_SPIKE_MESSAGE;
  values: {
    fromViews: number;
    toViews: number;
    /** The real time between the two readings, for the note. */
    seconds: number;
    /** The time the growth was spread over: the real time, but at least an hour. */
    hours: number;
    growthPerHour: number;
    limit: number;
  };
};

const HOUR = 3_600_000;

/**
 * Superseded for new readings by `viewSpikeSignal` (integrity-signals.ts, decision 0131): kept
 * because flags stored before carry its shape ('viewSpike'), which screens still show.
 * The largest spike between consecutive snapshots, or null. Snapshots less than an hour apart
 * count as an hour, so two refreshes a minute apart cannot make a spike out of normal growth.
 */
export function viewSpike(
  snapshots: readonly { at: number; views: number; viewsKind?: ViewsKind }[],
  platform: string,
): ViewSpike | null {
  const limit =
    VIEW_SPIKE_GROWTH_PER_HOUR[platform.trim().toLowerCase()] ?? VIEW_SPIKE_GROWTH_PER_HOUR.instagram!;
  // Only counted views can spike: an estimate moves with the likes, and unknown is not zero.
  const ordered = snapshots
    .filter((s) => (s.viewsKind ?? 'reported') === 'reported')
    .sort((a, b) => a.at - b.at);
  let worst: ViewSpike | null = null;
  for (let i = 1; i < ordered.length; i++) {
    const before = ordered[i - 1]!;
    const after = ordered[i]!;
    if (before.views < VIEW_SPIKE_MIN_VIEWS || after.views <= before.views) continue;
    const hours = Math.max(1, (after.at - before.at) / HOUR);
    const growthPerHour = (after.views - before.views) / before.views / hours;
    if (growthPerHour > limit && (!worst || growthPerHour > worst.values.growthPerHour)) {
      worst = {
        code: 'viewSpike',
        message: VIEW_SPIKE_MESSAGE,
        values: {
          fromViews: before.views,
          toViews: after.views,
          seconds: Math.round((after.at - before.at) / 1000),
          hours: Math.round(hours * 10) / 10,
          growthPerHour: Math.round(growthPerHour * 100) / 100,
          limit,
        },
      };
    }
  }
  return worst;
}
