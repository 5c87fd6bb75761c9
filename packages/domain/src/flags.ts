import { isCountryAllowed } from './countries.ts';
import { DEFAULT_TIME_ZONE, startOfDay } from './dates.ts';

/** The automatic review flags and their exact messages (doc 2 section 5). */
export const FLAG_MESSAGES = {
  invalidPostDate: 'Invalid Post Date',
  invalidCountry: 'Invalid Country',
  likesExceedViews: 'CHEATING! Likes exceed views',
  investigate: 'Investigate further for cheating',
  bannedUser: 'Banned User',
  possibleDuplicate: 'Possible Duplicate',
} as const;
export type FlagCode = keyof typeof FLAG_MESSAGES;
/**
 * A raised flag: its code, the spec's message, and the numbers that raised it (so a reviewer
 * sees why, and the web builds the sentence from a translated template).
 */
export type PostFlag = {
  code: FlagCode;
  message: (typeof FLAG_MESSAGES)[FlagCode];
  values: Record<string, number | string>;
};

/**
 * Where a post's views come from (decision 0097): the platform's own count, none at all (a
 * provider answered likes but no views, as Instagram does for photos and some reels), or an
 * estimate (Instagram's embed page gives likes only: views are taken as 4 × likes). Unknown is
 * not zero, and an estimate is not a count: only reported views can raise a cheating flag.
 */
export const VIEWS_KINDS = ['reported', 'unknown', 'estimated'] as const;
export type ViewsKind = (typeof VIEWS_KINDS)[number];
/** The spec's estimate from Instagram's embed page: views are four times the likes. */
export const ESTIMATED_VIEWS_PER_LIKE = 4;
export const estimateViews = (likes: number) => likes * ESTIMATED_VIEWS_PER_LIKE;

export const LIKES_EXCEED_VIEWS_MIN_LIKES = 10;
export const RATIO_CHECK_MIN_LIKES = 1000;
/** Like-to-view ratios above which a post is suspicious: TikTok is stricter. */
export const SUSPICIOUS_RATIO: Record<string, number> = { tiktok: 0.5, instagram: 0.7, youtube: 0.7 };

export type FlaggablePost = {
  postedDate: number | null;
  country: string | null;
  likes: number;
  views: number;
  /** Reported when not said (entries before decision 0097 had only reported views). */
  viewsKind?: ViewsKind;
  platform: string;
  email: string;
  /** The platform's own id of the video. */
  postId: string | null;
  /** The creator's handle on the platform. */
  creator?: string;
};
export type FlagCompetition = {
  startDate: number;
  countries?: readonly string[] | null;
  continents?: readonly string[] | null;
};
/** An earlier, already scored entry of the same video in the competition (removed ones too). */
export type ScoredEntry = { id: string; postId: string; creator: string; link: string; deleted: boolean };
export type FlagContext = {
  bannedEmails: Iterable<string>;
  /**
   * A banned address whose earlier entries used this post's handle on the same platform (issue
   * 42): ban evasion under a new email is a banned user too.
   */
  bannedHandleEmail?: string | null;
  /** The competition's already scored posts (other than this one). */
  scoredEntries: readonly ScoredEntry[];
  timeZone?: string;
};

const flag = (code: FlagCode, values: PostFlag['values'] = {}): PostFlag => ({
  code,
  message: FLAG_MESSAGES[code],
  values,
});

/** Every flag that applies to a post; unknown data (no date, no country, no views) raises none. */
export function postFlags(post: FlaggablePost, competition: FlagCompetition, ctx: FlagContext): PostFlag[] {
  const flags: PostFlag[] = [];
  const timeZone = ctx.timeZone ?? DEFAULT_TIME_ZONE;
  if (post.postedDate !== null && post.postedDate < startOfDay(competition.startDate, timeZone)) {
    flags.push(
      flag('invalidPostDate', {
        postedDate: post.postedDate,
        // The start as stored (15:00 on its day) is what people know; the rule counts from its midnight.
        startDate: competition.startDate,
        startOfDay: startOfDay(competition.startDate, timeZone),
      }),
    );
  }
  if (post.country && !isCountryAllowed(post.country, competition))
    flags.push(flag('invalidCountry', { country: post.country }));
  const viewsCounted = (post.viewsKind ?? 'reported') === 'reported';
  if (viewsCounted && post.likes > post.views && post.likes > LIKES_EXCEED_VIEWS_MIN_LIKES)
    flags.push(flag('likesExceedViews', { likes: post.likes, views: post.views }));
  const ratioLimit = SUSPICIOUS_RATIO[post.platform.trim().toLowerCase()] ?? SUSPICIOUS_RATIO.instagram!;
  if (
    viewsCounted &&
    post.likes > RATIO_CHECK_MIN_LIKES &&
    (post.views === 0 || post.likes / post.views > ratioLimit)
  ) {
    const ratio = post.views === 0 ? 'infinite' : Math.round((post.likes / post.views) * 1000) / 1000;
    flags.push(flag('investigate', { likes: post.likes, views: post.views, ratio, limit: ratioLimit }));
  }
  const email = post.email.trim().toLowerCase();
  if ([...ctx.bannedEmails].some((b) => b.trim().toLowerCase() === email))
    flags.push(flag('bannedUser', { email: post.email }));
  else if (ctx.bannedHandleEmail)
    flags.push(
      flag('bannedUser', {
        email: post.email,
        handle: post.creator ?? '',
        bannedEmail: ctx.bannedHandleEmail,
      }),
    );
  const earlier = post.postId ? ctx.scoredEntries.find((e) => e.postId === post.postId) : undefined;
  if (earlier)
    flags.push(
      flag('possibleDuplicate', {
        postId: earlier.postId,
        // Which entry it repeats, so a reviewer can open it (it may have been removed since).
        earlierId: earlier.id,
        earlierCreator: earlier.creator,
        earlierLink: earlier.link,
        earlierRemoved: earlier.deleted ? 1 : 0,
      }),
    );
  return flags;
}
