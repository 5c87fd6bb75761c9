import type { Insertable } from 'kysely';
import type { Database } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import type { VersionedTable } from './versioned.ts';
import { now } from './clock.ts';

/**
 * A legacy record written into its table (issue 41, decision 0128), called only from the
 * repository of the area that owns the table, like the versioned writes. A new record keeps the
 * legacy's version; an update moves the app's version on (an open form then gets its 409) and
 * leaves `deleted` alone (a post the flags removed stays removed); a legacy tombstone of a record
 * imported before soft-deletes it. `updatedAt` is the import's time, so what the app derives from
 * changed records (the leaderboard, lists sorted by change) sees the change.
 */
export type ImportedWrite =
  | { mode: 'insert'; id: string; version: number; createdAt: number | null; row: Record<string, unknown> }
  | { mode: 'update'; id: string; row: Record<string, unknown> }
  | { mode: 'delete'; id: string };

export async function writeImported(db: Database, table: VersionedTable, write: ImportedWrite) {
  const at = now();
  if (write.mode === 'insert') {
    const values = {
      ...write.row,
      id: write.id,
      version: Math.max(1, write.version),
      deleted: 0,
      createdAt: write.createdAt ?? at,
      updatedAt: at,
    } as unknown as Insertable<DB[VersionedTable]>;
    await db.insertInto(table).values(values).execute();
    return;
  }
  const changes = write.mode === 'update' ? write.row : { deleted: 1 };
  await db
    .updateTable(table)
    .set((eb) => ({ ...changes, version: eb('version', '+', 1), updatedAt: at }) as never)
    .where('id', '=', write.id)
    .execute();
}
