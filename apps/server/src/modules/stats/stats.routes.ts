import { canManageCompetition } from '@preffy/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/types.ts';
import { findCompetition } from '../competitions/competitions.repository.ts';
import { pageOf, pageQuerySchema } from '@preffy/api';
import { likePattern, offsetOf } from '../../lib/paging.ts';
import { startLeaderboardJob } from './leaderboard.ts';
import { cancelJob, findJob, latestJob, startRefreshJob } from './refresh-jobs.ts';

const LEADERBOARD_SORTS = {
  rank: 'rank',
  likes: 'likes',
  views: 'views',
  creator: 'creator',
  postCount: 'postCount',
  creativityScore: 'creativityScore',
} as const;

const leaderboardRowSchema = z.object({
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

  r.post(
    '/api/competitions/:id/leaderboard/update',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['stats'],
        summary: 'Update Leaderboard: queue a job recomputing the ranking and the prizes it would pay now',
        params: idParams,
        response: { 202: z.object({ job: jobSchema }) },
      },
    },
    async (request, reply) => {
      const c = await visibleCompetition(request.user!, request.params.id);
      const jobId = await startLeaderboardJob(app.db, c.id, request.user!.id);
      return reply.code(202).send({ job: await findJob(app.db, jobId) });
    },
  );

  r.get(
    '/api/competitions/:id/leaderboard',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['stats'],
        summary: 'The last computed leaderboard, paged and sorted on the server',
        params: idParams,
        querystring: pageQuerySchema.extend({
          sortBy: z.enum(Object.keys(LEADERBOARD_SORTS) as [keyof typeof LEADERBOARD_SORTS]).default('rank'),
        }),
        response: {
          200: pageOf(leaderboardRowSchema).extend({ computedAt: z.number().nullable() }),
        },
      },
    },
    async (request) => {
      const c = await visibleCompetition(request.user!, request.params.id);
      const q = request.query;
      let base = app.db.selectFrom('leaderboardEntries').where('competitionId', '=', c.id);
      if (q.search) {
        const pattern = likePattern(q.search.toLowerCase());
        base = base.where((eb) =>
          eb.or([eb(eb.fn('lower', ['creator']), 'like', pattern), eb('email', 'like', pattern)]),
        );
      }
      const [rows, count, latest] = await Promise.all([
        base
          .selectAll()
          .orderBy(LEADERBOARD_SORTS[q.sortBy], q.sortDirection)
          .orderBy('rank')
          .limit(q.pageSize)
          .offset(offsetOf(q))
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
        // Every row of one computation has the same time: the first says it.
        app.db
          .selectFrom('leaderboardEntries')
          .select('computedAt')
          .where('competitionId', '=', c.id)
          .where('rank', '=', 1)
          .executeTakeFirst(),
      ]);
      return {
        items: rows.map((r) => ({ ...r, flags: JSON.parse(r.flags) as string[] })),
        total: Number(count.total),
        computedAt: latest ? Number(latest.computedAt) : null,
      };
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
      // A job of a competition the user may not see is answered like a missing job.
      const c = await findCompetition(app.db, job.competitionId);
      if (!c || !canManageCompetition(request.user!, c.organizerEmail)) throw notFound('Job');
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
