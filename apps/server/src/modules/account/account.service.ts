import {
  ACCOUNT_MESSAGES,
  type Account,
  DEFAULT_LAYOUT,
  type Language,
  layoutSettingsSchema,
} from '@preffy/api';
import type { Database } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { now } from '../../lib/clock.ts';
import { overwriteVersioned, updateVersioned } from '../../lib/versioned.ts';
import { recordAudit } from '../audit/audit.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { isStoredImageUrl } from '../storage/images.ts';
import { findUserById, toPublicUser } from '../users/users.repository.ts';
import { readSecuritySettings, twoStepRequiredFor } from '../settings/security-settings.ts';
import {
  type TwoStepFactor,
  acceptedStep,
  deleteFactor,
  findFactor,
  newRecoveryCodes,
  newTotpSecret,
  saveFactor,
} from './two-step.ts';

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

const {
  wrongPassword: WRONG_PASSWORD,
  wrongCode: WRONG_CODE,
  requiredForRole: TWO_STEP_REQUIRED_FOR_ROLE,
  notEnabled: TWO_STEP_NOT_ENABLED,
  startAgain: START_TWO_STEP_AGAIN,
} = ACCOUNT_MESSAGES;

async function ownRow(db: Database, userId: string) {
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

/** Refuses with a field message unless `password` is the user's. */
export async function checkOwnPassword(
  db: Database,
  userId: string,
  password: string,
  field = 'password',
  message: string = WRONG_PASSWORD,
) {
  const row = await ownRow(db, userId);
  if (!(await verifyPassword(row.passwordHash, password))) throw badRequest(field, message);
  return row;
}

const audit = (db: Database, userId: string, action: string) =>
  recordAudit(db, { actorId: userId, entity: 'user', entityId: userId, action });

/** Step 1 of enrolment: a new secret, kept pending until a code from the app confirms it. */
export async function startTwoStep(db: Database, userId: string, password: string) {
  const row = await checkOwnPassword(db, userId, password);
  const { secret, otpauthUri } = newTotpSecret(row.email);
  await saveFactor(db, userId, { pendingSecret: secret });
  return { secret, otpauthUri };
}

/**
 * Step 2: the app's code proves the secret was scanned; two-step is then on, replacing any
 * earlier authenticator, and the recovery codes are answered (only their hashes are kept).
 */
export async function enableTwoStep(db: Database, userId: string, code: string) {
  const factor = await findFactor(db, userId);
  if (!factor?.pendingSecret) throw badRequest('code', START_TWO_STEP_AGAIN);
  const step = acceptedStep(factor.pendingSecret, code, null);
  if (step === null) throw badRequest('code', WRONG_CODE);
  const { codes, hashes } = newRecoveryCodes();
  await db.transaction().execute(async (trx) => {
    await saveFactor(trx, userId, {
      secret: factor.pendingSecret,
      pendingSecret: null,
      enabledAt: now(),
      lastStep: step,
      recoveryCodes: hashes,
    });
    await audit(trx, userId, 'two-step-on');
  });
  return { recoveryCodes: codes };
}

const enabledFactor = async (db: Database, userId: string): Promise<TwoStepFactor> => {
  const factor = await findFactor(db, userId);
  if (!factor?.enabledAt) throw new AppError(409, 'TWO_STEP_NOT_ENABLED', TWO_STEP_NOT_ENABLED);
  return factor;
};

/** Turns two-step off with the password; refused while administrators require it for the role. */
export async function disableTwoStep(db: Database, userId: string, password: string) {
  const row = await checkOwnPassword(db, userId, password);
  await enabledFactor(db, userId);
  if (twoStepRequiredFor(row.role, await readSecuritySettings(db)))
    throw new AppError(403, 'TWO_STEP_REQUIRED', TWO_STEP_REQUIRED_FOR_ROLE);
  await db.transaction().execute(async (trx) => {
    await deleteFactor(trx, userId);
    await audit(trx, userId, 'two-step-off');
  });
}

/** New recovery codes with the password; the old ones stop working. */
export async function replaceRecoveryCodes(db: Database, userId: string, password: string) {
  await checkOwnPassword(db, userId, password);
  await enabledFactor(db, userId);
  const { codes, hashes } = newRecoveryCodes();
  await db.transaction().execute(async (trx) => {
    await saveFactor(trx, userId, { recoveryCodes: hashes });
    await audit(trx, userId, 'two-step-recovery-codes');
  });
  return { recoveryCodes: codes };
}

/** The lock screen: this session opens nothing but the unlock (plugins/access.ts) until then. */
export async function lockSession(db: Database, sessionId: string) {
  await db.updateTable('sessions').set({ lockedAt: now() }).where('id', '=', sessionId).execute();
}

export async function unlockSession(db: Database, userId: string, sessionId: string, password: string) {
  await checkOwnPassword(db, userId, password);
  await db.updateTable('sessions').set({ lockedAt: null }).where('id', '=', sessionId).execute();
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
    return ownAccount(trx, { id: userId });
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
  await checkOwnPassword(db, userId, input.currentPassword, 'currentPassword', WRONG_CURRENT_PASSWORD);
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
