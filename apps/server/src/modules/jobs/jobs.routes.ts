import { jobs } from '@preffy/api';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/contract-route.ts';
import { cancelJob } from '../../plugins/jobs/jobs.repository.ts';
import { findVisibleJob, latestCompetitionJob, startCompetitionJob } from './jobs.service.ts';

export async function jobsRoutes(app: FastifyInstance) {
  route(app, jobs.startRefresh, async (request, reply) => {
    const job = await startCompetitionJob(app.db, request.user!, request.params.id, 'refresh-views');
    return reply.code(202).send({ job });
  });

  route(app, jobs.startLeaderboard, async (request, reply) => {
    const job = await startCompetitionJob(app.db, request.user!, request.params.id, 'update-leaderboard');
    return reply.code(202).send({ job });
  });

  route(app, jobs.latest, async (request) => ({
    job: await latestCompetitionJob(app.db, request.user!, request.params.id, request.query.kind),
  }));

  route(app, jobs.get, async (request) => ({
    job: await findVisibleJob(app.db, request.user!, request.params.id),
  }));

  route(app, jobs.cancel, async (request) => ({ job: await cancelJob(app.db, request.params.id) }));
}
