import type { ListSubscribersQuery, Subscriber } from '@preffy/api';
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { likePattern, paged, totalCount } from '../../lib/paging.ts';

/** Subscribers: winners who are not unsubscribed, banned or deleted. */
export function subscribersQuery(db: Database, search?: string) {
  let q = db
    .selectFrom('winners')
    .where('deleted', '=', 0)
    .where('isUnsubscribed', '=', 0)
    .where('isBanned', '=', 0);
  if (search) q = q.where(sql`lower(email)`, 'like', likePattern(search.toLowerCase()));
  return q;
}

/** The Email page's list of subscribers, paged and sorted. */
export async function listSubscribers(db: Database, q: ListSubscribersQuery) {
  const base = subscribersQuery(db, q.search);
  const page = await paged(
    q,
    (window) =>
      base
        .select(['id', 'email', 'paypal', 'balance', 'isVetted'])
        .orderBy(q.sortBy, q.sortDirection)
        .orderBy('id')
        .limit(window.limit)
        .offset(window.offset)
        .execute(),
    () => base.select(totalCount).executeTakeFirstOrThrow(),
  );
  return {
    ...page,
    items: page.items.map((w): Subscriber => ({ ...w, isVetted: w.isVetted === 1 })),
  };
}

/** Competitions to pick for a bulk email: at most 20 matching the name or organizer, latest first. */
export function pickableCompetitions(db: Database, search: string | undefined) {
  let q = db.selectFrom('competitions').select(['id', 'name', 'organizer']).where('deleted', '=', 0);
  if (search) {
    const pattern = likePattern(search.toLowerCase());
    q = q.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['name']), 'like', pattern),
        eb(eb.fn('lower', ['organizer']), 'like', pattern),
      ]),
    );
  }
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
