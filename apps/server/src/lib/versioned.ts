import type { Database } from '../db/database.ts';
import type { DB, RecordColumns } from '../db/schema.ts';
import { VersionConflict, notFound } from './errors.ts';
import { now } from './clock.ts';

export type VersionedTable = { [K in keyof DB]: DB[K] extends RecordColumns ? K : never }[keyof DB];

/**
 * Optimistic concurrency for every business record: the write only happens when the stored
 * version still equals the one the caller read; otherwise 409 carries the current record (in
 * its public shape, see VersionConflict) so the user can compare. Never a silent overwrite.
 */
export async function updateVersioned<T extends VersionedTable>(
  db: Database,
  table: T,
  id: string,
  expectedVersion: number,
  patch: Partial<Omit<DB[T], keyof RecordColumns>>,
): Promise<void> {
  // Kysely cannot type a write to a table chosen at run time; the signature above keeps callers typed.
  /* eslint-disable @typescript-eslint/no-explicit-any */
  const result = await (db as Database as any)
    .updateTable(table)
    .set({ ...patch, version: expectedVersion + 1, updatedAt: now() })
    .where('id', '=', id)
    .where('version', '=', expectedVersion)
    .where('deleted', '=', 0)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return;
  const current = await (db as any)
    .selectFrom(table)
    .selectAll()
    .where('id', '=', id)
    .where('deleted', '=', 0)
    .executeTakeFirst();
  /* eslint-enable @typescript-eslint/no-explicit-any */
  if (!current) throw notFound();
  throw new VersionConflict(table, current);
}

/** Soft delete with the same version check: deleted rows stay for audit and undo. */
export function softDelete(db: Database, table: VersionedTable, id: string, expectedVersion: number) {
  return updateVersioned(db, table, id, expectedVersion, { deleted: 1 } as never);
}

/**
 * For a user's own settings (language, password), where the last write wins on purpose: there
 * is nothing to merge, and a 409 would only confuse. The version still moves on, so other
 * screens holding the record see that it changed.
 */
export async function overwriteVersioned<T extends VersionedTable>(
  db: Database,
  table: T,
  id: string,
  patch: Partial<Omit<DB[T], keyof RecordColumns>>,
): Promise<void> {
  /* eslint-disable @typescript-eslint/no-explicit-any -- as in updateVersioned */
  const result = await (db as any)
    .updateTable(table)
    .set((eb: any) => ({ ...patch, version: eb('version', '+', 1), updatedAt: now() }))
    .where('id', '=', id)
    .where('deleted', '=', 0)
    .executeTakeFirst();
  /* eslint-enable @typescript-eslint/no-explicit-any */
  if (Number(result.numUpdatedRows) !== 1) throw notFound();
}
