import { leaderboard, publicStandings as publicStandingsApi } from '@preffy/api';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/contract-route.ts';
import { cacheablePublicAnswer } from '../../lib/public-cache.ts';
import { competitionLeaderboard } from './leaderboard.service.ts';
import { publicStandings } from './public-standings.ts';
import { competitionCreatorMetrics, competitionCreators, setCreatorMetric } from './creators.service.ts';

export async function leaderboardRoutes(app: FastifyInstance) {
  const upToDateLeaderboard = competitionLeaderboard(app.dialect);
  route(app, leaderboard.list, async (request) =>
    upToDateLeaderboard(app.db, request.user!, request.params.id, request.query),
  );

  route(app, leaderboard.creators, async (request) =>
    competitionCreators(app.db, request.user!, request.params.id, request.query),
  );

  route(app, leaderboard.creatorMetrics, async (request) =>
    competitionCreatorMetrics(app.db, request.user!, request.params.id, request.query),
  );

  route(app, leaderboard.setCreatorMetric, async (request) => ({
    metric: await setCreatorMetric(app.db, request.user!, request.params.id, request.body),
  }));
}

/** A competition's public standings (issue 43): the same for every visitor, so cacheable. */
export async function publicStandingsRoutes(app: FastifyInstance) {
  route(
    app,
    publicStandingsApi.list,
    async (request, reply) =>
      cacheablePublicAnswer(request, reply, await publicStandings(app.db, request.params.id, request.query)),
    { rateLimit: { max: 120, timeWindow: 60_000 } },
  );
}
