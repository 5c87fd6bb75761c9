import { ACCOUNT_MESSAGES, auth } from '@preffy/api';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { clientAddressKey } from '../../lib/client-address.ts';
import { route } from '../../lib/contract-route.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { clearSessionCookie, setSessionCookie } from '../../plugins/session.ts';
import { findUserById, toPublicUser } from './users.repository.ts';
import { AttemptLimiter } from './attempt-limiter.ts';
import {
  authenticate,
  resetPassword,
  sendResetLink,
  setOwnLanguage,
  signOutEverywhere,
} from './auth.service.ts';
import { consumeAuthToken } from './auth-tokens.repository.ts';
import { createSession, deleteSession } from './sessions.repository.ts';
import { ownAccount } from './own-account.ts';
import { useCode } from './two-step.ts';
import {
  clearTwoStepCookie,
  needsTwoStep,
  startTwoStepSignIn,
  TWO_STEP_COOKIE,
  twoStepTicket,
} from './two-step-sign-in.ts';

/** The legacy 'Reset link are sended to your mailbox, check there first.', grammar fixed (decision 0004). */
export const RESET_LINK_SENT = 'A reset link has been sent to your mailbox; check there first.';

/** Per caller address (and email, for sign-in): @fastify/rate-limit. */
export const LOGIN_RATE_LIMIT = { max: 10, timeWindow: 15 * 60_000 };
/** Per account, from any address: a botnet gets no more guesses than one machine. */
export const SIGN_IN_ACCOUNT_LIMIT = { max: 10, windowMs: 15 * 60_000 };
/** Per target address: nobody's mailbox can be flooded with reset links. */
export const RESET_TARGET_LIMIT = { max: 5, windowMs: 60 * 60_000 };

/** The same words for every sign-in limit, whether or not the account exists. */
export const TOO_MANY_SIGN_INS =
  'Too many sign-in attempts. Please wait 15 minutes and try again, or reset your password.';
export const TOO_MANY_RESETS =
  'Too many reset links were requested for this address. Please wait an hour and try again.';
export const TOO_MANY_REQUESTS = 'Too many requests from this address. Please wait 15 minutes and try again.';

const rateLimited = (message: string) => new AppError(429, 'RATE_LIMITED', message);

/** Ends a request with 429 and Retry-After, when the limiter says so. */
function checkLimit(limiter: AttemptLimiter, key: string, reply: FastifyReply, message: string): void {
  const verdict = limiter.hit(key);
  if (!verdict.limited) return;
  reply.header('retry-after', Math.ceil(verdict.retryAfterMs / 1000));
  throw rateLimited(message);
}

const accountKey = (email: string) => email.trim().toLowerCase();

/** TWO_STEP_EXPIRED: the second step's ticket is missing, used or past its 10 minutes. */
const { expired: TWO_STEP_EXPIRED, wrongSignInCode: WRONG_SIGN_IN_CODE } = ACCOUNT_MESSAGES;
/** Per account: a right password gives no more than this many code guesses. */
export const TWO_STEP_CODE_LIMIT = { max: 5, windowMs: 15 * 60_000 };

export async function authRoutes(app: FastifyInstance) {
  const signInFailures = new AttemptLimiter(SIGN_IN_ACCOUNT_LIMIT);
  const resetRequests = new AttemptLimiter(RESET_TARGET_LIMIT);
  const codeGuesses = new AttemptLimiter(TWO_STEP_CODE_LIMIT);

  /** A session, or the two-step ticket first when the account has an authenticator. */
  async function signIn(reply: FastifyReply, user: { id: string }) {
    if (await needsTwoStep(app, user.id)) {
      await startTwoStepSignIn(app, reply, user.id);
      return { twoStepRequired: true as const };
    }
    setSessionCookie(app, reply, await createSession(app.db, user.id, app.config.sessionTtlMs));
    return { user: toPublicUser((await findUserById(app.db, user.id))!) };
  }
  const perAddress = (message: string) => ({
    ...LOGIN_RATE_LIMIT,
    errorResponseBuilder: () => rateLimited(message),
  });

  route(app, auth.csrf, async (_request, reply) => ({ token: reply.generateCsrf() }));

  route(
    app,
    auth.login,
    async (request, reply) => {
      // Counted for any email, known or not, so the 429 does not reveal which accounts exist.
      const account = accountKey(request.body.email);
      checkLimit(signInFailures, account, reply, TOO_MANY_SIGN_INS);
      const user = await authenticate(app.db, request.body.email, request.body.password);
      signInFailures.clear(account);
      return signIn(reply, user);
    },
    {
      rateLimit: {
        ...perAddress(TOO_MANY_SIGN_INS),
        // A first brake per caller and email; the per-account limit holds whatever the address.
        // request.ip is the socket address unless TRUST_PROXY names the proxies in front; an
        // IPv6 /64 counts as one address.
        keyGenerator: (request) =>
          `${clientAddressKey(request.ip)}|${accountKey(String((request.body as { email?: unknown } | undefined)?.email ?? ''))}`,
      },
    },
  );

  route(
    app,
    auth.twoStep,
    async (request, reply) => {
      const ticket = await twoStepTicket(app, request);
      if (!ticket) {
        clearTwoStepCookie(reply);
        throw new AppError(401, 'TWO_STEP_EXPIRED', TWO_STEP_EXPIRED);
      }
      checkLimit(codeGuesses, ticket.userId, reply, TOO_MANY_SIGN_INS);
      if (!(await useCode(app.db, ticket.userId, request.body.code)))
        throw badRequest('code', WRONG_SIGN_IN_CODE);
      const user = await findUserById(app.db, ticket.userId);
      // Used up here: a second request with the same ticket loses, even in a race.
      const used = await consumeAuthToken(app.db, ticket.token, ['two-step']);
      if (!user || user.disabled || used !== ticket.userId) {
        clearTwoStepCookie(reply);
        throw new AppError(401, 'TWO_STEP_EXPIRED', TWO_STEP_EXPIRED);
      }
      codeGuesses.clear(ticket.userId);
      clearTwoStepCookie(reply);
      setSessionCookie(app, reply, await createSession(app.db, user.id, app.config.sessionTtlMs));
      return { user: toPublicUser(user) };
    },
    {
      rateLimit: {
        ...perAddress(TOO_MANY_SIGN_INS),
        // Per caller and ticket, like sign-in per caller and email; the per-account code limit
        // holds whatever the address.
        keyGenerator: (request) =>
          `${clientAddressKey(request.ip)}|${request.cookies[TWO_STEP_COOKIE] ?? ''}`,
      },
    },
  );

  route(app, auth.logout, async (request, reply) => {
    if (request.user) await deleteSession(app.db, request.user.sessionId);
    clearSessionCookie(reply);
    return { ok: true };
  });

  route(app, auth.signOutEverywhere, async (request, reply) => {
    const ended = await signOutEverywhere(app.db, request.user!.id);
    clearSessionCookie(reply);
    return { ok: true, ended };
  });

  route(app, auth.me, async (request) => ({
    ...(await ownAccount(app.db, request.user!)),
    businessTimeZone: app.config.businessTimeZone,
  }));

  route(app, auth.updateMe, async (request) => ({
    user: await setOwnLanguage(app.db, request.user!.id, request.body.language),
  }));

  route(
    app,
    auth.forgotPassword,
    async (request, reply) => {
      // Counted per target whether or not it has an account, like everything before the answer.
      checkLimit(resetRequests, accountKey(request.body.email), reply, TOO_MANY_RESETS);
      // Everything that depends on the account happens after the answer: the same answer, in
      // the same time, whether or not the account exists.
      const email = request.body.email;
      app.afterResponse.run(() => sendResetLink(app.db, app.config.publicUrl, email));
      return { ok: true, message: RESET_LINK_SENT };
    },
    { rateLimit: perAddress(TOO_MANY_REQUESTS) },
  );

  route(
    app,
    auth.resetPassword,
    async (request, reply) => {
      const user = await resetPassword(app.db, request.body.token, request.body.password);
      // The owner proved themselves by email: a lockout others caused ends here. The mailbox
      // is not the second factor, though: an authenticator is still asked for.
      signInFailures.clear(accountKey(user.email));
      return signIn(reply, user);
    },
    { rateLimit: perAddress(TOO_MANY_REQUESTS) },
  );
}
