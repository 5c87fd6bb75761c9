import { type Account, DEFAULT_LAYOUT, layoutSettingsSchema } from '@preffy/api';
import type { Database } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { readSecuritySettings, twoStepRequiredFor } from '../settings/index.ts';
import { findFactor } from './two-step.repository.ts';
import { findUserById, toPublicUser } from './users.repository.ts';

/** The stored layout, or the defaults when none is stored or it no longer parses. */
function layoutOf(row: UserRow) {
  if (!row.layout) return DEFAULT_LAYOUT;
  try {
    const parsed = layoutSettingsSchema.safeParse(JSON.parse(row.layout));
    return parsed.success ? parsed.data : DEFAULT_LAYOUT;
  } catch {
    return DEFAULT_LAYOUT;
  }
}

export async function ownRow(db: Database, userId: string) {
  const row = await findUserById(db, userId);
  if (!row) throw notFound('User');
  return row;
}

/**
 * The signed-in user and their settings, in the API's shapes (never a secret or hash): profile,
 * layout, two-step status, whether this session is locked, and the lock screen's idle time.
 */
export async function ownAccount(db: Database, session: { id: string; sessionId?: string }) {
  const row = await ownRow(db, session.id);
  const [factor, security, lock] = await Promise.all([
    findFactor(db, row.id),
    readSecuritySettings(db),
    session.sessionId
      ? db.selectFrom('sessions').select('lockedAt').where('id', '=', session.sessionId).executeTakeFirst()
      : undefined,
  ]);
  const enabled = !!factor?.enabledAt;
  const required = twoStepRequiredFor(row.role, security);
  const account: Account = {
    avatarUrl: row.avatarUrl,
    timeZone: row.timeZone,
    layout: layoutOf(row),
    twoStep: {
      enabled,
      required,
      setupRequired: required && !enabled,
      recoveryCodesLeft: enabled ? factor!.recoveryCodes.length : 0,
    },
    locked: !!lock?.lockedAt,
    lockAfterMinutes: security.lockAfterMinutes,
  };
  return { user: toPublicUser(row), account };
}
