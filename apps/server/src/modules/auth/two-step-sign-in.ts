import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { now } from '../../lib/clock.ts';
import { findFactor } from '../account/two-step.ts';
import { mintAuthToken } from './auth-tokens.ts';
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

/** The user the request's ticket is for, while it is unused and unexpired; null otherwise. */
export async function twoStepTicketUser(app: FastifyInstance, request: FastifyRequest) {
  const token = request.cookies[TWO_STEP_COOKIE];
  if (!token) return null;
  const row = await app.db
    .selectFrom('authTokens')
    .select(['id', 'userId'])
    .where('id', '=', hashToken(token))
    .where('kind', '=', 'two-step')
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now())
    .executeTakeFirst();
  return row ?? null;
}

/** Uses the ticket up (a second request with it loses, even in a race): whether this one won. */
export async function useTwoStepTicket(app: FastifyInstance, ticketId: string): Promise<boolean> {
  const result = await app.db
    .updateTable('authTokens')
    .set({ usedAt: now() })
    .where('id', '=', ticketId)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function clearTwoStepCookie(reply: FastifyReply) {
  reply.clearCookie(TWO_STEP_COOKIE, { path: COOKIE_PATH });
}
