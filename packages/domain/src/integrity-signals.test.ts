import { describe, expect, it } from 'vitest';
import { INTEGRITY_DEFAULTS } from './integrity-thresholds.ts';
import {
  type Reading,
  highEngagementSignal,
  integritySignals,
  lowEngagementSignal,
  suddenStopSignal,
  tooRegularGrowthSignal,
  viewSpikeSignal,
  viewsWithoutEngagementSignal,
} from './integrity-signals.ts';

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 5, 1, 12);
const tiktok = INTEGRITY_DEFAULTS.tiktok;
/** A reading `hours` after T0; likes 5 % of views unless given. */
const at = (hours: number, views: number, fields: Partial<Reading> = {}): Reading => ({
  at: T0 + hours * HOUR,
  views,
  likes: Math.round(views * 0.05),
  comments: 0,
  ...fields,
});
const spike = (from: number, to: number, hours = 1, fields: Partial<Reading> = {}) =>
  viewSpikeSignal([at(0, from, fields), at(hours, to, fields)], tiktok);

describe('the view spike (TikTok: medium over 300 %/h and 500 views, high over 800 %/h and 1,000)', () => {
  it('fires just above the medium growth, not at it', () => {
    expect(spike(1000, 4000)).toBeNull();
    expect(spike(1000, 4001)).toMatchObject({
      code: 'viewSpikeMedium',
      removes: false,
      values: { fromViews: 1000, toViews: 4001, minutes: 60, growthPercentPerHour: 300, limitPercent: 300 },
    });
  });
  it('needs a gain over the floor: 100 → 500 views is no spike', () => {
    expect(spike(100, 500)).toBeNull();
    expect(spike(125, 626)?.code).toBe('viewSpikeMedium');
  });
  it('is high (and removes) just above 800 %/h with a gain over 1,000', () => {
    expect(spike(1000, 9000)?.code).toBe('viewSpikeMedium');
    expect(spike(1000, 9001)).toMatchObject({ code: 'viewSpikeHigh', removes: true });
    // Growth enough, gain not: medium.
    expect(spike(100, 1000)?.code).toBe('viewSpikeMedium');
    expect(spike(120, 1121)?.code).toBe('viewSpikeHigh');
  });
  it('spreads growth over the real hours, and counts a shorter interval as an hour', () => {
    expect(spike(1000, 4001, 2)).toBeNull();
    expect(spike(1000, 4001, 0.25)?.code).toBe('viewSpikeMedium');
    expect(spike(1000, 3000, 0.25)).toBeNull();
  });
  it('uses each platform’s tiers', () => {
    const instagram = INTEGRITY_DEFAULTS.instagram;
    expect(viewSpikeSignal([at(0, 1000), at(1, 3500)], instagram)).toBeNull();
    expect(viewSpikeSignal([at(0, 1000), at(1, 3501)], instagram)?.code).toBe('viewSpikeMedium');
  });
  it('never fires on estimates or unknown views', () => {
    expect(spike(1000, 90_000, 1, { viewsKind: 'estimated' })).toBeNull();
    expect(spike(1000, 90_000, 1, { viewsKind: 'unknown' })).toBeNull();
  });
  it('gives rounded counts the benefit of the doubt', () => {
    expect(spike(1_000_000, 4_100_000)?.code).toBe('viewSpikeMedium');
    expect(spike(1_000_000, 4_100_000, 1, { rounded: true })).toBeNull();
  });
  it('judges readings 15 minutes apart on the hour they span, not each quarter as an hour', () => {
    // 1,000 → 10,000 delivered over an hour, read every 15 minutes: +225 % a quarter, +900 % the hour.
    const quarters = [0, 0.25, 0.5, 0.75, 1].map((h, i) => at(h, 1000 + i * 2250));
    expect(viewSpikeSignal(quarters, tiktok)).toMatchObject({
      code: 'viewSpikeHigh',
      values: { fromViews: 1000, toViews: 10_000, minutes: 60, growthPercentPerHour: 900 },
    });
    // The same growth over two hours is under the medium tier hour by hour.
    const slower = [0, 0.5, 1, 1.5, 2].map((h, i) => at(h, 1000 + i * 750));
    expect(viewSpikeSignal(slower, tiktok)).toBeNull();
  });
  it('on a long window, takes the views beyond the pace before as one hour: a note only', () => {
    // A slow post (2 views an hour over 6 h) read a day later: +3,000 beyond its pace of 2/h.
    const day = (to: number) => viewSpikeSignal([at(0, 988), at(6, 1000), at(30, to)], tiktok);
    expect(day(1000 + 48 + 3000)).toBeNull();
    expect(day(1000 + 48 + 3001)).toMatchObject({
      code: 'viewSpikeMedium',
      removes: false,
      values: { fromViews: 1000, minutes: 24 * 60, growthPercentPerHour: 300, paceViewsPerHour: 2 },
    });
    // Far beyond the high tier, still a note: a day of readings cannot show the hour.
    expect(day(150_000)).toMatchObject({ code: 'viewSpikeMedium', removes: false });
    // A span under two hours is judged hour by hour only.
    expect(viewSpikeSignal([at(0, 988), at(6, 1000), at(7.9, 5100)], tiktok)).toBeNull();
    expect(viewSpikeSignal([at(0, 988), at(6, 1000), at(8, 5100)], tiktok)?.code).toBe('viewSpikeMedium');
    // Without a pace before it (the first window), the growth is spread over the hours.
    expect(viewSpikeSignal([at(0, 1000), at(24, 6000)], tiktok)).toBeNull();
  });
  it('finds an hour of bought views split over two hourly readings', () => {
    // 10 views an hour, then 4,000 bought across two readings: +196 % in each hour.
    const hourly = [at(0, 1000), at(1, 1010), at(2, 1020), at(3, 3020), at(4, 5020)];
    expect(viewSpikeSignal(hourly, tiktok)).toMatchObject({
      code: 'viewSpikeMedium',
      values: {
        fromViews: 1020,
        toViews: 5020,
        minutes: 120,
        growthPercentPerHour: 390,
        paceViewsPerHour: 10,
      },
    });
    // Steady organic growth of 20 % an hour raises nothing over two hours.
    const steady = [0, 1, 2, 3, 4].map((h) => at(h, Math.round(1000 * 1.2 ** h)));
    expect(viewSpikeSignal(steady, tiktok)).toBeNull();
  });
  it('expects the pace at the top of a rounded count’s range', () => {
    const readings = (rounded: boolean) => [
      at(0, 1_000_000, { rounded }),
      at(6, 1_000_000, { rounded }),
      at(30, 4_600_000, { rounded }),
    ];
    expect(viewSpikeSignal(readings(false), tiktok)?.code).toBe('viewSpikeMedium');
    expect(viewSpikeSignal(readings(true), tiktok)).toBeNull();
  });
  it('leaves a post’s first six hours alone: its own fastest growth', () => {
    // Posted at T0: 200 → 2,500 in its second hour is how a video the platform shows starts.
    const fresh = [at(1, 200), at(2, 2500), at(5, 9000), at(6, 9200), at(7, 90_000)];
    expect(viewSpikeSignal(fresh.slice(0, 3), tiktok, T0)).toBeNull();
    expect(viewSpikeSignal(fresh.slice(0, 3), tiktok)?.code).toBe('viewSpikeHigh');
    // From its sixth hour on, it is judged like any post.
    expect(viewSpikeSignal(fresh, tiktok, T0)).toMatchObject({
      code: 'viewSpikeHigh',
      values: { fromViews: 9200, toViews: 90_000 },
    });
    expect(viewSpikeSignal(fresh, tiktok, T0 + 1)).toBeNull();
  });
  it('answers the worst interval', () => {
    const readings = [at(0, 1000), at(1, 4500), at(2, 4600), at(3, 50_000)];
    expect(viewSpikeSignal(readings, tiktok)).toMatchObject({
      code: 'viewSpikeHigh',
      values: { fromViews: 4600 },
    });
  });
});

describe('views without engagement (a jump of 5,000+ views and +100 % with under a tenth of the rate)', () => {
  const jump = (fromViews: number, toViews: number, toLikes: number) =>
    viewsWithoutEngagementSignal(
      [at(0, fromViews, { likes: fromViews * 0.05 }), at(1, toViews, { likes: toLikes })],
      tiktok,
    );
  it('fires when the jump brings under a tenth of the post’s like rate', () => {
    // Before: 5 % (500 of 10,000). The jump of 10,000 views brings 49 likes (0.49 %).
    expect(jump(10_000, 20_000, 549)).toMatchObject({
      code: 'viewsWithoutEngagement',
      values: { ratePercentBefore: 5, ratePercentOfJump: 0.49 },
    });
    expect(jump(10_000, 20_000, 550)).toBeNull();
  });
  it('needs a jump of 5,000 views and of the views before it', () => {
    expect(jump(5000, 9999, 250)).toBeNull();
    expect(jump(5000, 10_000, 250)?.code).toBe('viewsWithoutEngagement');
    expect(jump(10_000, 19_999, 500)).toBeNull();
  });
});

describe('too-regular growth (6 readings, each over +20 %, growth per hour varying under 10 %)', () => {
  const compounding = (growths: number[], hours = 1, fields: Partial<Reading> = {}) => {
    const readings = [at(0, 10_000, fields)];
    for (const g of growths)
      readings.push(at(readings.length * hours, readings.at(-1)!.views * (1 + g), fields));
    return tooRegularGrowthSignal(readings, tiktok);
  };
  it('fires on steady compounding, and not on the waves of real views', () => {
    expect(compounding([0.25, 0.25, 0.25, 0.25, 0.25])).toMatchObject({
      code: 'tooRegularGrowth',
      values: { readings: 6, variationPercent: 0, growthPercentPerHour: 25 },
    });
    expect(compounding([0.25, 0.6, 0.3, 0.9, 0.22])).toBeNull();
  });
  it('draws the line at a variation of 10 %', () => {
    // Four steps at 30 % and one at 30 % + d: the variation is 2d / (1.5 + d), 10 % at d ≈ 0.0789.
    expect(compounding([0.3, 0.3, 0.3, 0.3, 0.378])?.code).toBe('tooRegularGrowth');
    expect(compounding([0.3, 0.3, 0.3, 0.3, 0.38])).toBeNull();
  });
  it('needs each reading to grow over 20 %, and six readings', () => {
    expect(compounding([0.2, 0.2, 0.2, 0.2, 0.2])).toBeNull();
    expect(compounding([0.2001, 0.2001, 0.2001, 0.2001, 0.2001])?.code).toBe('tooRegularGrowth');
    expect(compounding([0.25, 0.25, 0.25, 0.25])).toBeNull();
  });
  it('leaves rounded counts out', () => {
    expect(compounding([0.25, 0.25, 0.25, 0.25, 0.25], 1, { rounded: true })).toBeNull();
  });
});

describe('the sudden stop (an average over 500 views/h, then under a tenth of it for an hour)', () => {
  it('fires just under a tenth of the average', () => {
    expect(suddenStopSignal([at(0, 0), at(10, 10_000), at(11, 10_099)], tiktok)).toMatchObject({
      code: 'suddenStop',
      values: { averageViewsPerHour: 1000, latestViewsPerHour: 99 },
    });
    expect(suddenStopSignal([at(0, 0), at(10, 10_000), at(11, 10_100)], tiktok)).toBeNull();
  });
  it('needs an average over 500 views an hour', () => {
    expect(suddenStopSignal([at(0, 0), at(10, 5000), at(11, 5000)], tiktok)).toBeNull();
    expect(suddenStopSignal([at(0, 0), at(10, 5010), at(11, 5010)], tiktok)?.code).toBe('suddenStop');
  });
  it('judges only an hour or more, after an hour or more, of three readings', () => {
    expect(suddenStopSignal([at(0, 0), at(10, 10_000), at(10.5, 10_000)], tiktok)).toBeNull();
    expect(suddenStopSignal([at(0, 0), at(0.5, 10_000), at(2, 10_000)], tiktok)).toBeNull();
    expect(suddenStopSignal([at(0, 0), at(10, 10_000)], tiktok)).toBeNull();
  });
});

describe('engagement on both sides', () => {
  it('too few likes: 100,000+ views under 0.2 % on TikTok', () => {
    expect(lowEngagementSignal({ views: 100_000, likes: 199 }, tiktok)).toMatchObject({
      code: 'lowEngagement',
      values: { likeRatePercent: 0.2, limitPercent: 0.2 },
    });
    expect(lowEngagementSignal({ views: 100_000, likes: 200 }, tiktok)).toBeNull();
    expect(lowEngagementSignal({ views: 99_999, likes: 0 }, tiktok)).toBeNull();
    expect(lowEngagementSignal({ views: 100_000, likes: 0, rounded: true }, tiktok)).toBeNull();
    expect(lowEngagementSignal({ views: 500_000, likes: 0, viewsKind: 'estimated' }, tiktok)).toBeNull();
  });
  it('too many likes for the account’s size, never 15 %, and not without its followers', () => {
    const post = (followers: number | null, likes: number) => ({ views: 10_000, likes, followers });
    expect(highEngagementSignal(post(5000, 5001), tiktok)).toMatchObject({
      code: 'highEngagement',
      values: { followers: 5000, limitPercent: 50 },
    });
    expect(highEngagementSignal(post(5000, 5000), tiktok)).toBeNull();
    expect(highEngagementSignal(post(50_000, 3501), tiktok)?.code).toBe('highEngagement');
    expect(highEngagementSignal(post(50_000, 3500), tiktok)).toBeNull();
    expect(highEngagementSignal(post(2_000_000, 2501), tiktok)?.code).toBe('highEngagement');
    expect(highEngagementSignal(post(2_000_000, 2500), tiktok)).toBeNull();
    expect(highEngagementSignal(post(1000, 1500), tiktok)).toBeNull();
    expect(highEngagementSignal(post(null, 9000), tiktok)).toBeNull();
    expect(highEngagementSignal({ views: 999, likes: 999, followers: 10 }, tiktok)).toBeNull();
  });
});

describe('integritySignals', () => {
  it('answers every signal of a post, the removing ones first', () => {
    const readings = [at(0, 0), at(10, 10_000), at(11, 10_050), at(12, 200_000, { likes: 300 })];
    const signals = integritySignals(readings, { views: 200_000, likes: 300 }, tiktok);
    expect(signals.map((s) => s.code)).toEqual(['viewSpikeHigh', 'viewsWithoutEngagement', 'lowEngagement']);
  });
});
