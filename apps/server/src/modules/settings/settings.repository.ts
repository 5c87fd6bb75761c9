import type { Database } from '../../db/database.ts';
import { type VersionedPatch, updateVersioned } from '../../lib/versioned.ts';
import { recordAudit } from '../audit/index.ts';

/** Writes one settings record at the version the admin read (409 when someone saved first). */
export const updateSettingsRecord = (
  db: Database,
  id: string,
  version: number,
  patch: VersionedPatch<'appSettings'>,
) => updateVersioned(db, 'appSettings', id, version, patch);

/** Saves a settings record's value at the version read, with its audit entry (in `db`'s transaction). */
export async function saveSettings(
  db: Database,
  actor: { id: string },
  id: string,
  version: number,
  value: unknown,
  changes: unknown,
) {
  await updateSettingsRecord(db, id, version, { value: JSON.stringify(value), updatedBy: actor.id });
  await recordAudit(db, { actorId: actor.id, entity: 'settings', entityId: id, action: 'update', changes });
}
