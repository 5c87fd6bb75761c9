import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SessionUser } from './types.ts';

export const SESSION_COOKIE = 'preffy_session';

/** Loads `request.user` from the session cookie on every request, with the auth area's lookup. */
export function registerSessionLoader(
  app: FastifyInstance,
  findSessionUser: (token: string) => Promise<SessionUser | null>,
) {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) request.user = await findSessionUser(token);
  });
}

export function setSessionCookie(app: FastifyInstance, reply: FastifyReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.publicUrl.startsWith('https://'),
    path: '/',
    maxAge: Math.floor(app.config.sessionTtlMs / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
