import type { Language } from '@preffy/api';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/index.ts';
import { enqueueEmail, resetPasswordUrl } from '../email/index.ts';
import { findUserByEmail, findUserById, overwriteUser, toPublicUser } from './users.repository.ts';
import { consumeAuthToken, mintAuthToken } from './auth-tokens.repository.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { deleteUserSessions } from './sessions.repository.ts';

/** The spec's 401 text (doc 1 section 8). */
export const INVALID_CREDENTIALS = 'Invalid credentials';
const INVALID_TOKEN = 'This link is invalid or has expired. Please ask for a new one.';

/**
 * The account an email and password open, or 401. Unknown, wrong and disabled answer alike,
 * in the same time (verifyPassword checks a dummy hash when there is no account).
 */
export async function authenticate(db: Database, email: string, password: string) {
  const user = await findUserByEmail(db, email);
  const valid = await verifyPassword(user?.passwordHash ?? null, password);
  if (!user || !valid || user.disabled) throw new AppError(401, 'INVALID_CREDENTIALS', INVALID_CREDENTIALS);
  return user;
}

/** The signed-in user in the API's shape. */
export async function currentUser(db: Database, userId: string) {
  return toPublicUser((await findUserById(db, userId))!);
}

/** A user's own preference: last write wins on purpose, there is nothing to merge. */
export async function setOwnLanguage(db: Database, userId: string, language: Language) {
  await overwriteUser(db, userId, { language });
  return currentUser(db, userId);
}

/** Ends every session of the user, audited; answers how many ended. */
export function signOutEverywhere(db: Database, userId: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const count = await deleteUserSessions(trx, userId);
    await recordAudit(trx, {
      actorId: userId,
      entity: 'user',
      entityId: userId,
      action: 'revoke-sessions',
      changes: { sessions: count },
    });
    return count;
  });
}

/**
 * Sets a new password with a reset or invitation token and ends every other session of the
 * account; answers the account, or 400 INVALID_TOKEN (unknown, used, expired, or disabled).
 */
export async function resetPassword(db: Database, token: string, password: string) {
  const passwordHash = await hashPassword(password);
  const userId = await db.transaction().execute(async (trx) => {
    const id = await consumeAuthToken(trx, token, ['reset', 'invite']);
    if (!id) return null;
    const user = await findUserById(trx, id);
    if (!user || user.disabled) return null;
    // The token proves the right to set it: no version to compare, and a 409 here would
    // show the account to whoever holds the link.
    await overwriteUser(trx, id, { passwordHash });
    await deleteUserSessions(trx, id);
    await recordAudit(trx, { actorId: id, entity: 'user', entityId: id, action: 'set-password' });
    return id;
  });
  if (!userId)
    throw new AppError(400, 'INVALID_TOKEN', INVALID_TOKEN, { fieldErrors: { token: [INVALID_TOKEN] } });
  return (await findUserById(db, userId))!;
}

/** Mints and mails a reset link when the address has an active account; silent otherwise. */
export async function sendResetLink(db: Database, publicUrl: string, email: string) {
  const user = await findUserByEmail(db, email);
  if (!user || user.disabled) return;
  await db.transaction().execute(async (trx) => {
    const { token } = await mintAuthToken(trx, user.id, 'reset', null);
    await enqueueEmail(trx, {
      kind: 'password-reset',
      data: { name: user.name, url: resetPasswordUrl(publicUrl, token) },
      to: [{ email: user.email, name: user.name }],
      language: user.language,
      related: { entity: 'user', id: user.id },
    });
  });
}
