import { SETTINGS_MESSAGES, type SecuritySettings, securitySettingsSchema } from '@preffy/api';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { saveSettings } from './settings.repository.ts';

/** Until an administrator changes them (migration 0015 stores these as version 1). */
export const DEFAULT_SECURITY = { requireTwoStep: false, lockAfterMinutes: 30 };

/** Enabling the requirement without an authenticator of one's own would lock oneself out. */
export const SET_UP_TWO_STEP_FIRST = SETTINGS_MESSAGES.setUpFirst;

/** The roles the requirement covers ('Admins can require it for admins and staff'). */
export const twoStepRequiredFor = (role: string, settings: { requireTwoStep: boolean }) =>
  settings.requireTwoStep && (role === 'admin' || role === 'staff');

const ID = 'security';
const valueSchema = securitySettingsSchema.pick({ requireTwoStep: true, lockAfterMinutes: true });

/** The stored record in the API's shape; a value that no longer parses reads as the defaults. */
export function toSecuritySettings(row: DB['appSettings']): SecuritySettings {
  let value = DEFAULT_SECURITY;
  try {
    const parsed = valueSchema.safeParse(JSON.parse(row.value));
    if (parsed.success) value = parsed.data;
  } catch {
    // Kept as the defaults: a broken value must not lock everyone out.
  }
  return { id: ID, ...value, version: row.version, updatedAt: row.updatedAt };
}

export async function readSecuritySettings(db: Database): Promise<SecuritySettings> {
  const row = await db.selectFrom('appSettings').selectAll().where('id', '=', ID).executeTakeFirst();
  if (!row) throw notFound('Settings');
  return toSecuritySettings(row);
}

/** How long a server keeps the settings it read: other servers see a change within this time. */
const CACHE_MS = 5_000;
let cached: { db: Database; at: number; settings: Promise<SecuritySettings> } | null = null;

/**
 * The settings for the access check on every request, read at most every 5 s per database: most
 * admins and staff have no authenticator, and a query per request only to learn that two-step is
 * still optional would cost every screen.
 */
export function currentSecuritySettings(db: Database): Promise<SecuritySettings> {
  const at = Date.now();
  if (!cached || cached.db !== db || at - cached.at > CACHE_MS) {
    const settings = readSecuritySettings(db);
    cached = { db, at, settings };
    // A failed read is not kept.
    settings.catch(() => {
      if (cached?.settings === settings) cached = null;
    });
  }
  return cached.settings;
}

/** Saves them with the version read (409 with the current settings on a newer one), audited. */
export async function updateSecuritySettings(
  db: Database,
  actor: { id: string },
  input: { version: number; requireTwoStep: boolean; lockAfterMinutes: number },
): Promise<SecuritySettings> {
  const { version, ...value } = input;
  if (value.requireTwoStep) {
    const own = await db
      .selectFrom('twoStepFactors')
      .select('enabledAt')
      .where('userId', '=', actor.id)
      .executeTakeFirst();
    if (!own?.enabledAt)
      throw new AppError(409, 'TWO_STEP_NOT_SET_UP', SET_UP_TWO_STEP_FIRST, {
        fieldErrors: { requireTwoStep: [SET_UP_TWO_STEP_FIRST] },
      });
  }
  const saved = await db.transaction().execute(async (trx) => {
    await saveSettings(trx, actor, ID, version, value, value);
    return readSecuritySettings(trx);
  });
  // This server applies the change at once.
  cached = null;
  return saved;
}

/**
 * Whether a user of this role without an authenticator must set one up first (the access check
 * on every request): only admins and staff ever must, so nobody else costs a settings read.
 */
export async function twoStepSetupRequired(db: Database, role: string): Promise<boolean> {
  if (!twoStepRequiredFor(role, { requireTwoStep: true })) return false;
  return twoStepRequiredFor(role, await currentSecuritySettings(db));
}
