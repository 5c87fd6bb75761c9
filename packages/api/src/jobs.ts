import { REFRESH_FAILURES } from '@preffy/domain';
import { z } from 'zod';
import { idParams } from './common.ts';
import { endpointsOf } from './endpoint.ts';

/** The job kinds a competition's page starts and follows. */
export const JOB_KINDS = ['refresh-views', 'update-leaderboard'] as const;
export type JobKind = (typeof JOB_KINDS)[number];

/** A job and its progress: tasks done, failed, running and still queued, out of total. */
export const jobSchema = z.object({
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
  /** The failed tasks counted by their reason, most first (Update Views, decision 0111). */
  failures: z.array(z.object({ reason: z.enum(REFRESH_FAILURES), count: z.number() })),
});
export type Job = z.infer<typeof jobSchema>;

const oneJob = z.object({ job: jobSchema });
/** An endpoint about one job (its id, or the competition it works on) that answers with it. */
const aboutOneJob = <const S extends 200 | 202>(summary: string, status: S) => ({
  summary,
  params: idParams,
  responses: { [status]: oneJob } as { [K in S]: typeof oneJob },
});

const { signedIn, staff } = endpointsOf(['jobs']);

export const jobs = {
  startRefresh: staff.post(
    '/api/competitions/:id/refresh',
    aboutOneJob("Update Views: queue a job refreshing every post's numbers from the providers", 202),
  ),
  startLeaderboard: staff.post(
    '/api/competitions/:id/leaderboard/update',
    aboutOneJob(
      'Update Leaderboard: queue a job recomputing the ranking and the prizes it would pay now',
      202,
    ),
  ),
  latest: signedIn.get('/api/competitions/:id/jobs/latest', {
    summary: "The competition's newest job of a kind, with its progress (so a reloaded page finds it)",
    params: idParams,
    query: z.object({ kind: z.enum(JOB_KINDS).default('refresh-views') }),
    responses: { 200: z.object({ job: jobSchema.nullable() }) },
  }),
  get: signedIn.get('/api/jobs/:id', aboutOneJob('A job and its progress', 200)),
  cancel: staff.post(
    '/api/jobs/:id/cancel',
    aboutOneJob('Cancel a job (posts not yet started are skipped)', 200),
  ),
};
