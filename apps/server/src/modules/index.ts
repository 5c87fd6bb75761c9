import type { Area, AreaContext, PublicShape } from '../lib/area.ts';
import { JobRunner, type JobRunnerOptions } from '../plugins/jobs/job-runner.ts';
import type { VersionedTable } from '../lib/versioned.ts';
import { accountArea } from './account/index.ts';
import { analyticsArea } from './analytics/index.ts';
import { auditArea } from './audit/index.ts';
import { authArea } from './auth/index.ts';
import { calendarArea } from './calendar/index.ts';
import { competitionsArea } from './competitions/index.ts';
import { dashboardArea } from './dashboard/index.ts';
import { demoArea } from './demo/index.ts';
import { emailArea } from './email/index.ts';
import { finishArea } from './finish/index.ts';
import { healthArea } from './health/index.ts';
import { inquiriesArea } from './inquiries/index.ts';
import { inquiryOptionsArea } from './inquiry-options/index.ts';
import { jobsArea } from './jobs/index.ts';
import { leaderboardArea } from './leaderboard/index.ts';
import { legacyImportArea } from './legacy-import/index.ts';
import { partnersArea } from './partners/index.ts';
import { paymentsArea } from './payments/index.ts';
import { paypalArea } from './paypal/index.ts';
import { postsArea } from './posts/index.ts';
import { promotionsArea } from './promotions/index.ts';
import { referralsArea } from './referrals/index.ts';
import { refreshArea } from './refresh/index.ts';
import { reportsArea } from './reports/index.ts';
import { settingsArea } from './settings/index.ts';
import { storageArea } from './storage/index.ts';
import { usersArea } from './users/index.ts';
import { winnersArea } from './winners/index.ts';

/**
 * Every area of the product, the one list the app is built from (app.ts registers their routes,
 * the job runner their job kinds and schedules, the error handler their tables' public shapes).
 * A new area is its folder (modules/<area>/index.ts declares it) and one line here.
 */
export const AREAS: readonly Area[] = [
  healthArea,
  authArea,
  accountArea,
  settingsArea,
  usersArea,
  auditArea,
  emailArea,
  competitionsArea,
  calendarArea,
  postsArea,
  refreshArea,
  leaderboardArea,
  jobsArea,
  referralsArea,
  partnersArea,
  paymentsArea,
  winnersArea,
  finishArea,
  paypalArea,
  promotionsArea,
  inquiriesArea,
  inquiryOptionsArea,
  analyticsArea,
  dashboardArea,
  reportsArea,
  storageArea,
  legacyImportArea,
  demoArea,
];

/** Each versioned table's public shape, from the area that owns it (the 409 answers use it). */
export function publicShapesOf(areas: readonly Area[]): Partial<Record<VersionedTable, PublicShape>> {
  const shapes: Partial<Record<VersionedTable, PublicShape>> = {};
  for (const area of areas)
    for (const [table, shape] of Object.entries(area.owns ?? {}))
      if (shape !== true) shapes[table as VersionedTable] = shape;
  return shapes;
}

/** The job runner with every area's job kinds and schedules registered. */
export function createJobWorker(
  areas: readonly Area[],
  context: AreaContext,
  options: JobRunnerOptions = {},
) {
  const runner = new JobRunner(context.db, { log: context.log, ...options });
  for (const area of areas) {
    for (const handler of area.jobs?.(context) ?? []) runner.register(handler);
    for (const schedule of area.schedules?.(context) ?? [])
      runner.every(schedule.name, schedule.everyMs, schedule.run);
  }
  return runner;
}
