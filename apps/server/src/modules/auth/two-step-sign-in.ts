import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { now } from '../../lib/clock.ts';
import { findFactor } from './two-step.repository.ts';
import { mintAuthToken } from './auth-tokens.repository.ts';
import { hashToken } from './secret-tokens.ts';

/**
 * The step between a right password (or sign-in link, or reset link) and the session, for an
 * account with two-step verification: a single-use ticket (an auth token of kind 'two-step', 10
 * minutes) in an httpOnly cookie that only POST /api/auth/two-step receives. The ticket never
 * reaches page scripts or the address bar, and no route but that one accepts it.
 */
export const TWO_STEP_COOKIE = 'preffy_two_step';
const COOKIE_PATH = '/api/auth/two-step';

export async function needsTwoStep(app: FastifyInstance, userId: string): Promise<boolean> {
  return !!(await findFactor(app.db, userId))?.enabledAt;
}

export async function startTwoStepSignIn(app: FastifyInstance, reply: FastifyReply, userId: string) {
  const { token, expiresAt } = await mintAuthToken(app.db, userId, 'two-step', null);
  reply.setCookie(TWO_STEP_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: app.config.publicUrl.startsWith('https://'),
    path: COOKIE_PATH,
    maxAge: Math.floor((expiresAt - now()) / 1000),
  });
}

/**
 * The request's ticket and its user, while it is unused and unexpired; null otherwise. It is
 * used up with consumeAuthToken once the code is right.
 */
export async function twoStepTicket(app: FastifyInstance, request: FastifyRequest) {
  const token = request.cookies[TWO_STEP_COOKIE];
  if (!token) return null;
  const row = await app.db
    .selectFrom('authTokens')
    .select('userId')
    .where('id', '=', hashToken(token))
    .where('kind', '=', 'two-step')
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now())
    .executeTakeFirst();
  return row ? { token, userId: row.userId } : null;
}

export function clearTwoStepCookie(reply: FastifyReply) {
  reply.clearCookie(TWO_STEP_COOKIE, { path: COOKIE_PATH });
}
