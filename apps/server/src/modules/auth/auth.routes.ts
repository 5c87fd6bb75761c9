import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { updateVersioned } from '../../lib/versioned.ts';
import { clearSessionCookie, setSessionCookie } from '../../plugins/session.ts';
import { recordAudit } from '../audit/audit.ts';
import { enqueueEmail } from '../email/outbox.ts';
import { findUserByEmail, findUserById, toPublicUser, userSchema } from '../users/users.repository.ts';
import { consumeAuthToken, mintAuthToken } from './auth-tokens.ts';
import { MIN_PASSWORD_LENGTH, hashPassword, verifyPassword } from './passwords.ts';
import { createSession, deleteSession, deleteUserSessions } from './sessions.ts';

/** The spec's 401 text (doc 1 section 8). */
export const INVALID_CREDENTIALS = 'Invalid credentials';
/** The legacy 'Reset link are sended to your mailbox, check there first.', grammar fixed (decision 0004). */
export const RESET_LINK_SENT = 'A reset link has been sent to your mailbox; check there first.';
export const LANGUAGES = ['en', 'es', 'de', 'it', 'ru'] as const;

export const LOGIN_RATE_LIMIT = { max: 10, timeWindow: 15 * 60_000 };

const userResponse = z.object({ user: userSchema });

export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

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
          // Per IP and email: one attacker cannot lock out a user from another network.
          keyGenerator: (request) =>
            `${request.ip}|${String((request.body as { email?: unknown } | undefined)?.email ?? '').toLowerCase()}`,
        },
      },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        body: z.object({ email: z.string().trim().min(1).max(254), password: z.string().min(1).max(1000) }),
        response: { 200: userResponse },
      },
    },
    async (request, reply) => {
      const user = await findUserByEmail(app.db, request.body.email);
      const valid = await verifyPassword(user?.passwordHash ?? null, request.body.password);
      if (!user || !valid || user.disabled)
        throw new AppError(401, 'INVALID_CREDENTIALS', INVALID_CREDENTIALS);
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
      const current = await findUserById(app.db, request.user!.id);
      await updateVersioned(app.db, 'users', current!.id, current!.version, {
        language: request.body.language,
      });
      return { user: toPublicUser((await findUserById(app.db, current!.id))!) };
    },
  );

  r.post(
    '/api/auth/forgot-password',
    {
      config: { access: 'public', rateLimit: LOGIN_RATE_LIMIT },
      schema: {
        tags: ['auth'],
        summary: 'Email a one-time password reset link',
        body: z.object({ email: z.email('Email is not valid!') }),
        response: { 200: z.object({ ok: z.boolean(), message: z.string() }) },
      },
    },
    async (request) => {
      const user = await findUserByEmail(app.db, request.body.email);
      // The same answer whether or not the account exists: no probing for accounts.
      if (user && !user.disabled) {
        await app.db.transaction().execute(async (trx) => {
          const { token } = await mintAuthToken(trx, user.id, 'reset', null);
          await enqueueEmail(trx, {
            kind: 'password-reset',
            data: { name: user.name, url: `${app.config.publicUrl}/reset-password#token=${token}` },
            to: [{ email: user.email, name: user.name }],
            language: user.language,
            related: { entity: 'user', id: user.id },
          });
        });
      }
      return { ok: true, message: RESET_LINK_SENT };
    },
  );

  r.post(
    '/api/auth/reset-password',
    {
      config: { access: 'public', rateLimit: LOGIN_RATE_LIMIT },
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
        await updateVersioned(trx, 'users', id, user.version, { passwordHash });
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
      return { user: toPublicUser((await findUserById(app.db, userId))!) };
    },
  );
}
