/**
 * The trigram indexes SQLite keeps for substring search (migration 0021, decision 0068): which
 * table's columns each covers. lib/paging.ts searches through them; the migration keeps its own
 * frozen copy, and a test checks that the database has exactly these.
 */
export const SQLITE_SEARCH_INDEXES = [
  { index: 'winners_search', table: 'winners', columns: ['email'] },
  { index: 'competitions_search', table: 'competitions', columns: ['name', 'organizer'] },
] as const;
