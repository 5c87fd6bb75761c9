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
 * changed records (the leaderboard, lists sorted by change) sees the change. Given a list of
 * new records, it inserts them together.
 */
export type ImportedWrite =
  | { mode: 'insert'; id: string; version: number; createdAt: number | null; row: Record<string, unknown> }
  | { mode: 'update'; id: string; row: Record<string, unknown> }
  | { mode: 'delete'; id: string };
export type ImportedInsert = Extract<ImportedWrite, { mode: 'insert' }>;
/** One write, or new records to insert together. */
export type ImportedWrites = ImportedWrite | ImportedInsert[];

/** New records go in together, a few hundred per statement (a batch of a large import). */
const INSERTS_PER_STATEMENT = 500;

export async function writeImported(db: Database, table: VersionedTable, write: ImportedWrites) {
  const at = now();
  if (Array.isArray(write)) {
    const rows = write.map(
      (w) =>
        ({
          ...w.row,
          id: w.id,
          version: Math.max(1, w.version),
          deleted: 0,
          createdAt: w.createdAt ?? at,
          updatedAt: at,
        }) as unknown as Insertable<DB[VersionedTable]>,
    );
    for (let i = 0; i < rows.length; i += INSERTS_PER_STATEMENT)
      await db
        .insertInto(table)
        .values(rows.slice(i, i + INSERTS_PER_STATEMENT))
        .execute();
    return;
  }
  if (write.mode === 'insert') return writeImported(db, table, [write]);
  const changes = write.mode === 'update' ? write.row : { deleted: 1 };
  await db
    .updateTable(table)
    .set((eb) => ({ ...changes, version: eb('version', '+', 1), updatedAt: at }) as never)
    .where('id', '=', write.id)
    .execute();
}
