import type { StoredPostFlag } from '@preffy/api';
import type { TFunction } from 'i18next';

type FlagCode = StoredPostFlag['code'];
type Value = StoredPostFlag['values'][string];

/** How one of a flag's numbers reads in a sentence. */
type Kind = 'count' | 'decimal' | 'percent' | 'dateTime' | 'duration' | 'minutes' | 'text';

/**
 * The numbers each flag's sentence names (postFlags and viewSpike in @preffy/domain), and how
 * each one is written. A flag stored without them (or with a code this screen does not know)
 * shows its title alone.
 */
const DETAILS: Record<FlagCode, Record<string, Kind>> = {
  invalidPostDate: { postedDate: 'dateTime', startDate: 'dateTime' },
  invalidCountry: { country: 'text' },
  likesExceedViews: { likes: 'count', views: 'count' },
  investigate: { likes: 'count', views: 'count', ratio: 'decimal', limit: 'decimal' },
  bannedUser: { email: 'text' },
  possibleDuplicate: { postId: 'text', earlierCreator: 'text' },
  viewSpike: {
    fromViews: 'count',
    toViews: 'count',
    seconds: 'duration',
    growthPerHour: 'percent',
    limit: 'percent',
  },
  // The integrity signals (issue 42, decision 0131): percentages are stored as percents.
  viewSpikeMedium: {
    fromViews: 'count',
    toViews: 'count',
    minutes: 'minutes',
    growthPercentPerHour: 'count',
    limitPercent: 'count',
  },
  viewSpikeHigh: {
    fromViews: 'count',
    toViews: 'count',
    minutes: 'minutes',
    growthPercentPerHour: 'count',
    limitPercent: 'count',
  },
  viewsWithoutEngagement: {
    fromViews: 'count',
    toViews: 'count',
    ratePercentBefore: 'decimal',
    ratePercentOfJump: 'decimal',
  },
  tooRegularGrowth: {
    readings: 'count',
    growthPercentPerHour: 'decimal',
    variationPercent: 'decimal',
    limitPercent: 'decimal',
  },
  suddenStop: { averageViewsPerHour: 'count', latestViewsPerHour: 'count' },
  lowEngagement: { views: 'count', likes: 'count', likeRatePercent: 'decimal', limitPercent: 'decimal' },
  highEngagement: { likeRatePercent: 'decimal', followers: 'count', limitPercent: 'decimal' },
  possibleRepost: { earlierCreator: 'text', distance: 'count' },
};
/** Banned User raised by a handle a banned address used before (ban evasion, issue 42). */
const BANNED_HANDLE: Record<string, Kind> = { handle: 'text', bannedEmail: 'text' };
/** A spike seen over a long window, beyond the post's pace before it (decision 0138). */
const BEYOND_PACE: Record<string, Kind> = { ...DETAILS.viewSpikeMedium, paceViewsPerHour: 'decimal' };

/** A flag's other sentence, when its stored values say it was raised another way. */
function variantOf(code: FlagCode, stored: StoredPostFlag['values']) {
  if (code === 'bannedUser' && stored.bannedEmail !== undefined)
    return { key: 'detailHandle', names: BANNED_HANDLE };
  if (code === 'viewSpikeMedium' && stored.paceViewsPerHour !== undefined)
    return { key: 'detailPace', names: BEYOND_PACE };
  return { key: 'detail', names: DETAILS[code] };
}

/** A value's name in the template when it differs from the stored one. */
const RENAMED: Record<string, string> = { growthPerHour: 'growth', seconds: 'elapsed' };

/**
 * Flags stored before their sentence named these values (decision 0097's day): the spike's
 * real time was only its hours, and the post date's start only its midnight.
 */
function withEarlierShapes(flag: StoredPostFlag): StoredPostFlag['values'] {
  const v = flag.values ?? {};
  if (flag.code === 'viewSpike' && v.seconds === undefined && typeof v.hours === 'number')
    return { ...v, seconds: v.hours * 3600 };
  if (flag.code === 'invalidPostDate' && v.startDate === undefined && v.startOfDay !== undefined)
    return { ...v, startDate: v.startOfDay };
  return v;
}

/** A time span in the largest unit that keeps it readable: 40 seconds, 6 minutes, 3.5 hours, 2 days. */
function duration(seconds: number, language: string) {
  const [unit, size] =
    seconds < 90
      ? ['second', 1]
      : seconds < 3600
        ? ['minute', 60]
        : seconds < 48 * 3600
          ? ['hour', 3600]
          : ['day', 86_400];
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit,
    unitDisplay: 'long',
    maximumFractionDigits: 1,
  }).format(seconds / (size as number));
}

export type FlagFormat = {
  t: TFunction<'posts'>;
  language: string;
  timeZone: string;
};

function format(value: Value, kind: Kind, { t, language, timeZone }: FlagFormat): string {
  if (typeof value === 'string') return value === 'infinite' ? t('flags.infinite') : value;
  if (!Number.isFinite(value)) return String(value);
  switch (kind) {
    case 'count':
      return new Intl.NumberFormat(language).format(value);
    case 'decimal':
      return new Intl.NumberFormat(language, { maximumFractionDigits: 3 }).format(value);
    case 'percent':
      return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(value);
    case 'duration':
      return duration(value, language);
    case 'minutes':
      return duration(value * 60, language);
    case 'dateTime':
      return new Date(value).toLocaleString(language, { dateStyle: 'short', timeStyle: 'short', timeZone });
    case 'text':
      return String(value);
  }
}

const isKnown = (code: string): code is FlagCode => Object.hasOwn(DETAILS, code);

/**
 * A flag as a reviewer reads it, in their language: the spec's message, then the numbers that
 * raised it ('CHEATING! Likes exceed views (likes 50, views 20)').
 */
export function flagMessage(flag: StoredPostFlag, options: FlagFormat): string {
  const { t } = options;
  if (!isKnown(flag.code)) return flag.message;
  const code = flag.code;
  const title = t(`flags.${code}.title`);
  const stored = withEarlierShapes(flag);
  const variant = variantOf(code, stored);
  const wanted = Object.entries(variant.names);
  if (!wanted.every(([name]) => stored[name] !== undefined)) return title;
  const values = Object.fromEntries(
    wanted.map(([name, kind]) => [RENAMED[name] ?? name, format(stored[name]!, kind, options)]),
  );
  const detail = (t as unknown as (key: string, v: object) => string)(`flags.${code}.${variant.key}`, values);
  return t('flags.withDetail', { title, detail });
}
