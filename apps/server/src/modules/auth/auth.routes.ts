import { auth } from '@preffy/api';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { clientAddressKey } from '../../lib/client-address.ts';
import { route } from '../../lib/contract-route.ts';
import { AppError } from '../../lib/errors.ts';
import { clearSessionCookie, setSessionCookie } from '../../plugins/session.ts';
import { toPublicUser } from '../users/users.repository.ts';
import { AttemptLimiter } from './attempt-limiter.ts';
import {
  authenticate,
  resetPassword,
  sendResetLink,
  setOwnLanguage,
  signOutEverywhere,
} from './auth.service.ts';
import { createSession, deleteSession } from './sessions.ts';
import { ownAccount } from '../account/account.service.ts';

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

export async function authRoutes(app: FastifyInstance) {
  const signInFailures = new AttemptLimiter(SIGN_IN_ACCOUNT_LIMIT);
  const resetRequests = new AttemptLimiter(RESET_TARGET_LIMIT);
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
      setSessionCookie(app, reply, await createSession(app.db, user.id, app.config.sessionTtlMs));
      return { user: toPublicUser(user) };
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
    ...(await ownAccount(app.db, request.user!.id)),
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
      setSessionCookie(app, reply, await createSession(app.db, user.id, app.config.sessionTtlMs));
      // The owner proved themselves by email: a lockout others caused ends here.
      signInFailures.clear(accountKey(user.email));
      return { user: toPublicUser(user) };
    },
    { rateLimit: perAddress(TOO_MANY_REQUESTS) },
  );
}
