import type { RefreshFailure } from '@preffy/domain';
import type { Database } from '../../db/database.ts';
import type { JobsTable } from '../../db/schema.ts';
import { newId, now } from '../../lib/clock.ts';
import { AppError, isUniqueViolation, notFound } from '../../lib/errors.ts';

/** A job with its progress: `running` and `queued` count its open tasks. */
type Job = Omit<JobsTable, 'error'> & {
  error: string | null;
  running: number;
  queued: number;
  /** Failed tasks by the reason their kind gave. */
  failures: { reason: RefreshFailure; count: number }[];
};

type NewJob = { competitionId: string; kind: string; createdBy: string | null };

/** The job of this kind already queued or running for the competition, if any. */
function findOpenJob(db: Database, competitionId: string, kind: string) {
  return db
    .selectFrom('jobs')
    .select('id')
    .where('competitionId', '=', competitionId)
    .where('kind', '=', kind)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
}

/**
 * Queues a job, one open job of a kind per competition: one already queued or running is
 * answered instead of a second (a double click, or a schedule on another instance at the same
 * moment: a unique index decides the race). Without `addTasks` the job is one unit of work
 * (total 1); with it, `addTasks` inserts the job's tasks in the same transaction and the job's
 * total is their count (a job with none is done at once).
 */
export async function startJob(
  db: Database,
  input: NewJob,
  addTasks?: (trx: Database, jobId: string) => Promise<unknown>,
): Promise<string> {
  try {
    return await db.transaction().execute(async (trx) => {
      const existing = await findOpenJob(trx, input.competitionId, input.kind);
      if (existing) return existing.id;
      const id = newId();
      const at = now();
      await trx
        .insertInto('jobs')
        .values({
          id,
          ...input,
          total: addTasks ? 0 : 1,
          status: 'queued',
          done: 0,
          failed: 0,
          createdAt: at,
          updatedAt: at,
          finishedAt: null,
          error: null,
        })
        .execute();
      if (addTasks) {
        await addTasks(trx, id);
        const { n } = await trx
          .selectFrom('jobTasks')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('jobId', '=', id)
          .executeTakeFirstOrThrow();
        const total = Number(n);
        await trx
          .updateTable('jobs')
          .set(total === 0 ? { total, status: 'done', finishedAt: at } : { total })
          .where('id', '=', id)
          .execute();
      }
      return id;
    });
  } catch (error) {
    const open = isUniqueViolation(error)
      ? await findOpenJob(db, input.competitionId, input.kind)
      : undefined;
    if (!open) throw error;
    return open.id;
  }
}

export async function findJob(db: Database, id: string): Promise<Job> {
  const job = await db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  if (!job) throw notFound('Job');
  const counts = await db
    .selectFrom('jobTasks')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('jobId', '=', id)
    .where('status', 'in', ['queued', 'running'])
    .groupBy('status')
    .execute();
  const of = (s: string) => Number(counts.find((c) => c.status === s)?.n ?? 0);
  const failures = await db
    .selectFrom('jobTasks')
    .select(['reason', (eb) => eb.fn.countAll<number>().as('n')])
    .where('jobId', '=', id)
    .where('status', '=', 'failed')
    .where('reason', 'is not', null)
    .groupBy('reason')
    .execute();
  return {
    ...job,
    running: of('running'),
    queued: of('queued'),
    failures: failures
      .map((f) => ({ reason: f.reason!, count: Number(f.n) }))
      .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
  };
}

/** The newest job of a kind for a competition, so a reloaded page finds its progress again. */
export async function latestJob(db: Database, competitionId: string, kind: string) {
  const row = await db
    .selectFrom('jobs')
    .select('id')
    .where('competitionId', '=', competitionId)
    .where('kind', '=', kind)
    .orderBy('createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? findJob(db, row.id) : null;
}

/** Stops a job: tasks not yet started are skipped; the few in flight finish. */
export async function cancelJob(db: Database, id: string) {
  const job = await findJob(db, id);
  if (job.status !== 'queued' && job.status !== 'running')
    throw new AppError(409, 'JOB_FINISHED', 'This job has already finished');
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('jobTasks')
      .set({ status: 'cancelled' })
      .where('jobId', '=', id)
      .where('status', '=', 'queued')
      .execute();
    await trx
      .updateTable('jobs')
      .set({ status: 'cancelled', finishedAt: now(), updatedAt: now() })
      .where('id', '=', id)
      .execute();
  });
  return findJob(db, id);
}
