import { randomUUID } from 'node:crypto';
import { type PostPlatform, parsePostLink } from '@preffy/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import { newId, now } from '../../lib/clock.ts';
import type { StatsResult, StatsSource, StatsSources } from './providers.ts';
import { computeLeaderboard } from './leaderboard.ts';
import { startRefreshJob } from './refresh-jobs.ts';

export type JobWorkerOptions = {
  batchSize?: number;
  log?: FastifyBaseLogger;
  timeZone?: string;
  /** How long a claim lasts unless renewed: how long a crashed worker's tasks wait for another. */
  leaseMs?: number;
  /** How often a working worker renews its claims; a few beats fit in one lease. */
  heartbeatMs?: number;
};

/**
 * Works the refresh jobs in the database. Each tick claims a batch of due tasks with one
 * conditional UPDATE (on PostgreSQL a second server instance waits for the row and then finds it
 * taken), so several instances share a job and no post is refreshed twice at once.
 *
 * Claims are short leases (30 s) that a heartbeat renews (every 10 s) while the batch is worked,
 * however slow the providers: a crashed worker's tasks are taken again within one lease, and
 * each result is stored, with the job's counters, as soon as it arrives, so a crash loses at most
 * the posts in flight (decision 0012).
 */
export class JobWorker {
  readonly id = randomUUID();
  private timer: NodeJS.Timeout | undefined;
  private scheduleTimer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = false;
  private readonly leaseMs: number;
  private readonly heartbeatMs: number;
  /** The 'Update Leaderboard' job being computed, whose liveness the heartbeat also shows. */
  private leaderboardJobId: string | undefined;

  constructor(
    private readonly db: Database,
    private readonly sources: StatsSources,
    private readonly options: JobWorkerOptions = {},
  ) {
    this.leaseMs = options.leaseMs ?? 30_000;
    this.heartbeatMs = options.heartbeatMs ?? 10_000;
    // A beat as long as the lease would let claims lapse between beats.
    if (!(this.heartbeatMs > 0 && this.heartbeatMs * 2 <= this.leaseMs))
      throw new Error('The job heartbeat must be at most half the lease');
  }

  start(intervalMs: number, refreshEveryMs = 0) {
    const loop = async () => {
      if (this.stopped) return;
      try {
        // Keep working while there is work; then wait for the next tick.
        while (!this.stopped && (await this.tick()) > 0);
      } catch (error) {
        this.options.log?.error({ err: error }, 'refresh worker tick failed');
      }
      if (!this.stopped) this.timer = setTimeout(loop, intervalMs);
    };
    this.timer = setTimeout(loop, intervalMs);
    if (refreshEveryMs > 0) {
      this.scheduleTimer = setInterval(() => {
        this.refreshActiveCompetitions()
          .then(() => this.purgeFinishedTasks())
          .catch((err: unknown) => this.options.log?.error({ err }, 'scheduled refresh failed'));
      }, refreshEveryMs);
    }
  }

  async stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.scheduleTimer);
    await this.running;
  }

  /** Active competitions get a refresh job on the schedule (none is added while one runs). */
  async refreshActiveCompetitions() {
    const active = await this.db
      .selectFrom('competitions')
      .select('id')
      .where('deleted', '=', 0)
      .where('isActive', '=', 1)
      .where('hasEnded', '=', 0)
      .execute();
    for (const c of active) await startRefreshJob(this.db, c.id, null);
    return active.length;
  }

  /**
   * A finished job's per-post tasks are only needed while it runs: a week after it ends they
   * go (the job row with its counts stays), so a refresh every few hours does not grow the table
   * without bound. Snapshots stay: they are the history.
   */
  async purgeFinishedTasks(olderThanMs = 7 * 24 * 3600_000) {
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

  /** One batch: claim, fetch per platform, store. Answers how many tasks it handled. */
  tick(): Promise<number> {
    this.running = this.work();
    return this.running;
  }

  private async work(): Promise<number> {
    const heartbeat = setInterval(() => void this.renewLeases(), this.heartbeatMs);
    heartbeat.unref();
    try {
      const handled = (await this.leaderboards()) + (await this.refreshTasks());
      if (handled === 0) await this.finishAbandonedJobs();
      return handled;
    } finally {
      clearInterval(heartbeat);
    }
  }

  /**
   * The heartbeat: pushes back the end of every claim this worker still holds. Only its own,
   * still running tasks: a claim another worker has taken over stays theirs.
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
      if (this.leaderboardJobId)
        await this.db
          .updateTable('jobs')
          .set({ updatedAt: at })
          .where('id', '=', this.leaderboardJobId)
          .where('status', '=', 'running')
          .execute();
    } catch (error) {
      // The next beat tries again; a lease lost meanwhile only means another worker takes over.
      this.options.log?.error({ err: error }, 'renewing job leases failed');
    }
  }

  /**
   * A worker that crashed can leave a job 'running' with nothing left to do (it stored its last
   * result but did not close the job) or a leaderboard half computed, its heartbeat silent for a
   * whole lease: close the first, fail the second, so the next Update starts a new job instead of
   * answering the stuck one.
   */
  private async finishAbandonedJobs() {
    const at = now();
    await this.db
      .updateTable('jobs')
      .set({
        status: 'failed',
        error: 'The worker stopped while computing; please update again',
        finishedAt: at,
      })
      .where('kind', '=', 'update-leaderboard')
      .where('status', '=', 'running')
      .where('updatedAt', '<', at - this.leaseMs)
      .execute();
    await this.db
      .updateTable('jobs')
      .set({ status: 'done', finishedAt: at, updatedAt: at })
      .where('kind', '=', 'refresh-views')
      .where('status', '=', 'running')
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

  /** Runs a queued 'Update Leaderboard' job, if any; only the worker that flips it to running does. */
  private async leaderboards(): Promise<number> {
    const next = await this.db
      .selectFrom('jobs')
      .select(['id', 'competitionId'])
      .where('kind', '=', 'update-leaderboard')
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
    this.leaderboardJobId = next.id;
    try {
      await computeLeaderboard(this.db, next.competitionId, this.options.timeZone ?? 'UTC');
      await this.db
        .updateTable('jobs')
        .set({ status: 'done', done: 1, finishedAt: now(), updatedAt: now() })
        .where('id', '=', next.id)
        .where('status', '=', 'running')
        .execute();
    } catch (error) {
      this.options.log?.error({ err: error }, 'leaderboard failed');
      await this.db
        .updateTable('jobs')
        .set({
          status: 'failed',
          failed: 1,
          error: (error as Error).message,
          finishedAt: now(),
          updatedAt: now(),
        })
        .where('id', '=', next.id)
        .execute();
    } finally {
      this.leaderboardJobId = undefined;
    }
    return 1;
  }

  private async refreshTasks(): Promise<number> {
    const at = now();
    const candidates = await this.db
      .selectFrom('jobTasks')
      .innerJoin('jobs', 'jobs.id', 'jobTasks.jobId')
      .select('jobTasks.id')
      .where('jobs.status', 'in', ['queued', 'running'])
      .where((eb) =>
        eb.or([
          eb('jobTasks.status', '=', 'queued'),
          eb.and([eb('jobTasks.status', '=', 'running'), eb('jobTasks.claimedUntil', '<', at)]),
        ]),
      )
      .orderBy('jobs.createdAt')
      .limit(this.options.batchSize ?? 50)
      .execute();
    if (candidates.length === 0) return 0;
    const ids = candidates.map((c) => c.id);
    await this.db
      .updateTable('jobTasks')
      .set({ status: 'running', claimedBy: this.id, claimedUntil: at + this.leaseMs })
      .where('id', 'in', ids)
      .where((eb) =>
        eb.or([
          eb('status', '=', 'queued'),
          eb.and([eb('status', '=', 'running'), eb('claimedUntil', '<', at)]),
        ]),
      )
      .execute();
    const claimed = await this.db
      .selectFrom('jobTasks')
      .innerJoin('posts', 'posts.id', 'jobTasks.postId')
      .select([
        'jobTasks.id as taskId',
        'jobTasks.jobId',
        'jobTasks.platform',
        'posts.id as postRowId',
        'posts.postId',
        'posts.link',
        'posts.bonusLikes',
      ])
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

    const byPlatform = new Map<string, ClaimedTask[]>();
    for (const task of claimed)
      byPlatform.set(task.platform, [...(byPlatform.get(task.platform) ?? []), task]);
    // Platforms in parallel (each provider has its own rate); one platform's calls in turn.
    await Promise.all([...byPlatform].map(([platform, tasks]) => this.refreshPlatform(platform, tasks)));
    for (const jobId of jobIds) await this.closeIfFinished(jobId);
    return claimed.length;
  }

  /**
   * Asks the platform's provider for the tasks' posts, one provider call at a time, and stores
   * each call's answers before the next call: a crash loses only the call in flight.
   */
  private async refreshPlatform(platform: string, tasks: ClaimedTask[]) {
    const source = this.sources[platform as PostPlatform] as StatsSource | undefined;
    const unsupported = `No data provider for ${platform}`;
    // Older posts may lack the platform id: read it from the link.
    const videoIdOf = (t: ClaimedTask) => {
      const parsed = parsePostLink(t.link);
      return t.postId ?? (parsed.kind === 'post' ? parsed.postId : null);
    };
    const known: { task: ClaimedTask; videoId: string }[] = [];
    for (const task of tasks) {
      const videoId = videoIdOf(task);
      if (videoId === null)
        await this.record(task, {
          ok: false,
          error: 'The link is not a recognised TikTok, Instagram or YouTube video',
        });
      else if (!source) await this.record(task, { ok: false, error: unsupported });
      else known.push({ task, videoId });
    }
    if (!source) return;
    const perCall = Math.max(1, source.batchSize);
    for (let i = 0; i < known.length; i += perCall) {
      const call = known.slice(i, i + perCall);
      const results = await source.fetch(call.map((k) => ({ postId: k.videoId, link: k.task.link })));
      for (const { task, videoId } of call)
        await this.record(task, results.get(videoId) ?? { ok: false, error: unsupported });
    }
  }

  /**
   * Stores one result and counts it on the job, in one transaction and only if this worker
   * still holds the task: a worker that lost its claim writes nothing, so a post gets one
   * result per job, and the job's counters always match the results stored, crash or not.
   */
  private async record(task: ClaimedTask, result: StatsResult): Promise<'done' | 'failed' | 'lost'> {
    const at = now();
    return this.db.transaction().execute(async (trx) => {
      const held = await trx
        .updateTable('jobTasks')
        .set({ status: result.ok ? 'done' : 'failed', error: result.ok ? null : result.error.slice(0, 500) })
        .where('id', '=', task.taskId)
        .where('claimedBy', '=', this.id)
        .where('status', '=', 'running')
        .executeTakeFirst();
      if (Number(held.numUpdatedRows) !== 1) return 'lost';
      if (result.ok) {
        const s = result.stats;
        // Reviewed posts keep their bonus on top of the platform's likes (Love and Like).
        const likes = s.likes + (task.bonusLikes ?? 0);
        await trx
          .updateTable('posts')
          .set({
            likes,
            views: s.views,
            comments: s.comments,
            shares: s.shares,
            ...(s.postedDate ? { postedDate: s.postedDate } : {}),
            ...(s.author ? { author: s.author } : {}),
            ...(s.country ? { country: s.country } : {}),
            statsCheckedAt: at,
            statsProvider: result.provider,
            statsError: null,
            updatedAt: at,
          })
          .where('id', '=', task.postRowId)
          .execute();
        await trx
          .insertInto('postSnapshots')
          .values({
            id: newId(),
            postId: task.postRowId,
            at,
            likes,
            views: s.views,
            comments: s.comments,
            shares: s.shares,
          })
          .execute();
      } else {
        await trx
          .updateTable('posts')
          .set({ statsCheckedAt: at, statsError: result.error.slice(0, 500) })
          .where('id', '=', task.postRowId)
          .execute();
      }
      await trx
        .updateTable('jobs')
        .set((eb) =>
          result.ok
            ? { done: eb('done', '+', 1), updatedAt: at }
            : { failed: eb('failed', '+', 1), updatedAt: at },
        )
        .where('id', '=', task.jobId)
        .execute();
      return result.ok ? 'done' : 'failed';
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
    if (!open)
      await this.db
        .updateTable('jobs')
        .set({ status: 'done', finishedAt: now(), updatedAt: now() })
        .where('id', '=', jobId)
        .where('status', 'in', ['queued', 'running'])
        .execute();
  }
}

type ClaimedTask = {
  taskId: string;
  jobId: string;
  platform: string;
  postRowId: string;
  postId: string | null;
  link: string;
  bonusLikes: number | null;
};
