import type { Database } from '../../db/database.ts';
import { type VersionedPatch, updateVersioned } from '../../lib/versioned.ts';

/** Writes one settings record at the version the admin read (409 when someone saved first). */
export const updateSettingsRecord = (
  db: Database,
  id: string,
  version: number,
  patch: VersionedPatch<'appSettings'>,
) => updateVersioned(db, 'appSettings', id, version, patch);
