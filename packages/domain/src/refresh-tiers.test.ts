import { describe, expect, it } from 'vitest';
import {
  TIER_EVERY_MS,
  nextRefreshAt,
  lastRankNearPrizeCutoff,
  refreshTier,
  viewsPerHour,
} from './refresh-tiers.ts';

const HOUR = 3_600_000;

describe('refresh tiers', () => {
  it('enters a tier above its floor, not at it', () => {
    expect(refreshTier(100.01, null)).toBe('hot');
    expect(refreshTier(100, null)).toBe('warm');
    expect(refreshTier(10.01, null)).toBe('warm');
    expect(refreshTier(10, null)).toBe('cold');
    expect(refreshTier(1.01, null)).toBe('cold');
    expect(refreshTier(1, null)).toBe('dormant');
    expect(refreshTier(0, null)).toBe('dormant');
  });

  it('goes up at once, and down only under half of its tier’s floor', () => {
    expect(refreshTier(150, 'dormant')).toBe('hot');
    expect(refreshTier(50, 'hot')).toBe('hot');
    expect(refreshTier(49.9, 'hot')).toBe('warm');
    expect(refreshTier(5, 'warm')).toBe('warm');
    expect(refreshTier(4.9, 'warm')).toBe('cold');
    expect(refreshTier(0.5, 'cold')).toBe('cold');
    expect(refreshTier(0.49, 'cold')).toBe('dormant');
    // A fall past two floors goes as far as the margin allows.
    expect(refreshTier(3, 'hot')).toBe('cold');
    expect(refreshTier(0, 'hot')).toBe('dormant');
  });

  it('keeps a post near a prize cut-off, or not yet read twice, hot', () => {
    expect(refreshTier(0, 'dormant', { nearPrizeCutoff: true })).toBe('hot');
    expect(refreshTier(null, 'cold')).toBe('hot');
  });

  it('measures speed over the latest interval of counted readings, in real hours', () => {
    expect(viewsPerHour([])).toBeNull();
    expect(viewsPerHour([{ at: 0, views: 100, likes: 0, comments: 0 }])).toBeNull();
    expect(
      viewsPerHour([
        { at: 0, views: 100, likes: 0, comments: 0 },
        { at: 2 * HOUR, views: 300, likes: 0, comments: 0 },
        { at: 6 * HOUR, views: 340, likes: 0, comments: 0 },
      ]),
    ).toBe(10);
    // An estimate says nothing of speed; views that fell count as none gained.
    expect(
      viewsPerHour([
        { at: 0, views: 500, likes: 0, comments: 0 },
        { at: HOUR, views: 9000, likes: 0, comments: 0, viewsKind: 'estimated' },
        { at: 2 * HOUR, views: 400, likes: 0, comments: 0 },
      ]),
    ).toBe(0);
  });

  it('measures from the latest reading at least 10 minutes before the last, not a minute apart', () => {
    const r = (minutes: number, views: number) => ({ at: minutes * 60_000, views, likes: 0, comments: 0 });
    // Staff's Update Views a minute after the schedule's read: speed over the 15 minutes before.
    expect(viewsPerHour([r(0, 1000), r(15, 1500), r(16, 1500)])).toBe(1875);
    expect(viewsPerHour([r(0, 1000), r(10, 1500)])).toBe(3000);
    expect(viewsPerHour([r(0, 1000), r(9, 1500)])).toBeNull();
  });

  it('reads hot posts every 15 minutes, warm hourly, cold every 6 hours, dormant daily', () => {
    expect(Object.fromEntries(Object.entries(TIER_EVERY_MS).map(([t, ms]) => [t, ms / 60_000]))).toEqual({
      hot: 15,
      warm: 60,
      cold: 360,
      dormant: 1440,
    });
    expect(nextRefreshAt(1000, 'warm')).toBe(1000 + HOUR);
  });
  it('counts every rank prize and the three ranks after the last one as near a prize cut-off', () => {
    expect(lastRankNearPrizeCutoff(['1st Place: $200', '2nd Place: $100'])).toBe(5);
    expect(lastRankNearPrizeCutoff(['Top 10: $20'])).toBe(13);
    // First-come and creative prizes do not depend on views.
    expect(lastRankNearPrizeCutoff(['1st Place: $200', 'First 30 Creators: $10', 'Most Creative: $50'])).toBe(
      4,
    );
    expect(lastRankNearPrizeCutoff(['First 30 Creators: $10'])).toBe(0);
    expect(lastRankNearPrizeCutoff([])).toBe(0);
  });
});
