import type { UpdateQueryBuilder, UpdateResult, Updateable } from 'kysely';
import type { NotFoundRecord } from '@preffy/api';
import type { Database } from '../db/database.ts';
import type { DB, RecordColumns } from '../db/schema.ts';
import { VersionConflict, notFound } from './errors.ts';
import { now } from './clock.ts';

export type VersionedTable = { [K in keyof DB]: DB[K] extends RecordColumns ? K : never }[keyof DB];

/** What a versioned write may change: anything but the columns the write itself keeps. */
export type VersionedPatch<T extends VersionedTable> = Omit<
  Updateable<DB[T]>,
  'id' | 'version' | 'createdAt' | 'updatedAt'
>;

type VersionedUpdate<T extends VersionedTable> = UpdateQueryBuilder<DB, T, T, UpdateResult>;

export type VersionedWriteOptions<T extends VersionedTable> = {
  /**
   * Conditions beyond the version, for a workflow whose step is only allowed from one state (a
   * payment's status, a revoked link): a concurrent twin that moved it first then misses.
   */
  where?: (update: VersionedUpdate<T>) => VersionedUpdate<T>;
  /** Soft-deleted rows are written too: restoring a post is a versioned write like any other. */
  withDeleted?: boolean;
  /** The write's time, when the caller stamps another column with the same instant. */
  at?: number;
  /**
   * What a miss (a stale version, a gone row, a `where` not met) answers. By default 404 when
   * no row has the id, else 409 with the row as stored. A table whose public shape needs more
   * than its own row (a joined name, a count) reads it here and answers with `staleOrGone`;
   * 'resolve false' leaves the answer to the caller, for a miss that means something else
   * (another step's conflict, or what the caller wanted is already true).
   */
  onMiss?: (() => Error | Promise<Error>) | 'resolve false';
};

/** The answer to a write that missed: 404 when the record is gone, else 409 with it as read. */
export const staleOrGone = (table: VersionedTable, current: unknown, what?: NotFoundRecord) =>
  current ? new VersionConflict(table, current) : notFound(what);

/**
 * Optimistic concurrency for every business record: the write only happens when the stored
 * version still equals the one the caller read; otherwise 409 carries the current record (in
 * its public shape, see VersionConflict) so the user can compare. Never a silent overwrite.
 * The one place a versioned row is written, so the version always moves on with the write.
 * Resolves true when this call wrote the row (false only with onMiss 'resolve false').
 */
export async function updateVersioned<T extends VersionedTable>(
  db: Database,
  table: T,
  id: string,
  expectedVersion: number,
  patch: VersionedPatch<T>,
  options: VersionedWriteOptions<T> = {},
): Promise<boolean> {
  const { where = (update) => update, withDeleted = false, at = now() } = options;
  // Kysely cannot type a write to a table chosen at run time; the signature above keeps callers typed.
  /* eslint-disable @typescript-eslint/no-explicit-any */
  let update = (db as any)
    .updateTable(table)
    .set({ ...patch, version: expectedVersion + 1, updatedAt: at })
    .where('id', '=', id)
    .where('version', '=', expectedVersion);
  if (!withDeleted) update = update.where('deleted', '=', 0);
  const result = await where(update).executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return true;
  if (options.onMiss === 'resolve false') return false;
  if (options.onMiss) throw await options.onMiss();
  let current = (db as any).selectFrom(table).selectAll().where('id', '=', id);
  if (!withDeleted) current = current.where('deleted', '=', 0);
  /* eslint-enable @typescript-eslint/no-explicit-any */
  throw staleOrGone(table, await current.executeTakeFirst());
}

/** Soft delete with the same version check: deleted rows stay for audit and undo. */
export function softDelete(db: Database, table: VersionedTable, id: string, expectedVersion: number) {
  return updateVersioned(db, table, id, expectedVersion, { deleted: 1 });
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
