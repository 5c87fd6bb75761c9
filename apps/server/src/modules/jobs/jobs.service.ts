import type { JobKind } from '@preffy/api';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/types.ts';
import { findVisibleCompetition } from '../competitions/index.ts';
import { isVisible } from '../posts/index.ts';
import { startLeaderboardJob } from '../leaderboard/index.ts';
import { findJob, latestJob } from '../../plugins/jobs/jobs.repository.ts';
import { startRefreshJob } from '../refresh/index.ts';

const STARTERS = { 'refresh-views': startRefreshJob, 'update-leaderboard': startLeaderboardJob } as const;

/** Starts Update Views or Update Leaderboard for a competition the user may see. */
export async function startCompetitionJob(
  db: Database,
  user: SessionUser,
  competitionId: string,
  kind: JobKind,
) {
  const competition = await findVisibleCompetition(db, user, competitionId);
  const jobId = await STARTERS[kind](db, competition.id, user.id);
  return findJob(db, jobId);
}

/** The competition's newest job of a kind. */
export async function latestCompetitionJob(
  db: Database,
  user: SessionUser,
  competitionId: string,
  kind: JobKind,
) {
  const competition = await findVisibleCompetition(db, user, competitionId);
  return latestJob(db, competition.id, kind);
}

/** A job, if the user may see its competition: otherwise answered like a missing job. */
export async function findVisibleJob(db: Database, user: SessionUser, id: string) {
  const job = await findJob(db, id);
  if (!(await isVisible(db, user, job.competitionId))) throw notFound('Job');
  return job;
}
