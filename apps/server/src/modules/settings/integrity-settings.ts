import { INTEGRITY_PLATFORMS, type IntegritySettings, integrityThresholdsSchema } from '@preffy/api';
import { INTEGRITY_DEFAULTS, type IntegrityPlatform, type IntegrityThresholds } from '@preffy/domain';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { saveSettings } from './settings.repository.ts';

const ID = 'integrity';

/**
 * The stored thresholds, platform by platform: a platform never saved, or whose stored value no
 * longer parses (a threshold added since), reads as the domain's defaults, so a bad record never
 * stops the detectors.
 */
function storedThresholds(value: string): Record<IntegrityPlatform, IntegrityThresholds> {
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(value);
    if (parsed && typeof parsed === 'object') stored = parsed as Record<string, unknown>;
  } catch {
    // The defaults.
  }
  const entries = INTEGRITY_PLATFORMS.map((platform) => {
    const parsed = integrityThresholdsSchema.safeParse(stored[platform]);
    return [platform, parsed.success ? parsed.data : INTEGRITY_DEFAULTS[platform]] as const;
  });
  return Object.fromEntries(entries) as Record<IntegrityPlatform, IntegrityThresholds>;
}

export function toIntegritySettings(row: DB['appSettings']): IntegritySettings {
  return {
    id: ID,
    thresholds: storedThresholds(row.value),
    defaults: INTEGRITY_DEFAULTS,
    version: row.version,
    updatedAt: row.updatedAt,
  };
}

export async function readIntegritySettings(db: Database): Promise<IntegritySettings> {
  const row = await db.selectFrom('appSettings').selectAll().where('id', '=', ID).executeTakeFirst();
  if (!row) throw notFound('Settings');
  return toIntegritySettings(row);
}

/**
 * The thresholds the detectors use, per platform (posts' flag checks). Read on each check: a
 * check runs inside its post's transaction, one primary-key read beside the post's own reads.
 */
export const integrityThresholds = async (db: Database) => (await readIntegritySettings(db)).thresholds;

/** Saves them with the version read (409 with the current settings on a newer one), audited. */
export async function updateIntegritySettings(
  db: Database,
  actor: { id: string },
  input: { version: number; thresholds: Record<IntegrityPlatform, IntegrityThresholds> },
): Promise<IntegritySettings> {
  return db.transaction().execute(async (trx) => {
    const before = await readIntegritySettings(trx);
    await saveSettings(
      trx,
      actor,
      ID,
      input.version,
      input.thresholds,
      changedThresholds(before.thresholds, input.thresholds),
    );
    return readIntegritySettings(trx);
  });
}

/** The audit's changes: each threshold that moved, by its path, before → after. */
function changedThresholds(before: object, after: object, path = ''): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    const was = (before as Record<string, unknown>)[key];
    const at = path ? `${path}.${key}` : key;
    if (value && typeof value === 'object')
      Object.assign(changes, changedThresholds((was ?? {}) as object, value, at));
    else if (was !== value) changes[at] = { from: was ?? null, to: value };
  }
  return changes;
}
