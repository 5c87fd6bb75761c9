import { buildLeaderboard, entryKey, type Metric } from '@preffy/domain';
import type { Database, Dialect } from '../../db/database.ts';
import { now } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import type { JobHandler } from '../../plugins/jobs/job-runner.ts';
import { storedCreatorMetrics } from './creators.repository.ts';
import { lastEntry, replaceLeaderboard } from './leaderboard.repository.ts';
import { startJob } from '../../plugins/jobs/jobs.repository.ts';
import { bannedPostAuthors } from '../winners/index.ts';
import { storedFlags } from '../posts/index.ts';

const UPDATE_LEADERBOARD = 'update-leaderboard';

/** 'Update Leaderboard': a job the runner runs once; the page follows it like a refresh. */
export function startLeaderboardJob(db: Database, competitionId: string, createdBy: string | null) {
  return startJob(db, { competitionId, kind: UPDATE_LEADERBOARD, createdBy });
}

/** Runs Update Leaderboard jobs. */
export function updateLeaderboardHandler(dialect: Dialect): JobHandler {
  return {
    kind: UPDATE_LEADERBOARD,
    run: async (job, { db }) => {
      await computeLeaderboard(db, dialect, job.competitionId);
    },
  };
}

/**
 * A stored leaderboard computed before the competition's last review decision (a score, Love or
 * Like, a delete, a restore, an edit: each bumps its post's updatedAt) is computed again before
 * it is read, so the standings never lag behind review (decision 0107). A board never computed
 * stays so until Update Leaderboard. A refresh of views changes no updatedAt: its new numbers
 * come in by the Update Leaderboard job each finished refresh queues (issue 43).
 */
export async function bringLeaderboardUpToDate(db: Database, dialect: Dialect, competitionId: string) {
  const [board, lastChange] = await Promise.all([
    lastEntry(db, competitionId),
    db
      .selectFrom('posts')
      .select((eb) => eb.fn.max('updatedAt').as('at'))
      .where('competitionId', '=', competitionId)
      .executeTakeFirst(),
  ]);
  if (!board || lastChange?.at == null) return;
  if (Number(lastChange.at) >= Number(board.computedAt)) await computeLeaderboard(db, dialect, competitionId);
}

/**
 * What a competition's ranking is computed from: its live posts, prizes, metric, the banned
 * authors among its posts and the metrics staff set on the Creators tab (decision 0025).
 * Update Leaderboard and the finish wizard's Suggest winners both read it, so they rank alike.
 */
export async function loadRankingInput(db: Database, competitionId: string) {
  const competition = await db
    .selectFrom('competitions')
    .select(['id', 'prizes', 'metric'])
    .where('id', '=', competitionId)
    .where('deleted', '=', 0)
    .executeTakeFirst();
  if (!competition) throw notFound('Competition');
  const posts = await db
    .selectFrom('posts')
    .select([
      'creator',
      'platform',
      'email',
      'likes',
      'views',
      'creativityScore',
      'source',
      'createdAt',
      'flags',
    ])
    .where('competitionId', '=', competitionId)
    .where('deleted', '=', 0)
    .execute();
  const bannedEmails = await bannedPostAuthors(db, competitionId);
  const metricOverrides = new Map(
    (await storedCreatorMetrics(db, competitionId)).map((m) => [
      entryKey(m.creator, m.platform),
      Number(m.metric),
    ]),
  );
  return {
    competition,
    // The flags stored on each post by its last check: one rule, one answer on every screen.
    posts: posts.map((p) => ({
      ...p,
      createdAt: Number(p.createdAt),
      flags: storedFlags(p.flags).map((f) => f.message),
    })),
    prizes: JSON.parse(competition.prizes) as string[],
    metric: (competition.metric === 'views' ? 'views' : 'likes') as Metric,
    bannedEmails,
    metricOverrides,
  };
}

/**
 * Works the competition's board out now, outside a job: after a refresh of views, so the
 * standings (the public page's, issue 43) follow the new numbers without anyone pressing Update.
 */
export const updateLeaderboardNow = (db: Database, dialect: Dialect, competitionId: string) =>
  computeLeaderboard(db, dialect, competitionId);

/**
 * Recomputes a competition's leaderboard from its posts (packages/domain buildLeaderboard) and
 * replaces the stored one in one transaction, so readers see the old or the new, never half.
 * Its time is taken before the posts are read: a decision made while it computes is later than
 * the board, which is then computed again at the next read. Two computations of one competition
 * (a job and a read) replace the board one after the other: PostgreSQL serialises them with an
 * advisory lock, SQLite runs one write transaction at a time.
 */
async function computeLeaderboard(db: Database, dialect: Dialect, competitionId: string) {
  const at = now();
  const { posts, prizes, metric, bannedEmails, metricOverrides } = await loadRankingInput(db, competitionId);
  const rows = buildLeaderboard(posts, { prizes, metric, bannedEmails, metricOverrides });
  await replaceLeaderboard(db, dialect, competitionId, rows, at);
  return rows.length;
}
