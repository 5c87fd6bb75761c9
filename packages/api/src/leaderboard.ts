import { z } from 'zod';
import { idParams } from './common.ts';
import { endpointsOf } from './endpoint.ts';
import { pageOf, pageQuerySchema } from './paging.ts';

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

export const leaderboard = {
  list: endpointsOf(['stats']).signedIn.get('/api/competitions/:id/leaderboard', {
    summary: 'The last computed leaderboard, paged and sorted on the server',
    params: idParams,
    query: listLeaderboardQuerySchema,
    responses: {
      200: pageOf(leaderboardEntrySchema).extend({ computedAt: z.number().nullable() }),
    },
  }),
};
