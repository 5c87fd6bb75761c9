import type { ListLeaderboardQuery } from '@preffy/api';
import type { Database, Dialect } from '../../db/database.ts';
import type { SessionUser } from '../../plugins/types.ts';
import { findVisibleCompetition } from '../competitions/index.ts';
import { bringLeaderboardUpToDate } from './leaderboard.ts';
import { listLeaderboard } from './leaderboard.repository.ts';

/**
 * A read of one competition's rows, for a user: the competition must be one they may see (404
 * otherwise, findVisibleCompetition), and the read gets its id.
 */
export const forVisibleCompetition =
  <Q, R>(read: (db: Database, competitionId: string, query: Q) => Promise<R>) =>
  async (db: Database, user: SessionUser, competitionId: string, query: Q): Promise<R> =>
    read(db, (await findVisibleCompetition(db, user, competitionId)).id, query);

/** The leaderboard of a competition the user may see, brought up to date with its review first. */
export const competitionLeaderboard = (dialect: Dialect) =>
  forVisibleCompetition(async (db, competitionId, query: ListLeaderboardQuery) => {
    await bringLeaderboardUpToDate(db, dialect, competitionId);
    return listLeaderboard(db, competitionId, query);
  });
