import type { Database } from '../../db/database.ts';
import type { JobsTable } from '../../db/schema.ts';
import { newId, now } from '../../lib/clock.ts';
import { AppError, isUniqueViolation, notFound } from '../../lib/errors.ts';

export type Job = Omit<JobsTable, 'error'> & { error: string | null; running: number; queued: number };

/** The job of this kind already queued or running for the competition, if any. */
export function findOpenJob(db: Database, competitionId: string, kind: JobsTable['kind']) {
  return db
    .selectFrom('jobs')
    .select('id')
    .where('competitionId', '=', competitionId)
    .where('kind', '=', kind)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
}

/** A new queued job (its tasks, if any, are added by the caller in the same transaction). */
export async function insertJob(
  db: Database,
  input: { competitionId: string; kind: JobsTable['kind']; total: number; createdBy: string | null },
) {
  const id = newId();
  const at = now();
  await db
    .insertInto('jobs')
    .values({
      id,
      ...input,
      status: 'queued',
      done: 0,
      failed: 0,
      createdAt: at,
      updatedAt: at,
      finishedAt: null,
      error: null,
    })
    .execute();
  return id;
}

/**
 * 'Update Views': one job per competition, one task per post. A job already queued or running
 * for the competition is answered instead of a second one (a double click, or the schedule on
 * another instance at the same moment: a unique index decides the race).
 */
export async function startRefreshJob(db: Database, competitionId: string, createdBy: string | null) {
  try {
    return await createRefreshJob(db, competitionId, createdBy);
  } catch (error) {
    const open = isUniqueViolation(error) ? await findOpenJob(db, competitionId, 'refresh-views') : undefined;
    if (!open) throw error;
    return open.id;
  }
}

function createRefreshJob(db: Database, competitionId: string, createdBy: string | null) {
  return db.transaction().execute(async (trx) => {
    const existing = await findOpenJob(trx, competitionId, 'refresh-views');
    if (existing) return existing.id;
    const id = await insertJob(trx, { competitionId, kind: 'refresh-views', total: 0, createdBy });
    const at = now();
    // One statement, however many posts: the tasks are made by the database.
    await trx
      .insertInto('jobTasks')
      .columns(['id', 'jobId', 'postId', 'platform', 'status'])
      .expression((eb) =>
        eb
          .selectFrom('posts')
          .select((s) => [
            s(s.val(`${id}:`), '||', s.ref('posts.id')).as('id'),
            s.val(id).as('jobId'),
            'posts.id as postId',
            'posts.platform',
            s.val('queued').as('status'),
          ])
          .where('competitionId', '=', competitionId)
          .where('deleted', '=', 0),
      )
      .execute();
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
    return id;
  });
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
  return { ...job, running: of('running'), queued: of('queued') };
}

/** The newest job of a kind for a competition, so a reloaded page finds its progress again. */
export async function latestJob(db: Database, competitionId: string, kind: JobsTable['kind']) {
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

/** Stops a job: posts not yet started are skipped; the few in flight finish. */
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
