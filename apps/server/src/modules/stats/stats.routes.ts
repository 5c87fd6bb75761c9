import { canManageCompetition } from '@preffy/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/types.ts';
import { findCompetition } from '../competitions/competitions.repository.ts';
import { cancelJob, findJob, latestJob, startRefreshJob } from './refresh-jobs.ts';

const jobSchema = z.object({
  id: z.string(),
  kind: z.string(),
  competitionId: z.string(),
  status: z.enum(['queued', 'running', 'done', 'cancelled', 'failed']),
  total: z.number(),
  done: z.number(),
  failed: z.number(),
  running: z.number(),
  queued: z.number(),
  createdAt: z.number(),
  finishedAt: z.number().nullable(),
  error: z.string().nullable(),
});
const idParams = z.object({ id: z.string().min(1).max(100) });

export async function statsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const visibleCompetition = async (user: SessionUser, id: string) => {
    const c = await findCompetition(app.db, id);
    if (!c || !canManageCompetition(user, c.organizerEmail)) throw notFound('Competition');
    return c;
  };

  r.post(
    '/api/competitions/:id/refresh',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['stats'],
        summary: "Update Views: queue a job refreshing every post's numbers from the providers",
        params: idParams,
        response: { 202: z.object({ job: jobSchema }) },
      },
    },
    async (request, reply) => {
      const c = await visibleCompetition(request.user!, request.params.id);
      const jobId = await startRefreshJob(app.db, c.id, request.user!.id);
      return reply.code(202).send({ job: await findJob(app.db, jobId) });
    },
  );

  r.get(
    '/api/competitions/:id/jobs/latest',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['stats'],
        summary: "The competition's newest job of a kind, with its progress (so a reloaded page finds it)",
        params: idParams,
        querystring: z.object({
          kind: z.enum(['refresh-views', 'update-leaderboard']).default('refresh-views'),
        }),
        response: { 200: z.object({ job: jobSchema.nullable() }) },
      },
    },
    async (request) => {
      const c = await visibleCompetition(request.user!, request.params.id);
      return { job: await latestJob(app.db, c.id, request.query.kind) };
    },
  );

  r.get(
    '/api/jobs/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['stats'],
        summary: 'A job and its progress',
        params: idParams,
        response: { 200: z.object({ job: jobSchema }) },
      },
    },
    async (request) => {
      const job = await findJob(app.db, request.params.id);
      await visibleCompetition(request.user!, job.competitionId);
      return { job };
    },
  );

  r.post(
    '/api/jobs/:id/cancel',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['stats'],
        summary: 'Cancel a job (posts not yet started are skipped)',
        params: idParams,
        response: { 200: z.object({ job: jobSchema }) },
      },
    },
    async (request) => ({ job: await cancelJob(app.db, request.params.id) }),
  );
}
