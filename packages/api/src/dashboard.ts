import { z } from 'zod';
import { endpointsOf } from './endpoint.ts';
import { pageOf } from './paging.ts';

/**
 * The dashboard (/dashboard, issue 16): where sign-in lands. Every figure is scoped to the
 * competitions the caller may see (organizers: their own); money and inquiries are staff only.
 * Every count is a SQL aggregate; what each one counts is written on its field below.
 */

/** The charts: live posts (UGC) per day, or creators' first posts per platform per day. */
export const DASHBOARD_CHARTS = ['ugc', 'newCreators'] as const;
export type DashboardChart = (typeof DASHBOARD_CHARTS)[number];

/** The competitions table's page sizes (doc 2 section 9); the first is the default. */
export const DASHBOARD_PAGE_SIZES = [10, 25, 100] as const;

/** How many competitions a review/flagged tile names (the ones with the most waiting). */
export const DASHBOARD_TOP_COMPETITIONS = 5;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Please use YYYY-MM-DD');

export const dashboardChartQuerySchema = z.object({
  kind: z.enum(DASHBOARD_CHARTS).default('ugc'),
  /** The first and last day (inclusive, business time zone); CHART_FIRST_DAY..today without them. */
  from: day.optional(),
  to: day.optional(),
});

export const dashboardChartSchema = z.object({
  kind: z.enum(DASHBOARD_CHARTS),
  from: z.string(),
  to: z.string(),
  /** Every day of the range, in order, 0 when nothing happened. */
  points: z.array(z.object({ day: z.string(), count: z.number() })),
  /** When the series was computed (epoch ms): answers are kept briefly (decision 0045). */
  computedAt: z.number(),
});
export type DashboardChartData = z.infer<typeof dashboardChartSchema>;

export const dashboardCompetitionsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce
    .number()
    .pipe(z.union([z.literal(10), z.literal(25), z.literal(100)]))
    .default(DASHBOARD_PAGE_SIZES[0]),
});

/** An ended or active competition with its prize total (USD) and its live posts. */
export const dashboardCompetitionSchema = z.object({
  id: z.string(),
  name: z.string(),
  organizer: z.string(),
  prizeTotal: z.number(),
  ugcCount: z.number(),
});
export type DashboardCompetition = z.infer<typeof dashboardCompetitionSchema>;

/** A competition and how many of its posts a tile counts (its link: /update?id= or /correct?id=). */
const competitionCount = z.object({ id: z.string(), name: z.string(), count: z.number() });
export type DashboardCompetitionCount = z.infer<typeof competitionCount>;

/** A post count and the competitions holding the most of them, most first. */
const postsTile = z.object({ total: z.number(), top: z.array(competitionCount) });

export const dashboardTilesSchema = z.object({
  /** Live posts not scored yet (bonusLikes null) in competitions neither ended nor closed. */
  review: postsTile,
  /** Posts the automatic flags took out of the queue (removed, reason 'flagged'). */
  flagged: postsTile,
  /**
   * Live payments To Be Paid: how many, and their sum (USD); and what every Paid payment sent
   * (prize money paid, decision 0106). Null for organizers.
   */
  payments: z.object({ count: z.number(), amount: z.number(), paid: z.number() }).nullable(),
  /** Unseen inquiries. Null for organizers. */
  inquiries: z.object({ unseen: z.number() }).nullable(),
  /**
   * Calendar holds waiting for confirmation (live, unconfirmed competitions) and the first
   * one's start (epoch ms; the calendar opens on its month), null when there is none.
   */
  holds: z.object({ count: z.number(), firstStart: z.number().nullable() }),
});
export type DashboardTiles = z.infer<typeof dashboardTilesSchema>;

const { signedIn } = endpointsOf(['dashboard']);

export const dashboard = {
  chart: signedIn.get('/api/dashboard/chart', {
    summary: 'A daily series of the visible competitions: live posts (ugc) or new creators',
    query: dashboardChartQuerySchema,
    responses: { 200: dashboardChartSchema },
  }),
  competitions: signedIn.get('/api/dashboard/competitions', {
    summary: 'The visible ended or active competitions, latest end first, with prize total and UGC',
    query: dashboardCompetitionsQuerySchema,
    responses: { 200: pageOf(dashboardCompetitionSchema) },
  }),
  tiles: signedIn.get('/api/dashboard/tiles', {
    summary: 'What waits: posts to review, flagged posts, payments To Be Paid, Unseen inquiries, holds',
    responses: { 200: dashboardTilesSchema },
  }),
};
