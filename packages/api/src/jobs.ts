import { z } from 'zod';
import { idParams } from './common.ts';
import { endpoint } from './endpoint.ts';

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
});
export type Job = z.infer<typeof jobSchema>;

const oneJob = z.object({ job: jobSchema });

export const jobs = {
  startRefresh: endpoint({
    method: 'POST',
    path: '/api/competitions/:id/refresh',
    access: 'staff',
    tags: ['stats'],
    summary: "Update Views: queue a job refreshing every post's numbers from the providers",
    params: idParams,
    responses: { 202: oneJob },
  }),
  startLeaderboard: endpoint({
    method: 'POST',
    path: '/api/competitions/:id/leaderboard/update',
    access: 'staff',
    tags: ['stats'],
    summary: 'Update Leaderboard: queue a job recomputing the ranking and the prizes it would pay now',
    params: idParams,
    responses: { 202: oneJob },
  }),
  latest: endpoint({
    method: 'GET',
    path: '/api/competitions/:id/jobs/latest',
    access: 'signed-in',
    tags: ['stats'],
    summary: "The competition's newest job of a kind, with its progress (so a reloaded page finds it)",
    params: idParams,
    query: z.object({ kind: z.enum(JOB_KINDS).default('refresh-views') }),
    responses: { 200: z.object({ job: jobSchema.nullable() }) },
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/jobs/:id',
    access: 'signed-in',
    tags: ['stats'],
    summary: 'A job and its progress',
    params: idParams,
    responses: { 200: oneJob },
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/api/jobs/:id/cancel',
    access: 'staff',
    tags: ['stats'],
    summary: 'Cancel a job (posts not yet started are skipped)',
    params: idParams,
    responses: { 200: oneJob },
  }),
};
