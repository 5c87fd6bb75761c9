import type { Database } from '../../db/database.ts';
import { JobRunner, type JobRunnerOptions } from '../jobs/job-runner.ts';
import type { PaypalSettings } from '../paypal/paypal-client.ts';
import {
  FOLLOW_EVERY_MS,
  FOLLOW_PAYPAL_PAYOUTS,
  followPaypalPayouts,
  paypalPayoutHandler,
} from '../paypal/paypal-payout-job.ts';
import { updateLeaderboardHandler } from './leaderboard.ts';
import type { StatsSources } from './providers.ts';
import { refreshActiveCompetitions, refreshViewsHandler } from './refresh-jobs.ts';

/**
 * The app's job runner (modules/jobs/job-runner.ts) with the app's kinds registered: Update
 * Views and Update Leaderboard, and the schedule that refreshes active competitions; PayPal
 * payouts (modules/paypal), and when PayPal is configured the schedule that follows them.
 */
export class JobWorker extends JobRunner {
  constructor(
    db: Database,
    sources: StatsSources,
    options: JobRunnerOptions & { timeZone?: string; paypal?: PaypalSettings | null } = {},
  ) {
    super(db, options);
    this.register(refreshViewsHandler(sources, options.timeZone ?? 'UTC'));
    this.register(updateLeaderboardHandler(options.timeZone ?? 'UTC'));
    this.register(paypalPayoutHandler(options.paypal ?? null));
    if (options.paypal) this.every(FOLLOW_PAYPAL_PAYOUTS, FOLLOW_EVERY_MS, () => followPaypalPayouts(db));
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
