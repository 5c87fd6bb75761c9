import { ANALYTICS_PRESETS } from '@preffy/domain';
import { z } from 'zod';
import { endpointsOf } from './endpoint.ts';

/**
 * Analytics (/preffy/analytics, issue 16): what happened in a period, across every competition.
 * Staff and admins only. Every figure is a SQL aggregate; what each one counts is written on
 * its field below (and in the decision record).
 */

/** The by-country split lists this many countries; the rest are summed in `otherCountries`. */
export const ANALYTICS_TOP_COUNTRIES = 50;

export const ANALYTICS_MESSAGES = {
  badRange: 'Please choose a period from 1 March 2021 until today, its start before its end',
} as const;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Please use YYYY-MM-DD');

export const analyticsQuerySchema = z.object({
  /** A preset ending today in the business time zone, or 'custom' with from and to. */
  preset: z.enum(ANALYTICS_PRESETS).default('last30'),
  /** Custom range: the first and last day (inclusive, YYYY-MM-DD, business time zone). */
  from: day.optional(),
  to: day.optional(),
});
export type AnalyticsQuery = z.input<typeof analyticsQuerySchema>;

const split = { posts: z.number(), views: z.number() };

export const analyticsSchema = z.object({
  /** The days counted (inclusive), resolved from the preset. */
  period: z.object({ preset: z.enum(ANALYTICS_PRESETS), from: z.string(), to: z.string() }),
  /** Confirmed, live competitions whose start–end overlaps the period. */
  competitionsRun: z.number(),
  /** Live posts entered (createdAt) in the period. */
  posts: z.number(),
  /**
   * Distinct creators (handle, case-insensitive, per platform) of those posts: `new` made their
   * first live post on that platform in the period, `returning` had one before it.
   */
  creators: z.object({ total: z.number(), new: z.number(), returning: z.number() }),
  /** The current views and likes of the period's live posts. */
  views: z.number(),
  likes: z.number(),
  /** Payments of the competitions that ended in the period: Paid, and To Be Paid (owed). */
  prizeMoney: z.object({ paid: z.number(), owed: z.number() }),
  /** Invoice amounts of the confirmed, live competitions that started in the period. */
  revenue: z.number(),
  /** Every post entered in the period, live or removed: the rates' whole. */
  entered: z.number(),
  /** Posts entered in the period and now removed as flagged / disqualified, and their share of `entered`. */
  flagged: z.object({ count: z.number(), rate: z.number() }),
  disqualified: z.object({ count: z.number(), rate: z.number() }),
  /** The period's live posts by platform, most posts first. */
  byPlatform: z.array(z.object({ platform: z.string(), ...split })),
  /** The same posts by continent ('' when the country is unknown or has no continent). */
  byContinent: z.array(z.object({ continent: z.string(), ...split })),
  /** The top countries by posts (ISO code, upper case; '' when unknown). */
  byCountry: z.array(z.object({ country: z.string(), continent: z.string(), ...split })),
  /** The countries past the top ANALYTICS_TOP_COUNTRIES, summed. */
  otherCountries: z.object({ countries: z.number(), ...split }),
  /** When these figures were computed (epoch ms): answers are kept briefly (decision 0045). */
  computedAt: z.number(),
});
export type Analytics = z.infer<typeof analyticsSchema>;

const { staff } = endpointsOf(['analytics']);

export const analytics = {
  get: staff.get('/api/analytics', {
    summary: 'Analytics of a period: competitions, posts, creators, views, money, splits and rates',
    query: analyticsQuerySchema,
    responses: { 200: analyticsSchema },
  }),
};
