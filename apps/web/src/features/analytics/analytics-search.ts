import type { AnalyticsQuery } from '@preffy/api';
import { ANALYTICS_PRESETS, type AnalyticsPreset } from '@preffy/domain';
import { z } from 'zod';

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional()
  .catch(undefined);

/** The period in the address (/preffy/analytics?preset=custom&from=…&to=…); junk is dropped. */
export const analyticsSearchSchema = z.object({
  preset: z.enum(ANALYTICS_PRESETS).optional().catch(undefined),
  from: day,
  to: day,
});
export type AnalyticsSearch = z.infer<typeof analyticsSearchSchema>;

/** The preset shown when the address names none. */
export const DEFAULT_PRESET: AnalyticsPreset = 'last30';

/** What to ask the server: null while a custom range still lacks a day. */
export function queryOfSearch(search: AnalyticsSearch): AnalyticsQuery | null {
  const preset = search.preset ?? DEFAULT_PRESET;
  if (preset !== 'custom') return { preset };
  return search.from && search.to ? { preset, from: search.from, to: search.to } : null;
}
