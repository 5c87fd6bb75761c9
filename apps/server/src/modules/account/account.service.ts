import { type Account, DEFAULT_LAYOUT, type Language, layoutSettingsSchema } from '@preffy/api';
import type { Database } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { overwriteVersioned, updateVersioned } from '../../lib/versioned.ts';
import { recordAudit } from '../audit/audit.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { isStoredImageUrl } from '../storage/images.ts';
import { findUserById, toPublicUser } from '../users/users.repository.ts';

/** The wrong current password on a password change: a field message, never a sign-out. */
export const WRONG_CURRENT_PASSWORD = 'Your current password is not right';
/** An avatar must be an image this server stored (POST /api/images), never a link elsewhere. */
export const AVATAR_NOT_UPLOADED = 'Please upload the image again';

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

/** What the signed-in user sees of their own settings (never a hash). */
export const toAccount = (row: UserRow): Account => ({
  avatarUrl: row.avatarUrl,
  timeZone: row.timeZone,
  layout: layoutOf(row),
});

async function ownRow(db: Database, userId: string) {
  const row = await findUserById(db, userId);
  if (!row) throw notFound('User');
  return row;
}

/** The signed-in user and their settings, in the API's shapes. */
export async function ownAccount(db: Database, userId: string) {
  const row = await ownRow(db, userId);
  return { user: toPublicUser(row), account: toAccount(row) };
}

/**
 * The profile form: carries the version like every record edit, so a change made in another
 * tab is shown (409) rather than silently overwritten.
 */
export async function updateProfile(
  db: Database,
  userId: string,
  input: {
    version: number;
    name?: string;
    avatarUrl?: string | null;
    language?: Language;
    timeZone?: string | null;
  },
) {
  if (input.avatarUrl && !isStoredImageUrl(input.avatarUrl))
    throw badRequest('avatarUrl', AVATAR_NOT_UPLOADED);
  const { version, ...patch } = input;
  return db.transaction().execute(async (trx) => {
    await updateVersioned(trx, 'users', userId, version, patch);
    await recordAudit(trx, {
      actorId: userId,
      entity: 'user',
      entityId: userId,
      action: 'profile',
      changes: patch,
    });
    return ownAccount(trx, userId);
  });
}

/** The layout drawer's settings: a preference, the last write wins (nothing to merge). */
export async function saveLayout(db: Database, userId: string, layout: Account['layout']) {
  await overwriteVersioned(db, 'users', userId, { layout: JSON.stringify(layout) });
  return layout;
}

/**
 * A new password, proven by the current one. Every other session of the account ends (a
 * password is changed because it may be known to someone else); this one stays signed in.
 */
export async function changePassword(
  db: Database,
  userId: string,
  sessionId: string,
  input: { currentPassword: string; newPassword: string },
): Promise<number> {
  const row = await ownRow(db, userId);
  if (!(await verifyPassword(row.passwordHash, input.currentPassword)))
    throw badRequest('currentPassword', WRONG_CURRENT_PASSWORD);
  const passwordHash = await hashPassword(input.newPassword);
  return db.transaction().execute(async (trx) => {
    await overwriteVersioned(trx, 'users', userId, { passwordHash });
    const ended = await trx
      .deleteFrom('sessions')
      .where('userId', '=', userId)
      .where('id', '!=', sessionId)
      .executeTakeFirst();
    await recordAudit(trx, { actorId: userId, entity: 'user', entityId: userId, action: 'change-password' });
    return Number(ended.numDeletedRows);
  });
}
