import { METRICS, STANDINGS_VISIBILITY } from '@preffy/domain';
import { z } from 'zod';
import { idParams } from './common.ts';
import { MAX_POST_COUNT } from './posts.ts';
import { endpointsOf } from './endpoint.ts';
import { pageOf, pageQuerySchema, pagedList } from './paging.ts';

/** One creator's line of the stored leaderboard: rank, totals, the prize it would pay now and why. */
export const leaderboardEntrySchema = z.object({
  rank: z.number(),
  creator: z.string(),
  platform: z.string(),
  email: z.string(),
  source: z.string(),
  postCount: z.number(),
  likes: z.number(),
  views: z.number(),
  creativityScore: z.number(),
  prizeLabel: z.string().nullable(),
  prizeAmount: z.number().nullable(),
  reason: z.string(),
  flags: z.array(z.string()),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

export const LEADERBOARD_SORTS = [
  'rank',
  'likes',
  'views',
  'creator',
  'postCount',
  'creativityScore',
] as const;

export const listLeaderboardQuerySchema = pageQuerySchema.extend({
  sortBy: z.enum(LEADERBOARD_SORTS).default('rank'),
});
export type ListLeaderboardQuery = z.infer<typeof listLeaderboardQuerySchema>;

export const creatorSchema = z.object({
  creator: z.string(),
  platform: z.string(),
  email: z.string(),
  postCount: z.number(),
  profileUrl: z.string().nullable(),
});
export type Creator = z.infer<typeof creatorSchema>;

/** A creator's editable metric (Creators tab): the stored number, else their posts' sum. */
export const creatorMetricSchema = creatorSchema.extend({
  /** The stored metric's id (null when none is stored yet). */
  id: z.string().nullable(),
  /** The competition's metric (likes or views) summed over the creator's posts. */
  computed: z.number(),
  /** The number staff set, if any; the leaderboard uses it instead of `computed`. */
  metric: z.number().nullable(),
  /** The stored metric's version (0 when none is stored yet). */
  version: z.number(),
});
export type CreatorMetric = z.infer<typeof creatorMetricSchema>;

const { signedIn, staff } = endpointsOf(['leaderboard']);

export const leaderboard = {
  list: signedIn.get('/api/competitions/:id/leaderboard', {
    summary: 'The last computed leaderboard, paged and sorted on the server',
    params: idParams,
    query: listLeaderboardQuerySchema,
    responses: {
      200: pageOf(leaderboardEntrySchema).extend({ computedAt: z.number().nullable() }),
    },
  }),
  creators: signedIn.get('/api/competitions/:id/creators', {
    summary: "A competition's creators (handle, platform, email, posts), searchable",
    params: idParams,
    ...pagedList(pageQuerySchema, creatorSchema),
  }),
  creatorMetrics: signedIn.get('/api/competitions/:id/creator-metrics', {
    summary: "The Creators tab: each creator's metric, stored or computed from their posts",
    params: idParams,
    ...pagedList(pageQuerySchema, creatorMetricSchema),
  }),
  setCreatorMetric: staff.put('/api/competitions/:id/creator-metrics', {
    summary:
      "Set a creator's metric (the leaderboard uses it instead of their posts' sum); version 0 creates it",
    params: idParams,
    body: z.object({
      creator: z.string().trim().min(1).max(200),
      platform: z.string().trim().min(1).max(50),
      metric: z.number().int().min(0).max(MAX_POST_COUNT),
      version: z.number().int().min(0),
    }),
    responses: { 200: z.object({ metric: creatorMetricSchema }) },
  }),
};

/** One line of a competition's public standings (issue 43): a handle and its number, never an email. */
export const publicStandingSchema = z.object({
  rank: z.number(),
  creator: z.string(),
  platform: z.string(),
  /** The competition's metric (likes or views) over the entry's live posts. */
  value: z.number(),
});
export type PublicStanding = z.infer<typeof publicStandingSchema>;

/** The public standings: a page of them, or none when staff keep them hidden (for now). */
export const publicStandingsSchema = pageOf(publicStandingSchema).extend({
  shown: z.boolean(),
  visibility: z.enum(STANDINGS_VISIBILITY),
  metric: z.enum(METRICS),
  /** When the standings were last worked out (after the last refresh of views); null: never. */
  computedAt: z.number().nullable(),
});
export type PublicStandings = z.infer<typeof publicStandingsSchema>;

export const publicStandingsQuerySchema = pageQuerySchema.omit({ sortDirection: true });
export type PublicStandingsQuery = z.infer<typeof publicStandingsQuerySchema>;

const { anyone } = endpointsOf(['public']);

export const publicStandings = {
  list: anyone.get('/api/public/competitions/:id/standings', {
    summary:
      "A competition's standings as its public page shows them: rank, handle, platform and metric, searchable by handle",
    params: idParams,
    query: publicStandingsQuerySchema,
    responses: { 200: publicStandingsSchema },
  }),
};
