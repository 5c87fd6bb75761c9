import type { Database } from '../../db/database.ts';
import { now } from '../../lib/clock.ts';
import type { SessionUser } from '../../plugins/types.ts';
import { hashToken, newSecretToken } from './secret-tokens.ts';

/** Sessions live in the database so several server instances can share them. */
export async function createSession(db: Database, userId: string, ttlMs: number): Promise<string> {
  const token = newSecretToken();
  const at = now();
  await db
    .insertInto('sessions')
    .values({ id: hashToken(token), userId, createdAt: at, expiresAt: at + ttlMs })
    .execute();
  return token;
}

export async function findSessionUser(db: Database, token: string): Promise<SessionUser | null> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .leftJoin('twoStepFactors', 'twoStepFactors.userId', 'users.id')
    .select([
      'sessions.id as sessionId',
      'sessions.expiresAt',
      'sessions.lockedAt',
      'twoStepFactors.enabledAt as twoStepEnabledAt',
      'users.id',
      'users.email',
      'users.name',
      'users.role',
      'users.language',
    ])
    .where('sessions.id', '=', hashToken(token))
    .where('users.disabled', '=', 0)
    .where('users.deleted', '=', 0)
    .executeTakeFirst();
  if (!row || row.expiresAt <= now()) return null;
  const { expiresAt: _expiresAt, lockedAt, twoStepEnabledAt, ...user } = row;
  return { ...user, locked: lockedAt !== null, twoStepEnabled: twoStepEnabledAt !== null };
}

export async function deleteSession(db: Database, sessionId: string) {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

/**
 * Ends every session of the user (sign out everywhere, a new password, disabling), or every one
 * but `keepSessionId` (a new password keeps the session that set it): how many.
 */
export async function deleteUserSessions(
  db: Database,
  userId: string,
  keepSessionId?: string,
): Promise<number> {
  let ended = db.deleteFrom('sessions').where('userId', '=', userId);
  if (keepSessionId) ended = ended.where('id', '!=', keepSessionId);
  const result = await ended.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The lock screen: a locked session opens nothing but the unlock (plugins/access.ts). */
export async function setSessionLocked(db: Database, sessionId: string, locked: boolean) {
  await db
    .updateTable('sessions')
    .set({ lockedAt: locked ? now() : null })
    .where('id', '=', sessionId)
    .execute();
}

/** The job runner's hourly schedule (app.ts) that calls deleteExpiredSessions. */
export const DELETE_EXPIRED_SESSIONS = 'delete expired sessions';

/** Removes the sessions past their end (they no longer sign anyone in); answers how many. */
export async function deleteExpiredSessions(db: Database): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expiresAt', '<=', now()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
