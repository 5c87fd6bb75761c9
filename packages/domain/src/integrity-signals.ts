import type { ViewsKind } from './flags.ts';
import { type IntegrityThresholds, ROUNDED_COUNT_TOLERANCE } from './integrity-thresholds.ts';

/**
 * The integrity detectors over a post's readings (issue 42): pure rules, each answering the
 * signal with the numbers that raised it, or null. They read only counted views (an estimate
 * or an unknown never fires), use the real time between readings, and give a rounded count
 * ("1.2M") the benefit of its doubt: the earlier reading is taken at the top of its range and
 * the later one at the bottom, so rounding alone never makes growth.
 */
export type Reading = {
  at: number;
  views: number;
  likes: number;
  comments: number;
  viewsKind?: ViewsKind;
  /** The provider showed rounded figures ("1.2M"). */
  rounded?: boolean;
};

export const INTEGRITY_SIGNAL_CODES = [
  'viewSpikeMedium',
  'viewSpikeHigh',
  'viewsWithoutEngagement',
  'tooRegularGrowth',
  'suddenStop',
  'lowEngagement',
  'highEngagement',
  'possibleRepost',
] as const;
export type IntegritySignalCode = (typeof INTEGRITY_SIGNAL_CODES)[number];

/** Each signal's title as stored with the flag (the web shows it translated, with its numbers). */
export const INTEGRITY_MESSAGES = {
  viewSpikeMedium: 'Sudden view spike',
  viewSpikeHigh: 'View spike: likely bought views',
  viewsWithoutEngagement: 'Views without likes or comments',
  tooRegularGrowth: 'Growth too regular to be people',
  suddenStop: 'Views stopped suddenly',
  lowEngagement: 'Too few likes for the views',
  highEngagement: "Too many likes for the account's size",
  possibleRepost: 'Possible repost of an earlier entry',
} as const satisfies Record<IntegritySignalCode, string>;

/** Whether a stored flag's code is one of the integrity signals. */
export const isIntegritySignalCode = (code: string): code is IntegritySignalCode =>
  (INTEGRITY_SIGNAL_CODES as readonly string[]).includes(code);

/** A note asks for a look; a removing signal takes the post out of review and the ranking. */
export type IntegritySignal = {
  code: IntegritySignalCode;
  removes: boolean;
  values: Record<string, number | string>;
};

const HOUR = 3_600_000;
const low = (value: number, rounded?: boolean) => (rounded ? value * (1 - ROUNDED_COUNT_TOLERANCE) : value);
const high = (value: number, rounded?: boolean) => (rounded ? value * (1 + ROUNDED_COUNT_TOLERANCE) : value);
const round2 = (n: number) => Math.round(n * 100) / 100;
const counted = (readings: readonly Reading[]) =>
  readings.filter((r) => (r.viewsKind ?? 'reported') === 'reported').sort((a, b) => a.at - b.at);

/** Consecutive counted readings, with the views gained at the least and the real hours between. */
function intervals(readings: readonly Reading[]) {
  const ordered = counted(readings);
  return ordered.slice(1).map((after, i) => {
    const before = ordered[i]!;
    const from = high(before.views, before.rounded);
    const to = low(after.views, after.rounded);
    return { before, after, from, to, gain: to - from, hours: (after.at - before.at) / HOUR };
  });
}

/**
 * Windows of at least `hours`: each counted reading against the latest counted reading at least
 * that long before it (the first reading when none is that old), with the views gained at the
 * least and the real hours between. With `hours` 1, a post read every 15 minutes is judged on its
 * growth over the hour, not on a quarter of it; readings an hour or more apart are consecutive
 * intervals. `start` and `end` index `ordered`.
 */
function windowsOf(ordered: readonly Reading[], hours: number) {
  const windows: (ReturnType<typeof windowOf> & { start: number })[] = [];
  let start = 0;
  for (let i = 1; i < ordered.length; i++) {
    while (start + 1 < i && ordered[start + 1]!.at <= ordered[i]!.at - hours * HOUR) start++;
    windows.push({ ...windowOf(ordered[start]!, ordered[i]!), start });
  }
  return windows;
}

function windowOf(before: Reading, after: Reading) {
  const from = high(before.views, before.rounded);
  const to = low(after.views, after.rounded);
  // The pace the window shows at the most, for a later window to expect: rounding and a short
  // window both count for the creator.
  const pace =
    Math.max(0, high(after.views, after.rounded) - low(before.views, before.rounded)) /
    Math.max(1 / 60, (after.at - before.at) / HOUR);
  return { before, after, from, gain: to - from, hours: (after.at - before.at) / HOUR, pace };
}

/**
 * A post's first hours are its fastest: a video the platform shows around goes from hundreds of
 * views to thousands in an hour on its own. Its growth is judged from windows that start this
 * long after it was posted (when the provider says when); bought views in those first hours are
 * left to the engagement detectors, and to the spike detector once the post is older.
 */
export const YOUNG_POST_HOURS = 6;

/**
 * Spans of at least this many hours are also judged on the views they gained beyond the post's
 * pace in the hour before them, as if those came in one hour (refresh tiers, decision 0138).
 */
export const LONG_WINDOW_HOURS = 2;

/**
 * The largest hour-over-hour view growth above the platform's tiers: high (removes) when both
 * its growth and its gain clear the high tier, else medium (a note). Readings less than an hour
 * apart count as an hour, so two refreshes a minute apart cannot make a spike of normal growth.
 *
 * A post read hourly or less often (refresh tiers) may have an hour of bought views split over
 * two readings, or spread over a window of 6 or 24 hours. So every span of LONG_WINDOW_HOURS or
 * more is also judged on the views it gained beyond the post's pace in the hour before it, taken
 * as one hour's growth. That raises only the medium note: such readings cannot tell an hour's
 * jump from a day of real discovery.
 *
 * Windows that start in the post's first YOUNG_POST_HOURS after `postedAt` are not judged.
 */
export function viewSpikeSignal(
  readings: readonly Reading[],
  t: IntegrityThresholds,
  postedAt: number | null = null,
): IntegritySignal | null {
  const ordered = counted(readings);
  const grownUp = postedAt === null ? -Infinity : postedAt + YOUNG_POST_HOURS * HOUR;
  let worst: IntegritySignal | null = null;
  const consider = (
    tier: 'high' | 'medium',
    w: ReturnType<typeof windowOf>,
    growth: number,
    pace: number | null,
  ) => {
    const limits = t.spike[tier];
    const signal: IntegritySignal = {
      code: tier === 'high' ? 'viewSpikeHigh' : 'viewSpikeMedium',
      removes: tier === 'high',
      values: {
        fromViews: w.before.views,
        toViews: w.after.views,
        minutes: Math.round((w.after.at - w.before.at) / 60_000),
        growthPercentPerHour: Math.round(growth * 100),
        limitPercent: Math.round(limits.growthPerHour * 100),
        minGain: limits.minGain,
        ...(pace === null ? {} : { paceViewsPerHour: Math.round(pace * 10) / 10 }),
      },
    };
    const rank = (s: IntegritySignal) => [s.removes ? 1 : 0, s.values.growthPercentPerHour as number];
    const [a, b] = [rank(signal), worst ? rank(worst) : [-1, -1]];
    if (a[0]! > b[0]! || (a[0] === b[0] && a[1]! > b[1]!)) worst = signal;
  };
  const hourly = windowsOf(ordered, 1);
  for (const w of hourly) {
    if (w.from <= 0 || w.gain <= 0 || w.before.at < grownUp) continue;
    const growthPerHour = w.gain / w.from / Math.max(1, w.hours);
    if (growthPerHour > t.spike.high.growthPerHour && w.gain > t.spike.high.minGain)
      consider('high', w, growthPerHour, null);
    else if (growthPerHour > t.spike.medium.growthPerHour && w.gain > t.spike.medium.minGain)
      consider('medium', w, growthPerHour, null);
  }
  for (const w of windowsOf(ordered, LONG_WINDOW_HOURS)) {
    // The pace is the hour window's that ends where the span starts: none for the first reading.
    if (w.start === 0 || w.hours < LONG_WINDOW_HOURS || w.from <= 0 || w.before.at < grownUp) continue;
    const pace = hourly[w.start - 1]!.pace;
    const beyond = w.gain - pace * w.hours;
    if (beyond / w.from > t.spike.medium.growthPerHour && beyond > t.spike.medium.minGain)
      consider('medium', w, beyond / w.from, pace);
  }
  return worst;
}

/**
 * A jump of views (at least `minGain`, and `minGrowth` of the views before it) whose likes and
 * comments per view are under `engagementShare` of the post's own rate before the jump: views
 * that nobody watching reacted to.
 */
export function viewsWithoutEngagementSignal(
  readings: readonly Reading[],
  t: IntegrityThresholds,
): IntegritySignal | null {
  const rule = t.viewsWithoutEngagement;
  for (const { before, after, from, gain } of intervals(readings)) {
    if (from <= 0 || gain < rule.minGain || gain / from < rule.minGrowth) continue;
    const baseline = (before.likes + before.comments) / before.views;
    if (!(baseline > 0)) continue;
    const engagementGain =
      high(after.likes + after.comments, after.rounded) - low(before.likes + before.comments, before.rounded);
    const jumpRate = Math.max(0, engagementGain) / gain;
    // At the line is not under it: 1e-12 absorbs the binary fraction of 0.05 × 0.1.
    if (jumpRate < baseline * rule.engagementShare - 1e-12)
      return {
        code: 'viewsWithoutEngagement',
        removes: false,
        values: {
          fromViews: before.views,
          toViews: after.views,
          engagementBefore: before.likes + before.comments,
          engagementAfter: after.likes + after.comments,
          ratePercentBefore: round2(baseline * 100),
          ratePercentOfJump: round2(jumpRate * 100),
        },
      };
  }
  return null;
}

/**
 * Growth too regular to be people: over `minReadings` consecutive counted readings, each
 * growing more than `minGrowthPerReading`, the growth per hour varies by less than
 * `maxVariation` (its coefficient of variation): the steady compounding of a view bot, where
 * people's views come in waves. Windows with rounded counts are left out: rounding makes steps
 * of its own.
 */
export function tooRegularGrowthSignal(
  readings: readonly Reading[],
  t: IntegrityThresholds,
): IntegritySignal | null {
  const rule = t.tooRegular;
  const ordered = counted(readings);
  for (let start = 0; start + rule.minReadings <= ordered.length; start++) {
    const window = ordered.slice(start, start + rule.minReadings);
    if (window.some((r) => r.rounded)) continue;
    // Each step's growth, and that growth per hour of real time: the rate a bot keeps steady.
    const steps = window.slice(1).map((after, i) => {
      const before = window[i]!;
      const growth = (after.views - before.views) / before.views;
      return { growth, perHour: growth / ((after.at - before.at) / HOUR) };
    });
    if (!steps.every((s) => s.growth > rule.minGrowthPerReading && Number.isFinite(s.perHour))) continue;
    const mean = steps.reduce((n, s) => n + s.perHour, 0) / steps.length;
    const variation = Math.sqrt(steps.reduce((n, s) => n + (s.perHour - mean) ** 2, 0) / steps.length) / mean;
    if (variation < rule.maxVariation)
      return {
        code: 'tooRegularGrowth',
        removes: false,
        values: {
          readings: window.length,
          growthPercentPerHour: round2(mean * 100),
          variationPercent: round2(variation * 100),
          limitPercent: round2(rule.maxVariation * 100),
          fromViews: window[0]!.views,
          toViews: window.at(-1)!.views,
        },
      };
  }
  return null;
}

/**
 * Bought views ending: the latest interval (at least an hour long) gains views at under
 * `maxShare` of the post's average rate before it, an average over `minViewsPerHour`.
 */
export function suddenStopSignal(
  readings: readonly Reading[],
  t: IntegrityThresholds,
): IntegritySignal | null {
  const rule = t.suddenStop;
  const ordered = counted(readings);
  if (ordered.length < 3) return null;
  const first = ordered[0]!;
  const before = ordered.at(-2)!;
  const last = ordered.at(-1)!;
  const lastHours = (last.at - before.at) / HOUR;
  const earlierHours = (before.at - first.at) / HOUR;
  if (lastHours < 1 || earlierHours < 1) return null;
  const average = (low(before.views, before.rounded) - high(first.views, first.rounded)) / earlierHours;
  const latest = Math.max(0, high(last.views, last.rounded) - low(before.views, before.rounded)) / lastHours;
  if (average <= rule.minViewsPerHour || latest >= average * rule.maxShare) return null;
  return {
    code: 'suddenStop',
    removes: false,
    values: {
      averageViewsPerHour: Math.round(average),
      latestViewsPerHour: Math.round(latest),
      sharePercent: round2((latest / average) * 100),
      limitPercent: round2(rule.maxShare * 100),
    },
  };
}

export type EngagementInput = {
  views: number;
  likes: number;
  viewsKind?: ViewsKind;
  rounded?: boolean;
  /** The account's followers, when the provider gives them. */
  followers?: number | null;
  /** When the post was published, when the provider says (its first hours are not spikes). */
  postedAt?: number | null;
};

/** Too few likes for this many views (bought views), at the bottom of the rounding's range. */
export function lowEngagementSignal(post: EngagementInput, t: IntegrityThresholds): IntegritySignal | null {
  if ((post.viewsKind ?? 'reported') !== 'reported') return null;
  const views = low(post.views, post.rounded);
  if (views < t.lowEngagement.minViews) return null;
  const likeRate = high(post.likes, post.rounded) / views;
  if (likeRate >= t.lowEngagement.maxLikeRate) return null;
  return {
    code: 'lowEngagement',
    removes: false,
    values: {
      views: post.views,
      likes: post.likes,
      likeRatePercent: round2(likeRate * 100),
      limitPercent: round2(t.lowEngagement.maxLikeRate * 100),
    },
  };
}

/** Too many likes for the account's size (bought likes); not judged without its followers. */
export function highEngagementSignal(post: EngagementInput, t: IntegrityThresholds): IntegritySignal | null {
  if ((post.viewsKind ?? 'reported') !== 'reported' || post.followers == null) return null;
  const views = high(post.views, post.rounded);
  if (views < t.highEngagement.minViews) return null;
  const h = t.highEngagement;
  const maxLikeRate =
    post.followers <= h.smallFollowers
      ? h.smallMaxLikeRate
      : post.followers <= h.midFollowers
        ? h.midMaxLikeRate
        : h.largeMaxLikeRate;
  const likeRate = low(post.likes, post.rounded) / views;
  if (likeRate <= maxLikeRate) return null;
  return {
    code: 'highEngagement',
    removes: false,
    values: {
      views: post.views,
      likes: post.likes,
      followers: post.followers,
      likeRatePercent: round2(likeRate * 100),
      limitPercent: round2(maxLikeRate * 100),
    },
  };
}

/** Every signal of a post's readings and latest numbers, the removing ones first. */
export function integritySignals(
  readings: readonly Reading[],
  latest: EngagementInput,
  t: IntegrityThresholds,
): IntegritySignal[] {
  return [
    viewSpikeSignal(readings, t, latest.postedAt ?? null),
    viewsWithoutEngagementSignal(readings, t),
    tooRegularGrowthSignal(readings, t),
    suddenStopSignal(readings, t),
    lowEngagementSignal(latest, t),
    highEngagementSignal(latest, t),
  ]
    .filter((s): s is IntegritySignal => s !== null)
    .sort((a, b) => Number(b.removes) - Number(a.removes));
}

/** An earlier entry whose cover is near this post's (reposts, issue 42). */
export type NearCover = {
  distance: number;
  earlierId: string;
  earlierLink: string;
  earlierCreator: string;
  earlierRemoved: boolean;
};

/**
 * "Possible repost of an earlier entry": the earliest near cover, by another creator, at most
 * REPOST_MAX_DISTANCE bits away (perceptual-hash.ts). A note: two covers can look alike by chance.
 */
export function possibleRepostSignal(earlier: NearCover | null): IntegritySignal | null {
  if (!earlier) return null;
  return {
    code: 'possibleRepost',
    removes: false,
    values: {
      distance: earlier.distance,
      earlierId: earlier.earlierId,
      earlierLink: earlier.earlierLink,
      earlierCreator: earlier.earlierCreator,
      earlierRemoved: earlier.earlierRemoved ? 1 : 0,
    },
  };
}
