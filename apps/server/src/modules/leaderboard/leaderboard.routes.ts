import { createHash } from 'node:crypto';
import { leaderboard, publicStandings as publicStandingsApi } from '@preffy/api';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/contract-route.ts';
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

/**
 * A competition's public standings (issue 43). The answer is the same for every visitor, so it
 * carries Cache-Control and an ETag: a CDN or the browser serves repeats, and a visitor whose
 * copy is current gets a 304 without the body.
 */
export async function publicStandingsRoutes(app: FastifyInstance) {
  route(
    app,
    publicStandingsApi.list,
    async (request, reply) => {
      const answer = await publicStandings(app.db, request.params.id, request.query);
      const etag = `"${createHash('sha256').update(JSON.stringify(answer)).digest('base64url').slice(0, 27)}"`;
      reply.header('Cache-Control', 'public, max-age=60').header('ETag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return answer;
    },
    { rateLimit: { max: 120, timeWindow: 60_000 } },
  );
}
