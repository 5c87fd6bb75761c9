import { ACCOUNT_MESSAGES, auth } from '@preffy/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clientAddressKey } from '../../lib/client-address.ts';
import { route } from '../../lib/contract-route.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { clearSessionCookie, setSessionCookie } from '../../plugins/session.ts';
import { findUserById, toPublicUser } from './users.repository.ts';
import type { AttemptCounter } from '../../plugins/limits/limits.ts';
import {
  authenticate,
  resetPassword,
  sendResetLink,
  setOwnLanguage,
  signOutEverywhere,
} from './auth.service.ts';
import { consumeAuthToken } from './auth-tokens.repository.ts';
import { createSession, deleteSession } from './sessions.repository.ts';
import { knownDevice, rememberDevice } from './known-device.ts';
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

/**
 * Per caller address (and email, for sign-in; or device and email, from a known device):
 * @fastify/rate-limit.
 */
export const LOGIN_RATE_LIMIT = { max: 10, timeWindow: 15 * 60_000 };
/**
 * Per account, from any address but a known device: a botnet gets no more guesses than one
 * machine, and strangers cannot lock the owner's known devices out.
 */
export const SIGN_IN_ACCOUNT_LIMIT = { max: 10, windowMs: 15 * 60_000 };
/** Failed sign-ins per caller address, whatever the accounts: one address cannot spray them all. */
export const SIGN_IN_ADDRESS_LIMIT = { max: 30, windowMs: 15 * 60_000 };
/** Per target address: nobody's mailbox can be flooded with reset links. */
export const RESET_TARGET_LIMIT = { max: 5, windowMs: 60 * 60_000 };

/** The same words for every sign-in limit, whether or not the account exists. */
export const TOO_MANY_SIGN_INS =
  'Too many sign-in attempts. Please wait 15 minutes and try again, or reset your password.';
export const TOO_MANY_RESETS =
  'Too many reset links were requested for this address. Please wait an hour and try again.';
export const TOO_MANY_REQUESTS = 'Too many requests from this address. Please wait 15 minutes and try again.';

const rateLimited = (message: string) => new AppError(429, 'RATE_LIMITED', message);

/** Ends a request with 429 and Retry-After, when the counter says so. */
export async function checkLimit(
  counter: AttemptCounter,
  key: string,
  reply: FastifyReply,
  message: string,
): Promise<void> {
  const verdict = await counter.hit(key);
  if (!verdict.limited) return;
  reply.header('retry-after', Math.ceil(verdict.retryAfterMs / 1000));
  throw rateLimited(message);
}

const accountKey = (email: string) => email.trim().toLowerCase();
const emailOf = (request: FastifyRequest) =>
  accountKey(String((request.body as { email?: unknown } | undefined)?.email ?? ''));

/** TWO_STEP_EXPIRED: the second step's ticket is missing, used or past its 10 minutes. */
const { expired: TWO_STEP_EXPIRED, wrongSignInCode: WRONG_SIGN_IN_CODE } = ACCOUNT_MESSAGES;
/** Per account: a right password gives no more than this many code guesses. */
export const TWO_STEP_CODE_LIMIT = { max: 5, windowMs: 15 * 60_000 };

export async function authRoutes(app: FastifyInstance) {
  const signInFailures = app.attemptCounter('sign-in-account', SIGN_IN_ACCOUNT_LIMIT);
  const signInsPerAddress = app.attemptCounter('sign-in-address', SIGN_IN_ADDRESS_LIMIT);
  const resetRequests = app.attemptCounter('reset-target', RESET_TARGET_LIMIT);
  const codeGuesses = app.attemptCounter('two-step-code', TWO_STEP_CODE_LIMIT);

  /** The session, and the device remembered as one that signed in to the account. */
  async function startSession(
    request: FastifyRequest,
    reply: FastifyReply,
    user: { id: string; email: string },
  ) {
    setSessionCookie(app, reply, await createSession(app.db, user.id, app.config.sessionTtlMs));
    rememberDevice(app, request, reply, accountKey(user.email));
  }

  /** A session, or the two-step ticket first when the account has an authenticator. */
  async function signIn(request: FastifyRequest, reply: FastifyReply, user: { id: string; email: string }) {
    if (await needsTwoStep(app, user.id)) {
      await startTwoStepSignIn(app, reply, user.id);
      return { twoStepRequired: true as const };
    }
    await startSession(request, reply, user);
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
      const address = clientAddressKey(request.ip);
      // A device that signed in to this account before has its own allowance (the route's
      // limit, per device and email) and is held by neither strangers' count below.
      const device = knownDevice(request, account);
      if (!device) {
        await checkLimit(signInsPerAddress, address, reply, TOO_MANY_SIGN_INS);
        await checkLimit(signInFailures, account, reply, TOO_MANY_SIGN_INS);
      }
      const user = await authenticate(app.db, request.body.email, request.body.password);
      // The address's count is of failures: a success gives its attempt back, no more.
      if (!device) await signInsPerAddress.refund(address);
      await signInFailures.clear(account);
      return signIn(request, reply, user);
    },
    {
      rateLimit: {
        ...perAddress(TOO_MANY_SIGN_INS),
        // A first brake per caller and email; the per-account limit holds whatever the address.
        // request.ip is the socket address unless TRUST_PROXY names the proxies in front; an
        // IPv6 /64 counts as one address. A known device counts on its own, so strangers at
        // the owner's address (an office, a NAT) do not use up the owner's allowance.
        keyGenerator: (request) => {
          const account = emailOf(request);
          const device = knownDevice(request, account);
          return `${device ? `device:${device}` : clientAddressKey(request.ip)}|${account}`;
        },
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
      await checkLimit(codeGuesses, ticket.userId, reply, TOO_MANY_SIGN_INS);
      if (!(await useCode(app.db, ticket.userId, request.body.code)))
        throw badRequest('code', WRONG_SIGN_IN_CODE);
      const user = await findUserById(app.db, ticket.userId);
      // Used up here: a second request with the same ticket loses, even in a race.
      const used = await consumeAuthToken(app.db, ticket.token, ['two-step']);
      if (!user || user.disabled || used !== ticket.userId) {
        clearTwoStepCookie(reply);
        throw new AppError(401, 'TWO_STEP_EXPIRED', TWO_STEP_EXPIRED);
      }
      await codeGuesses.clear(ticket.userId);
      clearTwoStepCookie(reply);
      await startSession(request, reply, user);
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
      await checkLimit(resetRequests, accountKey(request.body.email), reply, TOO_MANY_RESETS);
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
      await signInFailures.clear(accountKey(user.email));
      return signIn(request, reply, user);
    },
    { rateLimit: perAddress(TOO_MANY_REQUESTS) },
  );
}
