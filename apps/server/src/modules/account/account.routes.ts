import { ACCOUNT_MESSAGES, account } from '@preffy/api';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { route } from '../../lib/contract-route.ts';
import { AppError } from '../../lib/errors.ts';
import { clearSessionCookie } from '../../plugins/session.ts';
import { SIGN_IN_ACCOUNT_LIMIT, TOO_MANY_SIGN_INS, checkLimit, deleteSession } from '../auth/index.ts';
import {
  changePassword,
  disableTwoStep,
  enableTwoStep,
  lockSession,
  replaceRecoveryCodes,
  saveLayout,
  startTwoStep,
  unlockSession,
  updateProfile,
} from './account.service.ts';

/** Too many wrong passwords on the lock screen end the session: sign in again. */
const LOCKED_OUT = ACCOUNT_MESSAGES.lockedOut;

/** The signed-in user's own profile, layout, password, lock screen and two-step (issue 17). */
export async function accountRoutes(app: FastifyInstance) {
  // Guessing the password from a stolen session is as limited as guessing at sign-in, for every
  // action that asks for it, together.
  const passwordGuesses = app.attemptCounter('password-guesses', SIGN_IN_ACCOUNT_LIMIT);
  /** Runs `check` (which throws on a wrong password) within the user's guess limit. */
  async function withPassword<T>(userId: string, reply: FastifyReply, check: () => Promise<T>): Promise<T> {
    await checkLimit(passwordGuesses, userId, reply, TOO_MANY_SIGN_INS);
    const result = await check();
    await passwordGuesses.clear(userId);
    return result;
  }

  route(app, account.updateProfile, async (request) => updateProfile(app.db, request.user!.id, request.body));

  route(app, account.saveLayout, async (request) => ({
    layout: await saveLayout(app.db, request.user!.id, request.body),
  }));

  route(app, account.changePassword, async (request, reply) => {
    const { id, sessionId } = request.user!;
    const ended = await withPassword(id, reply, () => changePassword(app.db, id, sessionId, request.body));
    return { ok: true, ended };
  });

  route(app, account.lock, async (request) => {
    await lockSession(app.db, request.user!.sessionId);
    return { ok: true };
  });

  route(app, account.unlock, async (request, reply) => {
    const { id, sessionId } = request.user!;
    if ((await passwordGuesses.hit(id)).limited) {
      // The lock screen is not a second sign-in form: past the limit the session ends.
      await deleteSession(app.db, sessionId);
      clearSessionCookie(reply);
      throw new AppError(401, 'UNAUTHORIZED', LOCKED_OUT);
    }
    await unlockSession(app.db, id, sessionId, request.body.password);
    await passwordGuesses.clear(id);
    return { ok: true };
  });

  route(app, account.startTwoStep, async (request, reply) => {
    const userId = request.user!.id;
    return withPassword(userId, reply, () => startTwoStep(app.db, userId, request.body.password));
  });

  route(app, account.enableTwoStep, async (request, reply) => {
    const userId = request.user!.id;
    // Codes are guessed like passwords: the same limit.
    return withPassword(userId, reply, () => enableTwoStep(app.db, userId, request.body.code));
  });

  route(app, account.disableTwoStep, async (request, reply) => {
    const userId = request.user!.id;
    await withPassword(userId, reply, () => disableTwoStep(app.db, userId, request.body.password));
    return { ok: true };
  });

  route(app, account.newRecoveryCodes, async (request, reply) => {
    const userId = request.user!.id;
    return withPassword(userId, reply, () => replaceRecoveryCodes(app.db, userId, request.body.password));
  });
}
