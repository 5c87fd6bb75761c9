import { account } from '@preffy/api';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/contract-route.ts';
import { AttemptLimiter } from '../auth/attempt-limiter.ts';
import { SIGN_IN_ACCOUNT_LIMIT, TOO_MANY_SIGN_INS } from '../auth/auth.routes.ts';
import { AppError } from '../../lib/errors.ts';
import { changePassword, saveLayout, updateProfile } from './account.service.ts';

/** The signed-in user's own profile, layout and password (issue 17). */
export async function accountRoutes(app: FastifyInstance) {
  // Guessing the current password from a stolen session is as limited as guessing at sign-in.
  const passwordGuesses = new AttemptLimiter(SIGN_IN_ACCOUNT_LIMIT);

  route(app, account.updateProfile, async (request) => updateProfile(app.db, request.user!.id, request.body));

  route(app, account.saveLayout, async (request) => ({
    layout: await saveLayout(app.db, request.user!.id, request.body),
  }));

  route(app, account.changePassword, async (request, reply) => {
    const userId = request.user!.id;
    const verdict = passwordGuesses.hit(userId);
    if (verdict.limited) {
      reply.header('retry-after', Math.ceil(verdict.retryAfterMs / 1000));
      throw new AppError(429, 'RATE_LIMITED', TOO_MANY_SIGN_INS);
    }
    const ended = await changePassword(app.db, userId, request.user!.sessionId, request.body);
    passwordGuesses.clear(userId);
    return { ok: true, ended };
  });
}
