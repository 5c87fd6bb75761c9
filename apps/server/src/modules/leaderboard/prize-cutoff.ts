import { entryKey, lastRankNearPrizeCutoff } from '@preffy/domain';
import type { Database } from '../../db/database.ts';
import { competitionPrizes, entriesUpToRank, lastEntry } from './leaderboard.repository.ts';

/**
 * Boards read lately, per database, by competition, computation and cut-off: a refresh asks once
 * per batch of 50 posts, and the board's entries are read once per computation.
 */
const boardsOf = new WeakMap<Database, Map<string, Set<string>>>();
const BOARDS_KEPT = 200;

/**
 * The entries (entryKey of creator and platform) of the competition's stored leaderboard ranked
 * where a rank prize goes or just after the last one: refresh tiers keep their posts hot
 * (decision 0138). Empty when the board was never computed or no prize goes by rank.
 */
export async function entriesNearPrizeCutoff(db: Database, competitionId: string): Promise<Set<string>> {
  const [last, competition] = [
    await lastEntry(db, competitionId),
    await competitionPrizes(db, competitionId),
  ];
  const lastRank = competition ? lastRankNearPrizeCutoff(prizeLines(competition.prizes)) : 0;
  if (!last || lastRank === 0) return new Set();
  const board = `${competitionId}:${Number(last.computedAt)}:${lastRank}`;
  const nearByBoard = boardsOf.get(db) ?? new Map<string, Set<string>>();
  boardsOf.set(db, nearByBoard);
  const known = nearByBoard.get(board);
  if (known) return known;
  const entries = await entriesUpToRank(db, competitionId, lastRank);
  const near = new Set(entries.map((e) => entryKey(e.creator, e.platform)));
  if (nearByBoard.size >= BOARDS_KEPT) nearByBoard.delete(nearByBoard.keys().next().value!);
  nearByBoard.set(board, near);
  return near;
}

/** The stored prize lines; none when the column holds something unreadable (legacy rows). */
function prizeLines(json: string): string[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((l): l is string => typeof l === 'string') : [];
  } catch {
    return [];
  }
}
