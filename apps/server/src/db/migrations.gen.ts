// Written by `npm run area-lists` (scripts/area-lists.ts) from the folders; do not edit.
import type { Migration } from 'kysely';
import * as m0001Initial from './migrations/0001-initial.ts';
import * as m0002Calendar from './migrations/0002-calendar.ts';
import * as m0003Posts from './migrations/0003-posts.ts';
import * as m0004IdempotencyKeys from './migrations/0004-idempotency-keys.ts';
import * as m0005JobTaskSubjects from './migrations/0005-job-task-subjects.ts';
import * as m0006PostReview from './migrations/0006-post-review.ts';
import * as m0007Finish from './migrations/0007-finish.ts';
import * as m0008Inquiries from './migrations/0008-inquiries.ts';
import * as m0009InquiryOptions from './migrations/0009-inquiry-options.ts';
import * as m0010ReportShares from './migrations/0010-report-shares.ts';
import * as m0011DashboardIndexes from './migrations/0011-dashboard-indexes.ts';
import * as m0012AnalyticsIndexes from './migrations/0012-analytics-indexes.ts';
import * as m0013Account from './migrations/0013-account.ts';
import * as m0014NaturalSort from './migrations/0014-natural-sort.ts';
import * as m0015TwoStep from './migrations/0015-two-step.ts';
import * as m0016Tallies from './migrations/0016-tallies.ts';
import * as m0017ListIndexes from './migrations/0017-list-indexes.ts';
import * as m0018TrigramSearch from './migrations/0018-trigram-search.ts';
import * as m0019PostDays from './migrations/0019-post-days.ts';
import * as m0020CalendarIndexes from './migrations/0020-calendar-indexes.ts';
import * as m0021SqliteSearchIndexes from './migrations/0021-sqlite-search-indexes.ts';
import * as m0022CompetitionNameOrder from './migrations/0022-competition-name-order.ts';
import * as m0023PayoutFilesBatchIndex from './migrations/0023-payout-files-batch-index.ts';
import * as m0024ViewsKind from './migrations/0024-views-kind.ts';
import * as m0025DuplicateAttempts from './migrations/0025-duplicate-attempts.ts';
import * as m0026FinishReasons from './migrations/0026-finish-reasons.ts';
import * as m0027PostsChangedIndex from './migrations/0027-posts-changed-index.ts';
import * as m0029RefreshFailures from './migrations/0029-refresh-failures.ts';
import * as m0030StoredImages from './migrations/0030-stored-images.ts';
import * as m0031Instances from './migrations/0031-instances.ts';
import * as m0033LimitCounters from './migrations/0033-limit-counters.ts';
import * as m0035LegacyImport from './migrations/0035-legacy-import.ts';
import * as m0036SnapshotProvenance from './migrations/0036-snapshot-provenance.ts';
import * as m0037IntegritySettings from './migrations/0037-integrity-settings.ts';
import * as m0038PostCovers from './migrations/0038-post-covers.ts';
import * as m0039PostRisk from './migrations/0039-post-risk.ts';
import * as m0040RefreshTiers from './migrations/0040-refresh-tiers.ts';
import * as m0041CompetitionStandings from './migrations/0041-competition-standings.ts';

/** Every migration, in the order of its file name; a released one is never edited. */
export const migrations: Record<string, Migration> = {
  '0001-initial': m0001Initial,
  '0002-calendar': m0002Calendar,
  '0003-posts': m0003Posts,
  '0004-idempotency-keys': m0004IdempotencyKeys,
  '0005-job-task-subjects': m0005JobTaskSubjects,
  '0006-post-review': m0006PostReview,
  '0007-finish': m0007Finish,
  '0008-inquiries': m0008Inquiries,
  '0009-inquiry-options': m0009InquiryOptions,
  '0010-report-shares': m0010ReportShares,
  '0011-dashboard-indexes': m0011DashboardIndexes,
  '0012-analytics-indexes': m0012AnalyticsIndexes,
  '0013-account': m0013Account,
  '0014-natural-sort': m0014NaturalSort,
  '0015-two-step': m0015TwoStep,
  '0016-tallies': m0016Tallies,
  '0017-list-indexes': m0017ListIndexes,
  '0018-trigram-search': m0018TrigramSearch,
  '0019-post-days': m0019PostDays,
  '0020-calendar-indexes': m0020CalendarIndexes,
  '0021-sqlite-search-indexes': m0021SqliteSearchIndexes,
  '0022-competition-name-order': m0022CompetitionNameOrder,
  '0023-payout-files-batch-index': m0023PayoutFilesBatchIndex,
  '0024-views-kind': m0024ViewsKind,
  '0025-duplicate-attempts': m0025DuplicateAttempts,
  '0026-finish-reasons': m0026FinishReasons,
  '0027-posts-changed-index': m0027PostsChangedIndex,
  '0029-refresh-failures': m0029RefreshFailures,
  '0030-stored-images': m0030StoredImages,
  '0031-instances': m0031Instances,
  '0033-limit-counters': m0033LimitCounters,
  '0035-legacy-import': m0035LegacyImport,
  '0036-snapshot-provenance': m0036SnapshotProvenance,
  '0037-integrity-settings': m0037IntegritySettings,
  '0038-post-covers': m0038PostCovers,
  '0039-post-risk': m0039PostRisk,
  '0040-refresh-tiers': m0040RefreshTiers,
  '0041-competition-standings': m0041CompetitionStandings,
};
