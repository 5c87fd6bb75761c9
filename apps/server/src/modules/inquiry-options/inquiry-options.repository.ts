import type { InquiryOption } from '@preffy/api';
import type { InquiryOptionKind } from '@preffy/domain';
import type { Insertable, Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { InquiryOptionsTable } from '../../db/schema.ts';
import { type VersionedPatch, softDelete, updateVersioned } from '../../lib/versioned.ts';

/** Every query on `inquiryOptions` lives here (issue 15: the contact form's editable lists). */

export type InquiryOptionRow = Selectable<InquiryOptionsTable>;

export function toInquiryOption(row: InquiryOptionRow): InquiryOption {
  return {
    id: row.id,
    kind: row.kind,
    label: row.label,
    position: Number(row.position),
    version: row.version,
    createdAt: Number(row.createdAt),
    updatedAt: Number(row.updatedAt),
  };
}

/**
 * Live options, one list after the other, each in its order. Bounded by the rule of at most
 * INQUIRY_OPTION_LIMITS.perKind live options a list (the service refuses more).
 */
export function listLiveOptions(db: Database, kind?: InquiryOptionKind): Promise<InquiryOptionRow[]> {
  let q = db.selectFrom('inquiryOptions').selectAll().where('deleted', '=', 0);
  if (kind) q = q.where('kind', '=', kind);
  return q.orderBy('kind').orderBy('position').orderBy('createdAt').orderBy('id').execute();
}

export const findLiveOption = (db: Database, id: string): Promise<InquiryOptionRow | undefined> =>
  db
    .selectFrom('inquiryOptions')
    .selectAll()
    .where('id', '=', id)
    .where('deleted', '=', 0)
    .executeTakeFirst();

export async function insertOption(db: Database, row: Insertable<InquiryOptionsTable>) {
  await db.insertInto('inquiryOptions').values(row).execute();
}

/**
 * Moves the other options of a list to make room for one that moved. Their version stays: the
 * order belongs to the list, and someone renaming one of them should not meet a conflict
 * because another option moved past it.
 */
export async function setPositions(db: Database, moves: { id: string; position: number }[]) {
  for (const move of moves)
    await db
      .updateTable('inquiryOptions')
      .set({ position: move.position })
      .where('id', '=', move.id)
      .where('deleted', '=', 0)
      .execute();
}

/** An option's rename or move on the version the caller read: 409 on a stale one (lib/versioned.ts). */
export const updateOptionRecord = (
  db: Database,
  id: string,
  version: number,
  patch: VersionedPatch<'inquiryOptions'>,
) => updateVersioned(db, 'inquiryOptions', id, version, patch);

/** Removes an option (soft: inquiries keep their text) on the version the caller read. */
export const deleteOptionRecord = (db: Database, id: string, version: number) =>
  softDelete(db, 'inquiryOptions', id, version);
