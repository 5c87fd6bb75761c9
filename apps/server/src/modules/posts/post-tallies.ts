import { type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';

/**
 * The precomputed post counts (postTallies, kept by the database's triggers: migration 0016,
 * decision 0043): what would otherwise count up to a million posts on each page view.
 */
export type PostTally = 'live' | 'removed' | 'unscored' | 'flagged';

/**
 * The tally rows of the competitions a query selects, as a correlated EXISTS: the database walks
 * the tally's index (rows above 0, most first) and checks each competition by its key, instead of
 * reading every selected competition first (SQLite plans `in (subquery)` that way): the flagged
 * tiles of a busy label take 0.01 ms instead of 15 ms.
 */
export const ofCompetitions =
  (competitions: SelectQueryBuilder<DB, 'competitions', object>) =>
  (eb: ExpressionBuilder<DB, 'postTallies'>) =>
    eb.exists(
      competitions
        .select(sql<number>`1`.as('one'))
        .where('competitions.id', '=', eb.ref('postTallies.competitionId')),
    );

/** A tally summed over the competitions a query selects. */
export async function sumPostTally(
  db: Database,
  tally: PostTally,
  competitions: SelectQueryBuilder<DB, 'competitions', object>,
): Promise<number> {
  const row = await db
    .selectFrom('postTallies')
    .select((eb) => eb.fn.sum<number | string | null>(tally).as('n'))
    // Only competitions with some: few for the flagged tally, which its index finds at once.
    .where(tally, '>', 0)
    .where(ofCompetitions(competitions))
    .executeTakeFirstOrThrow();
  return Number(row.n ?? 0);
}

/** One competition's tally (0 when it has never had a post). */
export async function postTallyOf(db: Database, competitionId: string, tally: PostTally): Promise<number> {
  const row = await db
    .selectFrom('postTallies')
    .select(tally)
    .where('competitionId', '=', competitionId)
    .executeTakeFirst();
  return Number(row?.[tally] ?? 0);
}
