import type { Database } from '../src/db/database.ts';
import { JobRunner, type JobRunnerOptions } from '../src/plugins/jobs/job-runner.ts';
import { updateLeaderboardHandler } from '../src/modules/leaderboard/leaderboard.ts';
import type { PaypalSettings } from '../src/modules/paypal/paypal-client.ts';
import { paypalPayoutHandler } from '../src/modules/paypal/paypal-payout-job.ts';
import type { StatsSources } from '../src/modules/refresh/providers.ts';
import { refreshViewsHandler } from '../src/modules/refresh/refresh-jobs.ts';

/**
 * A job runner with the app's job kinds, working against the sources a test scripts (the app's
 * own runner, modules/index.ts createJobWorker, builds its sources from the configuration).
 */
export class JobWorker extends JobRunner {
  constructor(
    db: Database,
    sources: StatsSources,
    options: JobRunnerOptions & { timeZone?: string; paypal?: PaypalSettings | null } = {},
  ) {
    super(db, options);
    const dialect = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';
    this.register(refreshViewsHandler(sources, { timeZone: options.timeZone ?? 'UTC', dialect }));
    this.register(updateLeaderboardHandler(dialect));
    this.register(paypalPayoutHandler(options.paypal ?? null));
  }
}
