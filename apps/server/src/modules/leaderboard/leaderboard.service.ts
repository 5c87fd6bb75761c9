import type { ListLeaderboardQuery } from '@preffy/api';
import type { Database } from '../../db/database.ts';
import type { SessionUser } from '../../plugins/types.ts';
import { findVisibleCompetition } from '../competitions/index.ts';
import { listLeaderboard } from './leaderboard.repository.ts';

/** The stored leaderboard of a competition the user may see. */
export async function competitionLeaderboard(
  db: Database,
  user: SessionUser,
  competitionId: string,
  q: ListLeaderboardQuery,
) {
  const competition = await findVisibleCompetition(db, user, competitionId);
  return listLeaderboard(db, competition.id, q);
}
