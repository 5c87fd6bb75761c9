import type { SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';

/**
 * The precomputed post counts (postTallies, kept by the database's triggers: migration 0016,
 * decision 0043): what would otherwise count up to a million posts on each page view.
 */
export type PostTally = 'live' | 'removed' | 'unscored' | 'flagged';

/** A tally summed over the competitions a query selects (their ids). */
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
    .where('competitionId', 'in', competitions.select('competitions.id'))
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
