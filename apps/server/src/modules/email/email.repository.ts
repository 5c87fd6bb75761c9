import type { Database } from '../../db/database.ts';
import { matchesIndexedSearch } from '../../lib/paging.ts';

/** Competitions to pick for a bulk email: at most 20 matching the name or organizer, latest first. */
export function pickableCompetitions(db: Database, search: string | undefined) {
  let q = db.selectFrom('competitions').select(['id', 'name', 'organizer']).where('deleted', '=', 0);
  if (search) q = q.where((eb) => matchesIndexedSearch(db, eb, 'competitions', search));
  return q.orderBy('endDate', 'desc').limit(20).execute();
}

/** What a bulk email tells about a competition, or undefined when there is none. */
export const findCompetitionToAdvertise = (db: Database, competitionId: string) =>
  db
    .selectFrom('competitions')
    .select(['id', 'name', 'organizer', 'prizes'])
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
