import { defineArea } from '../../lib/area.ts';
import { creatorMetricSchema } from '@preffy/api';
import { toCreatorMetric } from './creators.repository.ts';
import { updateLeaderboardHandler } from './leaderboard.ts';
import { leaderboardRoutes, publicStandingsRoutes } from './leaderboard.routes.ts';

export {
  bringLeaderboardUpToDate,
  loadRankingInput,
  startLeaderboardJob,
  updateLeaderboardNow,
} from './leaderboard.ts';
export { leaderboardComputedAt } from './leaderboard.repository.ts';
export { entriesNearPrizeCutoff } from './prize-cutoff.ts';
export { publicStandings } from './public-standings.ts';

export const leaderboardArea = defineArea({
  name: 'leaderboard',
  routes: [leaderboardRoutes, publicStandingsRoutes],
  owns: {
    // A creator's metric is answered beside their posts' numbers: the creators service passes
    // the row already joined with them (creators.repository.ts CreatorMetricRow).
    creatorMetrics: { schema: creatorMetricSchema, toPublic: toCreatorMetric },
    leaderboardEntries: true,
  },
  jobs: ({ config }) => [updateLeaderboardHandler(config.databaseUrl ? 'postgres' : 'sqlite')],
});
