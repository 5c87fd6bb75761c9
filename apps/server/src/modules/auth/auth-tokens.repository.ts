import type { Database } from '../../db/database.ts';
import type { UpdateQueryBuilder, UpdateResult } from 'kysely';
import type { AuthTokenKind, DB } from '../../db/schema.ts';
import { now } from '../../lib/clock.ts';
import { hashToken, newSecretToken } from './secret-tokens.ts';

export const AUTH_TOKEN_TTL_MS: Record<AuthTokenKind, number> = {
  'sign-in': 24 * 3600_000,
  reset: 2 * 3600_000,
  invite: 7 * 24 * 3600_000,
  'two-step': 10 * 60_000,
};

/** Single-use, expiring tokens for sign-in links, password resets and invitations. */
export async function mintAuthToken(
  db: Database,
  userId: string,
  kind: AuthTokenKind,
  createdBy: string | null,
): Promise<{ token: string; expiresAt: number }> {
  const token = newSecretToken();
  const createdAt = now();
  const expiresAt = createdAt + AUTH_TOKEN_TTL_MS[kind];
  await db
    .insertInto('authTokens')
    .values({ id: hashToken(token), userId, kind, createdBy, createdAt, expiresAt, usedAt: null })
    .execute();
  return { token, expiresAt };
}

/**
 * Marks the token used and returns its user, or null when it is unknown, expired, already
 * used or of another kind. The conditional update makes a second use lose even under a race.
 */
export async function consumeAuthToken(
  db: Database,
  token: string,
  kinds: AuthTokenKind[],
): Promise<string | null> {
  const id = hashToken(token);
  const used = await useUp(db, (tokens) => tokens.where('id', '=', id).where('kind', 'in', kinds));
  if (used !== 1) return null;
  const row = await db
    .selectFrom('authTokens')
    .select('userId')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.userId;
}

/**
 * Uses up every outstanding link of a user (sign-in, reset, invitation), e.g. when they become
 * an administrator: a link someone could read while they were not one must not open their
 * admin account later.
 */
export const revokeUnusedAuthTokens = (db: Database, userId: string): Promise<number> =>
  useUp(db, (tokens) => tokens.where('userId', '=', userId));

type UsableTokens = UpdateQueryBuilder<DB, 'authTokens', 'authTokens', UpdateResult>;

/** Marks used the tokens `which` picks among those still usable (unused, unexpired): how many. */
async function useUp(db: Database, which: (usable: UsableTokens) => UsableTokens) {
  const at = now();
  const usable = db
    .updateTable('authTokens')
    .set({ usedAt: at })
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', at);
  const result = await which(usable).executeTakeFirst();
  return Number(result.numUpdatedRows);
}
