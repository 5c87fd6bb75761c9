import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { TEXT_LIMITS } from '@preffy/domain';
import { z } from 'zod';
import { clientAddressKey } from '../../lib/client-address.ts';
import { AppError } from '../../lib/errors.ts';
import { overwriteVersioned } from '../../lib/versioned.ts';
import { clearSessionCookie, setSessionCookie } from '../../plugins/session.ts';
import { recordAudit } from '../audit/audit.ts';
import { enqueueEmail } from '../email/outbox.ts';
import { findUserByEmail, findUserById, toPublicUser } from '../users/users.repository.ts';
import { userSchema } from '@preffy/api';
import { AttemptLimiter } from './attempt-limiter.ts';
import { resetPasswordUrl } from './auth-links.ts';
import { consumeAuthToken, mintAuthToken } from './auth-tokens.ts';
import { MIN_PASSWORD_LENGTH, hashPassword, verifyPassword } from './passwords.ts';
import { createSession, deleteSession, deleteUserSessions } from './sessions.ts';

/** The spec's 401 text (doc 1 section 8). */
export const INVALID_CREDENTIALS = 'Invalid credentials';
/** The legacy 'Reset link are sended to your mailbox, check there first.', grammar fixed (decision 0004). */
export const RESET_LINK_SENT = 'A reset link has been sent to your mailbox; check there first.';
export const LANGUAGES = ['en', 'es', 'de', 'it', 'ru'] as const;

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

const userResponse = z.object({ user: userSchema });

export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signInFailures = new AttemptLimiter(SIGN_IN_ACCOUNT_LIMIT);
  const resetRequests = new AttemptLimiter(RESET_TARGET_LIMIT);

  r.get(
    '/api/auth/csrf',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'CSRF token for the x-csrf-token header',
        response: { 200: z.object({ token: z.string() }) },
      },
    },
    async (_request, reply) => ({ token: reply.generateCsrf() }),
  );

  r.post(
    '/api/auth/login',
    {
      config: {
        access: 'public',
        rateLimit: {
          ...LOGIN_RATE_LIMIT,
          // A first brake per caller and email; the per-account limit holds whatever the address.
          // request.ip is the socket address unless TRUST_PROXY names the proxies in front; an
          // IPv6 /64 counts as one address.
          keyGenerator: (request) =>
            `${clientAddressKey(request.ip)}|${accountKey(String((request.body as { email?: unknown } | undefined)?.email ?? ''))}`,
          errorResponseBuilder: () => rateLimited(TOO_MANY_SIGN_INS),
        },
      },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        body: z.object({
          email: z.string().trim().min(1).max(TEXT_LIMITS.email),
          password: z.string().min(1).max(1000),
        }),
        response: { 200: userResponse },
      },
    },
    async (request, reply) => {
      // Counted for any email, known or not, so the 429 does not reveal which accounts exist.
      const account = accountKey(request.body.email);
      checkLimit(signInFailures, account, reply, TOO_MANY_SIGN_INS);
      const user = await findUserByEmail(app.db, request.body.email);
      const valid = await verifyPassword(user?.passwordHash ?? null, request.body.password);
      if (!user || !valid || user.disabled)
        throw new AppError(401, 'INVALID_CREDENTIALS', INVALID_CREDENTIALS);
      signInFailures.clear(account);
      setSessionCookie(app, reply, await createSession(app.db, user.id, app.config.sessionTtlMs));
      return { user: toPublicUser(user) };
    },
  );

  r.post(
    '/api/auth/logout',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], summary: 'Sign out', response: { 200: z.object({ ok: z.boolean() }) } },
    },
    async (request, reply) => {
      if (request.user) await deleteSession(app.db, request.user.sessionId);
      clearSessionCookie(reply);
      return { ok: true };
    },
  );

  r.post(
    '/api/auth/sign-out-everywhere',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['auth'],
        summary: 'Sign out on every device, this one included',
        response: { 200: z.object({ ok: z.boolean(), ended: z.number() }) },
      },
    },
    async (request, reply) => {
      const userId = request.user!.id;
      const ended = await app.db.transaction().execute(async (trx) => {
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
      clearSessionCookie(reply);
      return { ok: true, ended };
    },
  );

  r.get(
    '/api/auth/me',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: userResponse } },
    },
    async (request) => {
      const user = await findUserById(app.db, request.user!.id);
      return { user: toPublicUser(user!) };
    },
  );

  r.patch(
    '/api/auth/me',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['auth'],
        summary: 'Change the signed-in user’s language',
        body: z.object({ language: z.enum(LANGUAGES) }),
        response: { 200: userResponse },
      },
    },
    async (request) => {
      // A user's own preference: last write wins on purpose, there is nothing to merge.
      await overwriteVersioned(app.db, 'users', request.user!.id, { language: request.body.language });
      return { user: toPublicUser((await findUserById(app.db, request.user!.id))!) };
    },
  );

  r.post(
    '/api/auth/forgot-password',
    {
      config: {
        access: 'public',
        rateLimit: { ...LOGIN_RATE_LIMIT, errorResponseBuilder: () => rateLimited(TOO_MANY_REQUESTS) },
      },
      schema: {
        tags: ['auth'],
        summary: 'Email a one-time password reset link',
        body: z.object({ email: z.email('Email is not valid!').max(TEXT_LIMITS.email) }),
        response: { 200: z.object({ ok: z.boolean(), message: z.string() }) },
      },
    },
    async (request, reply) => {
      // Counted per target whether or not it has an account, like everything before the answer.
      checkLimit(resetRequests, accountKey(request.body.email), reply, TOO_MANY_RESETS);
      // Everything that depends on the account happens after the answer: the same answer, in
      // the same time, whether or not the account exists.
      const email = request.body.email;
      app.afterResponse.run(() => sendResetLink(email));
      return { ok: true, message: RESET_LINK_SENT };
    },
  );

  r.post(
    '/api/auth/reset-password',
    {
      config: {
        access: 'public',
        rateLimit: { ...LOGIN_RATE_LIMIT, errorResponseBuilder: () => rateLimited(TOO_MANY_REQUESTS) },
      },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset or invitation token',
        body: z.object({
          token: z.string().min(10).max(200),
          password: z
            .string()
            .min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters`)
            .max(1000),
        }),
        response: { 200: userResponse },
      },
    },
    async (request, reply) => {
      const passwordHash = await hashPassword(request.body.password);
      const userId = await app.db.transaction().execute(async (trx) => {
        const id = await consumeAuthToken(trx, request.body.token, ['reset', 'invite']);
        if (!id) return null;
        const user = await findUserById(trx, id);
        if (!user || user.disabled) return null;
        // The token proves the right to set it: no version to compare, and a 409 here would
        // show the account to whoever holds the link.
        await overwriteVersioned(trx, 'users', id, { passwordHash });
        await deleteUserSessions(trx, id);
        await recordAudit(trx, { actorId: id, entity: 'user', entityId: id, action: 'set-password' });
        return id;
      });
      if (!userId) {
        throw new AppError(
          400,
          'INVALID_TOKEN',
          'This link is invalid or has expired. Please ask for a new one.',
          {
            fieldErrors: { token: ['This link is invalid or has expired. Please ask for a new one.'] },
          },
        );
      }
      setSessionCookie(app, reply, await createSession(app.db, userId, app.config.sessionTtlMs));
      const user = (await findUserById(app.db, userId))!;
      // The owner proved themselves by email: a lockout others caused ends here.
      signInFailures.clear(accountKey(user.email));
      return { user: toPublicUser(user) };
    },
  );

  /** Mints and mails the reset link; runs after the answer (see forgot-password). */
  async function sendResetLink(email: string) {
    const user = await findUserByEmail(app.db, email);
    if (!user || user.disabled) return;
    await app.db.transaction().execute(async (trx) => {
      const { token } = await mintAuthToken(trx, user.id, 'reset', null);
      await enqueueEmail(trx, {
        kind: 'password-reset',
        data: { name: user.name, url: resetPasswordUrl(app.config.publicUrl, token) },
        to: [{ email: user.email, name: user.name }],
        language: user.language,
        related: { entity: 'user', id: user.id },
      });
    });
  }
}
