import { randomUUID } from 'node:crypto';
import type { RefreshFailure } from '@preffy/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { now } from '../../lib/clock.ts';

/** A queued job as its handler receives it. */
type RunnableJob = { id: string; kind: string; competitionId: string; createdBy: string | null };

/** A task this runner holds: `subject` says what it works on (Update Views: a post's id). */
export type ClaimedTask = { id: string; jobId: string; subject: string };

/** A failure may name its reason in the fixed words the job's result counts (decision 0111). */
type TaskOutcome = { ok: true } | { ok: false; error: string; reason?: RefreshFailure };

type JobContext = { db: Database; log?: FastifyBaseLogger };

export type TaskContext = JobContext & {
  /**
   * Stores one task's outcome and counts it on its job, in one transaction with `store` (the
   * kind's own writes), and only while this runner still holds the task: a runner that lost
   * its claim writes nothing ('lost'), so a task gets one result and the job's counters always
   * match the results stored, crash or not.
   */
  complete(
    task: ClaimedTask,
    outcome: TaskOutcome,
    store?: (trx: Database) => Promise<unknown>,
  ): Promise<'done' | 'failed' | 'lost'>;
};

/**
 * A job kind. Either the job is one unit of work (`run`: the runner flips it to running, keeps
 * it alive with the heartbeat and marks it done, or failed with the error thrown), or it is made
 * of tasks, added when the job is queued (`workTasks` receives a batch the runner has claimed and
 * stores each outcome through `context.complete` as soon as it has it). `whenDone` runs once
 * when a job of tasks closes, on the runner that closed it.
 */
export type JobHandler =
  | { kind: string; run: (job: RunnableJob, context: JobContext) => Promise<void> }
  | {
      kind: string;
      workTasks: (tasks: ClaimedTask[], context: TaskContext) => Promise<void>;
      whenDone?: (job: RunnableJob, context: JobContext) => Promise<unknown>;
    };

export type JobRunnerOptions = {
  batchSize?: number;
  log?: FastifyBaseLogger;
  /** How long a claim lasts unless renewed: how long a crashed runner's work waits for another. */
  leaseMs?: number;
  /** How often a working runner renews its claims; a few beats fit in one lease. */
  heartbeatMs?: number;
};

const HOUR = 3600_000;
const ABANDONED_JOB_ERROR = 'The worker stopped while computing; please update again';

/**
 * Works the jobs in the database for the kinds registered with it, knowing nothing of what they
 * do (decisions 0012 and 0018). Each tick claims a batch of due tasks with one conditional UPDATE
 * (on PostgreSQL a second instance waits for the row and then finds it taken), so several
 * instances share a job and no task is worked twice at once; a job without tasks is claimed by
 * flipping it from queued to running, which only one runner can do.
 *
 * Claims are short leases (30 s) that a heartbeat renews (every 10 s) while the batch is worked,
 * however slow it is: a crashed runner's tasks are taken again within one lease, a job it was
 * running is failed after one silent lease, and each task's outcome is stored, with the job's
 * counters, as soon as it arrives, so a crash loses at most the tasks in flight.
 */
export class JobRunner {
  readonly id = randomUUID();
  private readonly jobKinds = new Map<string, Extract<JobHandler, { run: unknown }>>();
  private readonly taskKinds = new Map<string, Extract<JobHandler, { workTasks: unknown }>>();
  private readonly schedules = new Map<string, { everyMs: number; work: () => Promise<unknown> }>();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly inFlight = new Set<Promise<unknown>>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = false;
  private readonly leaseMs: number;
  private readonly heartbeatMs: number;
  /** The job without tasks being run, whose liveness the heartbeat also shows. */
  private runningJobId: string | undefined;

  constructor(
    protected readonly db: Database,
    private readonly options: JobRunnerOptions = {},
  ) {
    this.leaseMs = options.leaseMs ?? 30_000;
    this.heartbeatMs = options.heartbeatMs ?? 10_000;
    // A beat as long as the lease would let claims lapse between beats.
    if (!(this.heartbeatMs > 0 && this.heartbeatMs * 2 <= this.leaseMs))
      throw new Error('The job heartbeat must be at most half the lease');
    this.every('purge finished job tasks', HOUR, () => this.purgeFinishedTasks());
  }

  /** Adds a job kind; its jobs are claimed only by runners that know the kind. */
  register(handler: JobHandler) {
    if (this.jobKinds.has(handler.kind) || this.taskKinds.has(handler.kind))
      throw new Error(`The job kind ${handler.kind} is already registered`);
    if ('run' in handler) this.jobKinds.set(handler.kind, handler);
    else this.taskKinds.set(handler.kind, handler);
    return this;
  }

  /** Periodic work (queueing scheduled jobs, cleaning up) started and stopped with the runner. */
  every(name: string, everyMs: number, work: () => Promise<unknown>) {
    if (this.schedules.has(name)) throw new Error(`The schedule ${name} already exists`);
    this.schedules.set(name, { everyMs, work });
    return this;
  }

  /** Runs one scheduled piece of work now (tests, and a schedule's own timer). */
  async runScheduled(name: string) {
    const schedule = this.schedules.get(name);
    if (!schedule) throw new Error(`No schedule ${name}`);
    const work = schedule.work();
    this.inFlight.add(work);
    try {
      return await work;
    } finally {
      this.inFlight.delete(work);
    }
  }

  start(intervalMs: number) {
    const loop = async () => {
      if (this.stopped) return;
      try {
        // Keep working while there is work; then wait for the next tick.
        while (!this.stopped && (await this.tick()) > 0);
      } catch (error) {
        this.options.log?.error({ err: error }, 'job runner tick failed');
      }
      if (!this.stopped) this.timer = setTimeout(loop, intervalMs);
    };
    this.timer = setTimeout(loop, intervalMs);
    for (const [name, { everyMs }] of this.schedules)
      this.timers.push(
        setInterval(() => {
          if (this.stopped) return;
          this.runScheduled(name).catch((err: unknown) =>
            this.options.log?.error({ err }, `scheduled work failed: ${name}`),
          );
        }, everyMs),
      );
  }

  async stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    for (const timer of this.timers) clearInterval(timer);
    await Promise.allSettled([this.running, ...this.inFlight]);
  }

  /**
   * A finished job's tasks are only needed while it runs: a week after it ends they go (the job
   * row with its counts stays), so a job every few hours does not grow the table without bound.
   */
  async purgeFinishedTasks(olderThanMs = 7 * 24 * HOUR) {
    const result = await this.db
      .deleteFrom('jobTasks')
      .where('jobId', 'in', (eb) =>
        eb
          .selectFrom('jobs')
          .select('id')
          .where('status', 'in', ['done', 'cancelled', 'failed'])
          .where('finishedAt', '<', now() - olderThanMs),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** One round: a job without tasks, then a batch of tasks. Answers how much it handled. */
  tick(): Promise<number> {
    this.running = this.work();
    return this.running;
  }

  private async work(): Promise<number> {
    const heartbeat = setInterval(() => void this.renewLeases(), this.heartbeatMs);
    heartbeat.unref();
    try {
      const handled = (await this.runNextJob()) + (await this.workTasks());
      if (handled === 0) await this.finishAbandonedJobs();
      return handled;
    } finally {
      clearInterval(heartbeat);
    }
  }

  /**
   * The heartbeat: pushes back the end of every claim this runner still holds. Only its own,
   * still running tasks: a claim another runner has taken over stays theirs.
   */
  private async renewLeases() {
    const at = now();
    try {
      await this.db
        .updateTable('jobTasks')
        .set({ claimedUntil: at + this.leaseMs })
        .where('claimedBy', '=', this.id)
        .where('status', '=', 'running')
        .execute();
      if (this.runningJobId)
        await this.db
          .updateTable('jobs')
          .set({ updatedAt: at })
          .where('id', '=', this.runningJobId)
          .where('status', '=', 'running')
          .execute();
    } catch (error) {
      // The next beat tries again; a lease lost meanwhile only means another runner takes over.
      this.options.log?.error({ err: error }, 'renewing job leases failed');
    }
  }

  /** An update of the running jobs of the given kinds. */
  private runningJobsOf(kinds: Map<string, unknown>) {
    return this.db
      .updateTable('jobs')
      .where('kind', 'in', [...kinds.keys()])
      .where('status', '=', 'running');
  }

  /**
   * A runner that crashed can leave a job 'running' with nothing left to do (it stored its last
   * task's outcome but did not close the job) or a job without tasks half run, its heartbeat
   * silent for a whole lease: close the first, fail the second, so the next start makes a new
   * job instead of answering the stuck one.
   */
  private async finishAbandonedJobs() {
    const at = now();
    if (this.jobKinds.size > 0)
      await this.runningJobsOf(this.jobKinds)
        .set({ status: 'failed', error: ABANDONED_JOB_ERROR, finishedAt: at })
        .where('updatedAt', '<', at - this.leaseMs)
        .execute();
    if (this.taskKinds.size > 0)
      await this.runningJobsOf(this.taskKinds)
        .set({ status: 'done', finishedAt: at, updatedAt: at })
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('jobTasks')
                .select('jobTasks.id')
                .whereRef('jobTasks.jobId', '=', 'jobs.id')
                .where('jobTasks.status', 'in', ['queued', 'running']),
            ),
          ),
        )
        .execute();
  }

  /** Runs the oldest queued job without tasks, if any; only the runner that flips it to running does. */
  private async runNextJob(): Promise<number> {
    if (this.jobKinds.size === 0) return 0;
    const next = await this.db
      .selectFrom('jobs')
      .select(['id', 'kind', 'competitionId', 'createdBy'])
      .where('kind', 'in', [...this.jobKinds.keys()])
      .where('status', '=', 'queued')
      .orderBy('createdAt')
      .limit(1)
      .executeTakeFirst();
    if (!next) return 0;
    const claimed = await this.db
      .updateTable('jobs')
      .set({ status: 'running', updatedAt: now() })
      .where('id', '=', next.id)
      .where('status', '=', 'queued')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return 0;
    this.runningJobId = next.id;
    try {
      await this.jobKinds.get(next.kind)!.run(next, { db: this.db, log: this.options.log });
      await this.db
        .updateTable('jobs')
        .set((eb) => ({ status: 'done', done: eb.ref('total'), finishedAt: now(), updatedAt: now() }))
        .where('id', '=', next.id)
        .where('status', '=', 'running')
        .execute();
    } catch (error) {
      this.options.log?.error({ err: error, kind: next.kind }, 'job failed');
      await this.db
        .updateTable('jobs')
        .set((eb) => ({
          status: 'failed',
          failed: eb.ref('total'),
          error: String((error as Error).message).slice(0, 500),
          finishedAt: now(),
          updatedAt: now(),
        }))
        .where('id', '=', next.id)
        .where('status', '=', 'running')
        .execute();
    } finally {
      this.runningJobId = undefined;
    }
    return 1;
  }

  /** Claims a batch of due tasks of the known kinds and hands each kind its share. */
  private async workTasks(): Promise<number> {
    if (this.taskKinds.size === 0) return 0;
    const at = now();
    const due = (eb: ExpressionBuilder<DB, 'jobTasks'>) =>
      eb.or([
        eb('jobTasks.status', '=', 'queued'),
        eb.and([eb('jobTasks.status', '=', 'running'), eb('jobTasks.claimedUntil', '<', at)]),
      ]);
    const candidates = await this.db
      .selectFrom('jobTasks')
      .innerJoin('jobs', 'jobs.id', 'jobTasks.jobId')
      .select('jobTasks.id')
      .where('jobs.kind', 'in', [...this.taskKinds.keys()])
      .where('jobs.status', 'in', ['queued', 'running'])
      .where(due)
      .orderBy('jobs.createdAt')
      .limit(this.options.batchSize ?? 50)
      .execute();
    if (candidates.length === 0) return 0;
    const ids = candidates.map((c) => c.id);
    await this.db
      .updateTable('jobTasks')
      .set({ status: 'running', claimedBy: this.id, claimedUntil: at + this.leaseMs })
      .where('id', 'in', ids)
      .where(due)
      .execute();
    const claimed = await this.db
      .selectFrom('jobTasks')
      .innerJoin('jobs', 'jobs.id', 'jobTasks.jobId')
      .select(['jobTasks.id', 'jobTasks.jobId', 'jobTasks.subject', 'jobs.kind'])
      .where('jobTasks.id', 'in', ids)
      .where('jobTasks.claimedBy', '=', this.id)
      .where('jobTasks.status', '=', 'running')
      .execute();
    const jobIds = [...new Set(claimed.map((c) => c.jobId))];
    if (jobIds.length)
      await this.db
        .updateTable('jobs')
        .set({ status: 'running', updatedAt: at })
        .where('id', 'in', jobIds)
        .where('status', '=', 'queued')
        .execute();

    const byKind = new Map<string, ClaimedTask[]>();
    for (const { kind, ...task } of claimed) byKind.set(kind, [...(byKind.get(kind) ?? []), task]);
    const context: TaskContext = {
      db: this.db,
      log: this.options.log,
      complete: (task, outcome, store) => this.complete(task, outcome, store),
    };
    // Kinds side by side; a kind that fails leaves its tasks to be taken again after the lease.
    const results = await Promise.allSettled(
      [...byKind].map(([kind, tasks]) => this.taskKinds.get(kind)!.workTasks(tasks, context)),
    );
    for (const result of results)
      if (result.status === 'rejected')
        this.options.log?.error({ err: result.reason }, 'working job tasks failed');
    for (const jobId of jobIds) await this.closeIfFinished(jobId);
    return claimed.length;
  }

  private complete(
    task: ClaimedTask,
    outcome: TaskOutcome,
    store?: (trx: Database) => Promise<unknown>,
  ): Promise<'done' | 'failed' | 'lost'> {
    const at = now();
    return this.db.transaction().execute(async (trx) => {
      const held = await trx
        .updateTable('jobTasks')
        .set({
          status: outcome.ok ? 'done' : 'failed',
          error: outcome.ok ? null : outcome.error.slice(0, 500),
          reason: outcome.ok ? null : (outcome.reason ?? null),
        })
        .where('id', '=', task.id)
        .where('claimedBy', '=', this.id)
        .where('status', '=', 'running')
        .executeTakeFirst();
      if (Number(held.numUpdatedRows) !== 1) return 'lost';
      await store?.(trx);
      await trx
        .updateTable('jobs')
        .set((eb) =>
          outcome.ok
            ? { done: eb('done', '+', 1), updatedAt: at }
            : { failed: eb('failed', '+', 1), updatedAt: at },
        )
        .where('id', '=', task.jobId)
        .execute();
      return outcome.ok ? 'done' : 'failed';
    });
  }

  /** Closes a job once none of its tasks is queued or running. */
  private async closeIfFinished(jobId: string) {
    const open = await this.db
      .selectFrom('jobTasks')
      .select('id')
      .where('jobId', '=', jobId)
      .where('status', 'in', ['queued', 'running'])
      .limit(1)
      .executeTakeFirst();
    if (open) return;
    const closed = await this.db
      .updateTable('jobs')
      .set({ status: 'done', finishedAt: now(), updatedAt: now() })
      .where('id', '=', jobId)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst();
    // Only the runner whose update closed it: two runners never both follow one job up.
    if (Number(closed.numUpdatedRows) !== 1) return;
    const job = await this.db
      .selectFrom('jobs')
      .select(['id', 'kind', 'competitionId', 'createdBy'])
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
    try {
      await this.taskKinds.get(job.kind)?.whenDone?.(job, { db: this.db, log: this.options.log });
    } catch (error) {
      this.options.log?.error({ err: error, kind: job.kind }, 'following up a finished job failed');
    }
  }
}
