import { randomUUID } from 'node:crypto';
import { type PostPlatform, parsePostLink } from '@preffy/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import { newId, now } from '../../lib/clock.ts';
import type { StatsResult, StatsSources } from './providers.ts';
import { computeLeaderboard } from './leaderboard.ts';
import { startRefreshJob } from './refresh-jobs.ts';

// Long enough for a batch through slow providers (timeouts, retries); a crashed worker's tasks wait this long.
const CLAIM_MS = 10 * 60_000;

/**
 * Works the refresh jobs in the database. Each tick claims a batch of due tasks with one
 * conditional UPDATE per task set (on PostgreSQL a second server instance waits for the row
 * and then finds it taken), so several instances share a job and no post is refreshed twice
 * at once. A task left claimed by a crashed worker is taken again after its claim expires.
 */
export class JobWorker {
  readonly id = randomUUID();
  private timer: NodeJS.Timeout | undefined;
  private scheduleTimer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = false;

  constructor(
    private readonly db: Database,
    private readonly sources: StatsSources,
    private readonly options: { batchSize?: number; log?: FastifyBaseLogger; timeZone?: string } = {},
  ) {}

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
    const handled = (await this.leaderboards()) + (await this.refreshTasks());
    if (handled === 0) await this.finishAbandonedJobs();
    return handled;
  }

  /**
   * A worker that crashed can leave a job 'running' with nothing left to do (its last progress
   * update lost) or a leaderboard half computed: close the first, fail the second, so the next
   * Update starts a new job instead of answering the stuck one.
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
      .where('updatedAt', '<', at - CLAIM_MS)
      .execute();
    await this.db
      .updateTable('jobs')
      .set({ status: 'done', finishedAt: at, updatedAt: at })
      .where('kind', '=', 'refresh-views')
      .where('status', '=', 'running')
      .where('updatedAt', '<', at - CLAIM_MS)
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
      .set({ status: 'running', claimedBy: this.id, claimedUntil: at + CLAIM_MS })
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

    const byPlatform = new Map<string, typeof claimed>();
    for (const task of claimed)
      byPlatform.set(task.platform, [...(byPlatform.get(task.platform) ?? []), task]);
    const tally = new Map<string, { done: number; failed: number }>();
    await Promise.all(
      [...byPlatform].map(async ([platform, tasks]) => {
        const source = this.sources[platform as PostPlatform];
        // Older posts may lack the platform id: read it from the link.
        const videoIdOf = (t: (typeof tasks)[number]) => {
          const parsed = parsePostLink(t.link);
          return t.postId ?? (parsed.kind === 'post' ? parsed.postId : null);
        };
        const known = tasks.filter((t) => videoIdOf(t) !== null);
        const results = source
          ? await source.fetch(known.map((t) => ({ postId: videoIdOf(t)!, link: t.link })))
          : new Map<string, StatsResult>();
        for (const task of tasks) {
          const id = videoIdOf(task);
          const result: StatsResult =
            id === null
              ? { ok: false, error: 'The link is not a recognised TikTok, Instagram or YouTube video' }
              : (results.get(id) ?? { ok: false, error: `No data provider for ${platform}` });
          const outcome = await this.record(task, result);
          if (outcome === 'lost') continue;
          const counts = tally.get(task.jobId) ?? { done: 0, failed: 0 };
          counts[outcome] += 1;
          tally.set(task.jobId, counts);
        }
      }),
    );
    for (const [jobId, counts] of tally) await this.updateProgress(jobId, counts);
    return claimed.length;
  }

  /**
   * Stores one result, if this worker still holds the task: a worker that took too long and
   * lost its claim writes nothing, so a post is never refreshed twice by one job.
   */
  private async record(
    task: { taskId: string; postRowId: string; bonusLikes: number | null },
    result: StatsResult,
  ): Promise<'done' | 'failed' | 'lost'> {
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
      return result.ok ? 'done' : 'failed';
    });
  }

  /** Adds this batch's outcomes (one statement, safe with other workers) and closes a finished job. */
  private async updateProgress(jobId: string, batch: { done: number; failed: number }) {
    const at = now();
    await this.db
      .updateTable('jobs')
      .set((eb) => ({
        done: eb('done', '+', batch.done),
        failed: eb('failed', '+', batch.failed),
        updatedAt: at,
      }))
      .where('id', '=', jobId)
      .execute();
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
        .set({ status: 'done', finishedAt: at })
        .where('id', '=', jobId)
        .where('status', 'in', ['queued', 'running'])
        .execute();
  }
}
