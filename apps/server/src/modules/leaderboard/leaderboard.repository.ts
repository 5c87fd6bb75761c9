import type { ListLeaderboardQuery, PublicStandingsQuery } from '@preffy/api';
import type { LeaderboardRow } from '@preffy/domain';
import { sql } from 'kysely';
import type { Database, Dialect } from '../../db/database.ts';
import { matchesSearch, paged } from '../../lib/paging.ts';
import { sortExpression } from '../../lib/natural-order.ts';

/** The stored leaderboard of a competition, paged, with the time it was computed. */
export async function listLeaderboard(db: Database, competitionId: string, q: ListLeaderboardQuery) {
  let base = db.selectFrom('leaderboardEntries').where('competitionId', '=', competitionId);
  if (q.search) base = base.where((eb) => matchesSearch(eb, ['creator', 'email'], q.search!));
  const last = lastEntry(db, competitionId);
  const [page, entry] = await Promise.all([
    paged(
      q,
      base,
      (entries) =>
        entries
          .selectAll()
          .orderBy(sortExpression(q.sortBy, ['creator']), q.sortDirection)
          .orderBy('rank'),
      (entry) => ({ ...entry, flags: JSON.parse(entry.flags) as string[] }),
      // Unsearched, the last rank is the count (decision 0078): counting a 50,000-entry board
      // took most of its page's time.
      q.search ? null : last.then((entry) => entry?.rank ?? 0),
    ),
    last,
  ]);
  return { ...page, computedAt: entry ? Number(entry.computedAt) : null };
}

/**
 * The stored leaderboard's last entry (undefined: never computed). Its rank is the entry count:
 * ranks run from 1 without a gap (buildLeaderboard) and the primary key (competition, rank) reads
 * the last one at once. Every row of one computation has the same time, so it says that too.
 */
export const lastEntry = (db: Database, competitionId: string) =>
  db
    .selectFrom('leaderboardEntries')
    .select(['rank', 'computedAt'])
    .where('competitionId', '=', competitionId)
    .orderBy('rank', 'desc')
    .limit(1)
    .executeTakeFirst();

/** When the competition's stored leaderboard was computed; null when it never was. */
export async function leaderboardComputedAt(db: Database, competitionId: string): Promise<number | null> {
  const entry = await lastEntry(db, competitionId);
  return entry ? Number(entry.computedAt) : null;
}

const CHUNK = 500;

/**
 * Replaces a competition's stored board in one transaction, so readers see the old or the new,
 * never half. PostgreSQL serialises two replacements of one competition with an advisory lock;
 * SQLite runs one write transaction at a time.
 */
export async function replaceLeaderboard(
  db: Database,
  dialect: Dialect,
  competitionId: string,
  rows: LeaderboardRow[],
  computedAt: number,
) {
  await db.transaction().execute(async (trx) => {
    if (dialect === 'postgres')
      await sql`select pg_advisory_xact_lock(hashtext(${`leaderboard:${competitionId}`}))`.execute(trx);
    await trx.deleteFrom('leaderboardEntries').where('competitionId', '=', competitionId).execute();
    for (let i = 0; i < rows.length; i += CHUNK)
      await trx
        .insertInto('leaderboardEntries')
        .values(
          rows
            .slice(i, i + CHUNK)
            .map((r) => ({ ...r, flags: JSON.stringify(r.flags), competitionId, computedAt })),
        )
        .execute();
  });
}

/** The competition's prize lines (JSON), or undefined when it is gone. */
export const competitionPrizes = (db: Database, competitionId: string) =>
  db.selectFrom('competitions').select('prizes').where('id', '=', competitionId).executeTakeFirst();

/** The creator and platform of the stored board's entries ranked `lastRank` or better. */
export const entriesUpToRank = (db: Database, competitionId: string, lastRank: number) =>
  db
    .selectFrom('leaderboardEntries')
    .select(['creator', 'platform'])
    .where('competitionId', '=', competitionId)
    .where('rank', '<=', lastRank)
    .execute();

/**
 * A page of the stored board for the public: rank order, searchable by handle, never an email;
 * with when it was computed (its last entry, read once: unsearched, its rank is the count,
 * decision 0078).
 */
export async function listStandings(db: Database, competitionId: string, q: PublicStandingsQuery) {
  let base = db.selectFrom('leaderboardEntries').where('competitionId', '=', competitionId);
  if (q.search) base = base.where((eb) => matchesSearch(eb, ['creator'], q.search!));
  const last = lastEntry(db, competitionId);
  const [page, entry] = await Promise.all([
    paged(
      q,
      base,
      (entries) => entries.select(['rank', 'creator', 'platform', 'likes', 'views']).orderBy('rank'),
      null,
      q.search ? null : last.then((e) => e?.rank ?? 0),
    ),
    last,
  ]);
  return { ...page, computedAt: entry ? Number(entry.computedAt) : null };
}
