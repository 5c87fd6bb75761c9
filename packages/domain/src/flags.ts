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
export type PostFlag = { code: FlagCode; message: (typeof FLAG_MESSAGES)[FlagCode] };

export const LIKES_EXCEED_VIEWS_MIN_LIKES = 10;
export const RATIO_CHECK_MIN_LIKES = 1000;
/** Like-to-view ratios above which a post is suspicious: TikTok is stricter. */
export const SUSPICIOUS_RATIO: Record<string, number> = { tiktok: 0.5, instagram: 0.7, youtube: 0.7 };

export type FlaggablePost = {
  postedDate: number | null;
  country: string | null;
  likes: number;
  views: number;
  platform: string;
  email: string;
  /** The platform's own id of the video. */
  postId: string | null;
};
export type FlagCompetition = {
  startDate: number;
  countries?: readonly string[] | null;
  continents?: readonly string[] | null;
};
export type FlagContext = {
  bannedEmails: Iterable<string>;
  /** Platform ids of the competition's already scored posts (other than this one). */
  scoredPostIds: Iterable<string>;
  timeZone?: string;
};

const flag = (code: FlagCode): PostFlag => ({ code, message: FLAG_MESSAGES[code] });

/** Every flag that applies to a post; unknown data (no date, no country) raises none. */
export function postFlags(post: FlaggablePost, competition: FlagCompetition, ctx: FlagContext): PostFlag[] {
  const flags: PostFlag[] = [];
  const timeZone = ctx.timeZone ?? DEFAULT_TIME_ZONE;
  if (post.postedDate !== null && post.postedDate < startOfDay(competition.startDate, timeZone)) {
    flags.push(flag('invalidPostDate'));
  }
  if (post.country && !isCountryAllowed(post.country, competition)) flags.push(flag('invalidCountry'));
  if (post.likes > post.views && post.likes > LIKES_EXCEED_VIEWS_MIN_LIKES)
    flags.push(flag('likesExceedViews'));
  const ratioLimit = SUSPICIOUS_RATIO[post.platform.trim().toLowerCase()] ?? SUSPICIOUS_RATIO.instagram!;
  if (post.likes > RATIO_CHECK_MIN_LIKES && (post.views === 0 || post.likes / post.views > ratioLimit)) {
    flags.push(flag('investigate'));
  }
  const email = post.email.trim().toLowerCase();
  if ([...ctx.bannedEmails].some((b) => b.trim().toLowerCase() === email)) flags.push(flag('bannedUser'));
  if (post.postId && [...ctx.scoredPostIds].includes(post.postId)) flags.push(flag('possibleDuplicate'));
  return flags;
}
