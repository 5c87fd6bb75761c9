import type { IntegrityThresholds } from '@preffy/domain';
import { z } from 'zod';
import { versionBody } from './common.ts';
import { endpointsOf } from './endpoint.ts';

/** The longest idle time an administrator can allow before the lock screen: a working day. */
export const MAX_LOCK_AFTER_MINUTES = 480;

/**
 * The app's security settings (issue 17), one record for the whole app, set by administrators:
 * whether admins and staff must use two-step verification, and after how many idle minutes
 * the screen locks (0: never).
 */
export const securitySettingsSchema = z.object({
  id: z.literal('security'),
  requireTwoStep: z.boolean(),
  lockAfterMinutes: z.number().int().min(0).max(MAX_LOCK_AFTER_MINUTES),
  version: z.number(),
  updatedAt: z.number(),
});
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;

/** The settings form's and server's words (translated in the web app). */
export const SETTINGS_MESSAGES = {
  wholeMinutes: 'Enter whole minutes',
  notNegative: 'Enter 0 (never) or more minutes',
  tooLong: `Enter at most ${MAX_LOCK_AFTER_MINUTES} minutes`,
  setUpFirst: 'Set up two-step verification for your own account before requiring it for admins and staff.',
  wholeNumber: 'Enter a whole number',
  outOfRange: 'Enter a number within the range shown',
  highBelowMedium: 'The high tier must be at least the medium tier',
  midBelowSmall: 'Mid-sized accounts must start above small ones',
} as const;

const whole = (max: number, min = 0) =>
  z
    .number()
    .int(SETTINGS_MESSAGES.wholeNumber)
    .min(min, SETTINGS_MESSAGES.outOfRange)
    .max(max, SETTINGS_MESSAGES.outOfRange);
const fraction = (max = 1, min = 0) =>
  z.number().min(min, SETTINGS_MESSAGES.outOfRange).max(max, SETTINGS_MESSAGES.outOfRange);

/** The most views, followers or gains a threshold can name (above any post's numbers). */
export const MAX_THRESHOLD_COUNT = 1_000_000_000;
/** The most growth a threshold can name, as a fraction: 1000 = +100,000 %. */
export const MAX_THRESHOLD_GROWTH = 1000;
/** The fewest and most readings "too regular" can look at. */
export const THRESHOLD_READINGS = { min: 3, max: 100 } as const;

const tier = z.object({
  growthPerHour: fraction(MAX_THRESHOLD_GROWTH, 0.1),
  minGain: whole(MAX_THRESHOLD_COUNT),
});

/**
 * One platform's integrity thresholds (issue 42, decision 0134): rates and growths as fractions
 * (0.002 = 0.2 %, 3 = +300 %), counts whole. The tiers and account sizes must be in order.
 */
export const integrityThresholdsSchema = z
  .object({
    spike: z.object({ medium: tier, high: tier }),
    viewsWithoutEngagement: z.object({
      minGain: whole(MAX_THRESHOLD_COUNT),
      minGrowth: fraction(MAX_THRESHOLD_GROWTH),
      engagementShare: fraction(),
    }),
    tooRegular: z.object({
      minReadings: whole(THRESHOLD_READINGS.max, THRESHOLD_READINGS.min),
      maxVariation: fraction(),
      minGrowthPerReading: fraction(MAX_THRESHOLD_GROWTH),
    }),
    suddenStop: z.object({ minViewsPerHour: whole(MAX_THRESHOLD_COUNT), maxShare: fraction() }),
    lowEngagement: z.object({ minViews: whole(MAX_THRESHOLD_COUNT), maxLikeRate: fraction() }),
    highEngagement: z.object({
      minViews: whole(MAX_THRESHOLD_COUNT),
      smallFollowers: whole(MAX_THRESHOLD_COUNT),
      smallMaxLikeRate: fraction(),
      midFollowers: whole(MAX_THRESHOLD_COUNT),
      midMaxLikeRate: fraction(),
      largeMaxLikeRate: fraction(),
    }),
  })
  .superRefine((t, ctx) => {
    for (const key of ['growthPerHour', 'minGain'] as const)
      if (t.spike.high[key] < t.spike.medium[key])
        ctx.addIssue({
          code: 'custom',
          path: ['spike', 'high', key],
          message: SETTINGS_MESSAGES.highBelowMedium,
        });
    if (t.highEngagement.midFollowers <= t.highEngagement.smallFollowers)
      ctx.addIssue({
        code: 'custom',
        path: ['highEngagement', 'midFollowers'],
        message: SETTINGS_MESSAGES.midBelowSmall,
      });
  }) satisfies z.ZodType<IntegrityThresholds>;

export const INTEGRITY_PLATFORMS = ['tiktok', 'instagram', 'youtube'] as const;
const thresholdsByPlatform = z.object({
  tiktok: integrityThresholdsSchema,
  instagram: integrityThresholdsSchema,
  youtube: integrityThresholdsSchema,
});

/** The integrity detectors' thresholds per platform, set by administrators; the defaults beside. */
export const integritySettingsSchema = z.object({
  id: z.literal('integrity'),
  thresholds: thresholdsByPlatform,
  defaults: thresholdsByPlatform,
  version: z.number(),
  updatedAt: z.number(),
});
export type IntegritySettings = z.infer<typeof integritySettingsSchema>;

const { admin } = endpointsOf(['settings']);

export const settings = {
  security: admin.get('/api/settings/security', {
    summary: 'The security settings: two-step verification required, idle minutes before the lock screen',
    responses: { 200: securitySettingsSchema },
  }),
  updateSecurity: admin.put('/api/settings/security', {
    summary: 'Change the security settings (the version read is required; 409 on a newer one)',
    body: versionBody.extend({
      requireTwoStep: z.boolean(),
      lockAfterMinutes: z
        .number()
        .int(SETTINGS_MESSAGES.wholeMinutes)
        .min(0, SETTINGS_MESSAGES.notNegative)
        .max(MAX_LOCK_AFTER_MINUTES, SETTINGS_MESSAGES.tooLong),
    }),
    responses: { 200: securitySettingsSchema },
  }),
  integrity: admin.get('/api/settings/integrity', {
    summary: "The integrity detectors' thresholds per platform, and their defaults",
    responses: { 200: integritySettingsSchema },
  }),
  updateIntegrity: admin.put('/api/settings/integrity', {
    summary: 'Change the integrity thresholds (the version read is required; 409 on a newer one)',
    body: versionBody.extend({ thresholds: thresholdsByPlatform }),
    responses: { 200: integritySettingsSchema },
  }),
};
