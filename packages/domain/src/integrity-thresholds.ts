/**
 * The integrity detectors' thresholds, per platform, in one place (issue 42). They are
 * heuristics, not published research: the spike tiers are the starting points clipping
 * services use (Whop Content Rewards, ClipAffiliates and similar publish "view spike" rules of
 * this shape); the engagement medians are the 2025–2026 industry benchmarks for large accounts
 * (TikTok about 5.5 %, YouTube 2.7 %, Instagram 2.3 %), small accounts often 8–15 %. An admin
 * changes them per platform (the settings screen); these are the defaults.
 */
export type IntegrityPlatform = 'tiktok' | 'instagram' | 'youtube';

export type IntegrityThresholds = {
  spike: {
    /** View growth per hour, as a fraction (3 = +300 %), and the views gained between the readings. */
    medium: { growthPerHour: number; minGain: number };
    high: { growthPerHour: number; minGain: number };
  };
  /** A jump of views that brings no likes or comments with it. */
  viewsWithoutEngagement: {
    /** The jump: views gained between two readings, and that gain over the earlier views. */
    minGain: number;
    minGrowth: number;
    /** Fires when the jump's (likes + comments) per view is under this share of the post's rate before it. */
    engagementShare: number;
  };
  /** Growth too regular to be human: the coefficient of variation of the hourly gains. */
  tooRegular: { minReadings: number; maxVariation: number; minGrowthPerReading: number };
  /** Bought views ending: the latest hour's rate under this share of the average before it. */
  suddenStop: { minViewsPerHour: number; maxShare: number };
  /** Like rate (likes ÷ views) too low for this many views… */
  lowEngagement: { minViews: number; maxLikeRate: number };
  /**
   * …or too high for the account's size (followers), when the provider gives it: a small account
   * (up to smallFollowers), a mid-sized one (up to midFollowers), a large one (more).
   */
  highEngagement: {
    minViews: number;
    smallFollowers: number;
    smallMaxLikeRate: number;
    midFollowers: number;
    midMaxLikeRate: number;
    largeMaxLikeRate: number;
  };
};

// Small accounts often see 8–15 %: far from these.
const SIZE_AWARE_HIGH = {
  minViews: 1000,
  smallFollowers: 10_000,
  smallMaxLikeRate: 0.5,
  midFollowers: 100_000,
  midMaxLikeRate: 0.35,
  largeMaxLikeRate: 0.25,
};

export const INTEGRITY_DEFAULTS: Record<IntegrityPlatform, IntegrityThresholds> = {
  tiktok: {
    spike: { medium: { growthPerHour: 3, minGain: 500 }, high: { growthPerHour: 8, minGain: 1000 } },
    viewsWithoutEngagement: { minGain: 5000, minGrowth: 1, engagementShare: 0.1 },
    tooRegular: { minReadings: 6, maxVariation: 0.1, minGrowthPerReading: 0.2 },
    suddenStop: { minViewsPerHour: 500, maxShare: 0.1 },
    lowEngagement: { minViews: 100_000, maxLikeRate: 0.002 },
    highEngagement: SIZE_AWARE_HIGH,
  },
  instagram: {
    spike: { medium: { growthPerHour: 2.5, minGain: 300 }, high: { growthPerHour: 6, minGain: 600 } },
    viewsWithoutEngagement: { minGain: 5000, minGrowth: 1, engagementShare: 0.1 },
    tooRegular: { minReadings: 6, maxVariation: 0.1, minGrowthPerReading: 0.2 },
    suddenStop: { minViewsPerHour: 500, maxShare: 0.1 },
    lowEngagement: { minViews: 100_000, maxLikeRate: 0.001 },
    highEngagement: SIZE_AWARE_HIGH,
  },
  youtube: {
    spike: { medium: { growthPerHour: 2.8, minGain: 400 }, high: { growthPerHour: 7, minGain: 800 } },
    viewsWithoutEngagement: { minGain: 5000, minGrowth: 1, engagementShare: 0.1 },
    tooRegular: { minReadings: 6, maxVariation: 0.1, minGrowthPerReading: 0.2 },
    suddenStop: { minViewsPerHour: 500, maxShare: 0.1 },
    lowEngagement: { minViews: 100_000, maxLikeRate: 0.001 },
    highEngagement: SIZE_AWARE_HIGH,
  },
};

/** A platform's thresholds (an unknown platform is held to Instagram's, the strictest spike floor). */
export const integrityThresholdsOf = (
  platform: string,
  overrides: Partial<Record<IntegrityPlatform, IntegrityThresholds>> = {},
): IntegrityThresholds => {
  const key = platform.trim().toLowerCase() as IntegrityPlatform;
  return overrides[key] ?? INTEGRITY_DEFAULTS[key] ?? INTEGRITY_DEFAULTS.instagram;
};

/**
 * A rounded count ("1.2M") is known to about half its last shown digit: providers show two
 * significant figures above 10,000, so the true value lies within ±5 % of what they show.
 */
export const ROUNDED_COUNT_TOLERANCE = 0.05;
