import { leaderboard } from '@preffy/api';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/contract-route.ts';
import { competitionLeaderboard } from './leaderboard.service.ts';
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
