import { entryKey, ranksNearPrizeCutoff } from '@preffy/domain';
import type { Database } from '../../db/database.ts';
import { entriesAtRanks, lastEntry, prizedRanks } from './leaderboard.repository.ts';

/**
 * Boards read lately, per database, by competition and computation: a refresh asks once per
 * batch of 50 posts, and a big board's prize ranks are read once, not a thousand times.
 */
const boardsOf = new WeakMap<Database, Map<string, Set<string>>>();
const BOARDS_KEPT = 200;

/**
 * The entries (entryKey of creator and platform) of the competition's stored leaderboard that
 * hold a prize or are ranked just after one: refresh tiers keep their posts hot (decision 0138).
 * Empty when the board was never computed. Kept per computation, so a new board is read anew.
 */
export async function entriesNearPrizeCutoff(db: Database, competitionId: string): Promise<Set<string>> {
  const last = await lastEntry(db, competitionId);
  if (!last) return new Set();
  const board = `${competitionId}:${Number(last.computedAt)}`;
  const nearByBoard = boardsOf.get(db) ?? new Map<string, Set<string>>();
  boardsOf.set(db, nearByBoard);
  const known = nearByBoard.get(board);
  if (known) return known;
  const ranks = ranksNearPrizeCutoff((await prizedRanks(db, competitionId)).map((r) => Number(r.rank)));
  const entries = await entriesAtRanks(db, competitionId, [...ranks]);
  const near = new Set(entries.map((e) => entryKey(e.creator, e.platform)));
  if (nearByBoard.size >= BOARDS_KEPT) nearByBoard.delete(nearByBoard.keys().next().value!);
  nearByBoard.set(board, near);
  return near;
}
