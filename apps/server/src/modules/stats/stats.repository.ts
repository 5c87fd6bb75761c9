import type { ListLeaderboardQuery } from '@preffy/api';
import type { Database } from '../../db/database.ts';
import { matchesSearch, paged } from '../../lib/paging.ts';
import { sortExpression } from '../../lib/natural-order.ts';

/** The stored leaderboard of a competition, paged, with the time it was computed. */
export async function listLeaderboard(db: Database, competitionId: string, q: ListLeaderboardQuery) {
  let base = db.selectFrom('leaderboardEntries').where('competitionId', '=', competitionId);
  if (q.search) base = base.where((eb) => matchesSearch(eb, ['creator', 'email'], q.search!));
  const [page, computedAt] = await Promise.all([
    paged(
      q,
      base,
      (entries) =>
        entries
          .selectAll()
          .orderBy(sortExpression(q.sortBy, ['creator']), q.sortDirection)
          .orderBy('rank'),
      (entry) => ({ ...entry, flags: JSON.parse(entry.flags) as string[] }),
    ),
    leaderboardComputedAt(db, competitionId),
  ]);
  return { ...page, computedAt };
}

/** When the stored leaderboard was computed (null: never). */
export async function leaderboardComputedAt(db: Database, competitionId: string) {
  // Every row of one computation has the same time: the first says it.
  const first = await db
    .selectFrom('leaderboardEntries')
    .select('computedAt')
    .where('competitionId', '=', competitionId)
    .where('rank', '=', 1)
    .executeTakeFirst();
  return first ? Number(first.computedAt) : null;
}
