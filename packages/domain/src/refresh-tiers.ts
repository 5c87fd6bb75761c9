import type { Reading } from './integrity-signals.ts';
import { expandPrizeSlots } from './prizes.ts';

/**
 * Refresh tiers (issue 42): how often a post's numbers are asked for, by how fast it is gaining
 * views, so providers are asked often only about the posts where a spike can happen. A post
 * enters a faster tier as soon as its views per hour pass the tier's floor, and leaves a tier
 * only when they fall under TIER_HYSTERESIS of that floor, so a post near a floor does not flap
 * between two schedules. A post near a prize cut-off, or not yet read twice, is always hot.
 */
export const REFRESH_TIERS = ['hot', 'warm', 'cold', 'dormant'] as const;
export type RefreshTier = (typeof REFRESH_TIERS)[number];

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** How often each tier is read: hot every 15 minutes, warm hourly, cold every 6 hours, dormant daily. */
export const TIER_EVERY_MS: Record<RefreshTier, number> = {
  hot: 15 * MINUTE,
  warm: HOUR,
  cold: 6 * HOUR,
  dormant: 24 * HOUR,
};

/** The views per hour a post must pass to enter each tier (dormant takes the rest). */
export const TIER_FLOOR_VIEWS_PER_HOUR: Record<Exclude<RefreshTier, 'dormant'>, number> = {
  hot: 100,
  warm: 10,
  cold: 1,
};

/** A post leaves its tier only under this share of the tier's floor. */
export const TIER_HYSTERESIS = 0.5;

/**
 * Speed is measured from the latest reading at least this long before the last: two refreshes a
 * minute apart (staff's Update Views just after the schedule's) say nothing of speed, and a
 * provider's cached answer would read as no views at all.
 */
export const SPEED_WINDOW_MIN_MS = 10 * MINUTE;

/**
 * Views per hour between the post's last counted reading and the latest one at least
 * SPEED_WINDOW_MIN_MS before it; null without such a pair (an estimate or unknown views say
 * nothing of speed).
 */
export function viewsPerHour(readings: readonly Reading[]): number | null {
  const counted = readings
    .filter((r) => (r.viewsKind ?? 'reported') === 'reported')
    .sort((a, b) => a.at - b.at);
  const last = counted.at(-1);
  const before = last && counted.findLast((r) => r.at <= last.at - SPEED_WINDOW_MIN_MS);
  if (!last || !before) return null;
  return Math.max(0, last.views - before.views) / ((last.at - before.at) / HOUR);
}

const floorOf = (tier: RefreshTier) => (tier === 'dormant' ? 0 : TIER_FLOOR_VIEWS_PER_HOUR[tier]);

/** The tier a post's speed puts it in, given the tier it was in (null: none yet). */
export function refreshTier(
  speed: number | null,
  previous: RefreshTier | null,
  options: { nearPrizeCutoff?: boolean } = {},
): RefreshTier {
  if (options.nearPrizeCutoff || speed === null) return 'hot';
  // Up at once: the fastest tier whose floor the speed passes.
  const entered = REFRESH_TIERS.find((tier) => tier === 'dormant' || speed > floorOf(tier))!;
  const rank = (tier: RefreshTier) => REFRESH_TIERS.indexOf(tier);
  if (!previous || rank(entered) <= rank(previous)) return entered;
  // Down only as far as the speed falls under each tier's floor by the margin.
  return REFRESH_TIERS.slice(rank(previous)).find(
    (tier) => tier === 'dormant' || speed >= floorOf(tier) * TIER_HYSTERESIS,
  )!;
}

/** When a post read at `at` in `tier` is next due. */
export const nextRefreshAt = (at: number, tier: RefreshTier) => at + TIER_EVERY_MS[tier];

/** Entries ranked this close after the last ranked prize keep their posts hot: a refresh can move a prize. */
export const NEAR_PRIZE_CUTOFF_RANKS = 3;

/**
 * The last rank near a prize cut-off (0: none): every rank a rank prize goes to, and the few
 * after the last one. Creative and first-come prizes are left out: views do not move them.
 */
export function lastRankNearPrizeCutoff(prizes: readonly string[]): number {
  const ranks = expandPrizeSlots(prizes).flatMap((slot) => (slot.kind === 'rank' ? [slot.rank!] : []));
  return ranks.length ? Math.max(...ranks) + NEAR_PRIZE_CUTOFF_RANKS : 0;
}
