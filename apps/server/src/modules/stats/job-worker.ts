import type { Database } from '../../db/database.ts';
import { JobRunner, type JobRunnerOptions } from '../jobs/job-runner.ts';
import { updateLeaderboardHandler } from './leaderboard.ts';
import type { StatsSources } from './providers.ts';
import { refreshActiveCompetitions, refreshViewsHandler } from './refresh-jobs.ts';

/**
 * The app's job runner (modules/jobs/job-runner.ts) with the stats kinds registered: Update
 * Views and Update Leaderboard, and the schedule that refreshes active competitions.
 */
export class JobWorker extends JobRunner {
  constructor(db: Database, sources: StatsSources, options: JobRunnerOptions & { timeZone?: string } = {}) {
    super(db, options);
    this.register(refreshViewsHandler(sources, options.timeZone ?? 'UTC'));
    this.register(updateLeaderboardHandler(options.timeZone ?? 'UTC'));
  }

  /** Queues Update Views for every active competition (none is added while one runs). */
  refreshActiveCompetitions() {
    return refreshActiveCompetitions(this.db);
  }

  /** Works jobs every `intervalMs`, and refreshes the active competitions every `refreshEveryMs`. */
  override start(intervalMs: number, refreshEveryMs = 0) {
    if (refreshEveryMs > 0)
      this.every('refresh active competitions', refreshEveryMs, () => this.refreshActiveCompetitions());
    super.start(intervalMs);
  }
}
