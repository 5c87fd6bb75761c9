import type { IntegritySettings } from '@preffy/api';
import { INTEGRITY_PLATFORMS } from '@preffy/api';

export type Platform = (typeof INTEGRITY_PLATFORMS)[number];
type Thresholds = IntegritySettings['thresholds'][Platform];

/**
 * The thresholds screen's fields, by group: the path in a platform's thresholds, and whether the
 * form shows it as a percentage (the API keeps fractions: 0.002 is 0.2 %, 3 is 300 %).
 */
export const THRESHOLD_GROUPS = {
  spike: [
    'spike.medium.growthPerHour',
    'spike.medium.minGain',
    'spike.high.growthPerHour',
    'spike.high.minGain',
  ],
  viewsWithoutEngagement: [
    'viewsWithoutEngagement.minGain',
    'viewsWithoutEngagement.minGrowth',
    'viewsWithoutEngagement.engagementShare',
  ],
  tooRegular: ['tooRegular.minReadings', 'tooRegular.maxVariation', 'tooRegular.minGrowthPerReading'],
  suddenStop: ['suddenStop.minViewsPerHour', 'suddenStop.maxShare'],
  lowEngagement: ['lowEngagement.minViews', 'lowEngagement.maxLikeRate'],
  highEngagement: [
    'highEngagement.minViews',
    'highEngagement.smallFollowers',
    'highEngagement.smallMaxLikeRate',
    'highEngagement.midFollowers',
    'highEngagement.midMaxLikeRate',
    'highEngagement.largeMaxLikeRate',
  ],
} as const;
export type ThresholdGroup = keyof typeof THRESHOLD_GROUPS;
export type ThresholdPath = (typeof THRESHOLD_GROUPS)[ThresholdGroup][number];

/** The fields shown as whole numbers; every other is a percentage. */
const COUNTS = new Set<ThresholdPath>([
  'spike.medium.minGain',
  'spike.high.minGain',
  'viewsWithoutEngagement.minGain',
  'tooRegular.minReadings',
  'suddenStop.minViewsPerHour',
  'lowEngagement.minViews',
  'highEngagement.minViews',
  'highEngagement.smallFollowers',
  'highEngagement.midFollowers',
]);
export const isPercent = (path: ThresholdPath) => !COUNTS.has(path);

const PATHS = Object.values(THRESHOLD_GROUPS).flat() as ThresholdPath[];

/** A form field's name: the platform and the path, without dots (a dot is a nested path to the form). */
export const fieldName = (platform: Platform, path: ThresholdPath) =>
  `${platform}:${path.replaceAll('.', ':')}`;

/** The form's values: every field of every platform, percentages as the form shows them. */
export type ThresholdValues = Record<string, number | string>;

const read = (t: Thresholds, path: ThresholdPath) =>
  path.split('.').reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], t) as number;

// Six decimals: 2.8 × 100 is 280.00000000000006 in floating point.
const toPercent = (fraction: number) => Math.round(fraction * 100 * 1e6) / 1e6;
const fromPercent = (percent: number) => Math.round((percent / 100) * 1e10) / 1e10;

export function valuesOf(thresholds: IntegritySettings['thresholds']): ThresholdValues {
  const values: ThresholdValues = {};
  for (const platform of INTEGRITY_PLATFORMS)
    for (const path of PATHS) {
      const value = read(thresholds[platform], path);
      values[fieldName(platform, path)] = isPercent(path) ? toPercent(value) : value;
    }
  return values;
}

/** One platform's fields from another platform's thresholds (the defaults, when reset). */
export function platformValues(platform: Platform, thresholds: Thresholds): ThresholdValues {
  return Object.fromEntries(
    PATHS.map((path) => {
      const value = read(thresholds, path);
      return [fieldName(platform, path), isPercent(path) ? toPercent(value) : value];
    }),
  );
}

/**
 * The thresholds to send. An emptied field is sent as null (the form stops that first), so it
 * is refused rather than a default taking its place.
 */
export function thresholdsOf(values: ThresholdValues): IntegritySettings['thresholds'] {
  const thresholds: Record<string, Record<string, unknown>> = {};
  for (const platform of INTEGRITY_PLATFORMS) {
    const t: Record<string, unknown> = {};
    for (const path of PATHS) {
      const raw = values[fieldName(platform, path)];
      const n = typeof raw === 'number' ? raw : Number.NaN;
      const value = Number.isFinite(n) ? (isPercent(path) ? fromPercent(n) : n) : null;
      const keys = path.split('.');
      let at = t;
      for (const key of keys.slice(0, -1)) at = (at[key] ??= {}) as Record<string, unknown>;
      at[keys.at(-1)!] = value;
    }
    thresholds[platform] = t;
  }
  return thresholds as IntegritySettings['thresholds'];
}

/** The server's name of a field (its 400's `fieldErrors`) → the form's. */
export const SERVER_FIELDS: Record<string, string> = Object.fromEntries(
  INTEGRITY_PLATFORMS.flatMap((platform) =>
    PATHS.map((path) => [`thresholds.${platform}.${path}`, fieldName(platform, path)]),
  ),
);

/** A form field's platform and path, for its label. */
export function describeField(name: string): { platform: Platform; path: ThresholdPath } {
  const [platform, ...rest] = name.split(':');
  return { platform: platform as Platform, path: rest.join('.') as ThresholdPath };
}
