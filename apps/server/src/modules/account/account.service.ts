import { ACCOUNT_MESSAGES, type Account, type Language } from '@preffy/api';
import type { Database } from '../../db/database.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { now } from '../../lib/clock.ts';
import { recordAudit } from '../audit/index.ts';
import {
  hashPassword,
  verifyPassword,
  ownAccount,
  ownRow,
  type TwoStepFactor,
  acceptedStep,
  deleteFactor,
  findFactor,
  newRecoveryCodes,
  newTotpSecret,
  saveFactor,
  deleteUserSessions,
  overwriteUser,
  setSessionLocked,
  updateUserRecord,
} from '../auth/index.ts';
import { isStoredImageUrl } from '../storage/index.ts';
import { readSecuritySettings, twoStepRequiredFor } from '../settings/index.ts';

/** The wrong current password on a password change: a field message, never a sign-out. */
export const WRONG_CURRENT_PASSWORD = 'Your current password is not right';
/** An avatar must be an image this server stored (POST /api/images), never a link elsewhere. */
export const AVATAR_NOT_UPLOADED = 'Please upload the image again';

const {
  wrongPassword: WRONG_PASSWORD,
  wrongCode: WRONG_CODE,
  requiredForRole: TWO_STEP_REQUIRED_FOR_ROLE,
  notEnabled: TWO_STEP_NOT_ENABLED,
  startAgain: START_TWO_STEP_AGAIN,
} = ACCOUNT_MESSAGES;

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
  await setSessionLocked(db, sessionId, true);
}

export async function unlockSession(db: Database, userId: string, sessionId: string, password: string) {
  await checkOwnPassword(db, userId, password);
  await setSessionLocked(db, sessionId, false);
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
    await updateUserRecord(trx, userId, version, patch);
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
  await overwriteUser(db, userId, { layout: JSON.stringify(layout) });
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
    await overwriteUser(trx, userId, { passwordHash });
    const ended = await deleteUserSessions(trx, userId, sessionId);
    await recordAudit(trx, { actorId: userId, entity: 'user', entityId: userId, action: 'change-password' });
    return ended;
  });
}
