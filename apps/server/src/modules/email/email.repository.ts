import type { Database } from '../../db/database.ts';
import { now } from '../../lib/clock.ts';
import { matchesIndexedSearch } from '../../lib/paging.ts';

/**
 * Competitions to pick for a bulk email: at most 20 matching the name or organizer that take
 * entries (confirmed, not closed, not ended: `takesEntries`), latest first, and the one already
 * picked (`include`) whether it matches or not, so its refusal can be shown on it.
 */
export async function pickableCompetitions(db: Database, search: string | undefined, include?: string) {
  const pickable = db
    .selectFrom('competitions')
    .select(['id', 'name', 'organizer', 'isConfirmed'])
    .where('deleted', '=', 0);
  let q = pickable
    .where('isConfirmed', '=', 1)
    .where('isClosed', '=', 0)
    .where('hasEnded', '=', 0)
    .where('endDate', '>', now());
  if (search) q = q.where((eb) => matchesIndexedSearch(db, eb, 'competitions', search));
  const rows = await q.orderBy('endDate', 'desc').limit(20).execute();
  const picked =
    include && !rows.some((r) => r.id === include)
      ? await pickable.where('id', '=', include).executeTakeFirst()
      : undefined;
  return (picked ? [picked, ...rows] : rows).map((r) => ({ ...r, isConfirmed: r.isConfirmed === 1 }));
}

/** What a bulk email tells about a competition, or undefined when there is none. */
export const findCompetitionToAdvertise = (db: Database, competitionId: string) =>
  db
    .selectFrom('competitions')
    .select(['id', 'name', 'organizer', 'prizes', 'isConfirmed', 'isClosed', 'hasEnded', 'endDate'])
    .where('id', '=', competitionId)
    .where('deleted', '=', 0)
    .executeTakeFirst();

/** The competition's newest promotion: its balance is what a Promotion email advertises. */
export const latestPromotion = (db: Database, competitionId: string) =>
  db
    .selectFrom('promotions')
    .select(['remainingBalance', 'amount'])
    .where('competitionId', '=', competitionId)
    .where('deleted', '=', 0)
    .orderBy('createdAt', 'desc')
    .executeTakeFirst();
