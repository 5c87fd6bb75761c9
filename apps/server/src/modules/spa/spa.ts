import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  LANGUAGES,
  type Language,
  PRERENDERED_PAGES,
  type PrerenderedPage,
  isServerDrawnPage,
  prerenderedFile,
  prerenderedLanguageFor,
  prerenderedPageFor,
} from '@preffy/api';
import {
  consumeAuthToken,
  createSession,
  findUserById,
  needsTwoStep,
  startTwoStepSignIn,
} from '../auth/index.ts';
import { setSessionCookie } from '../../plugins/session.ts';
import { AppError } from '../../lib/errors.ts';
import { type ApiTransport, pageRenderer } from './server-render.ts';

/**
 * What a signed-in page the server draws depends on: the user (their cookie), their language, and
 * whether it was opened from this app or another site.
 */
const SERVER_DRAWN_VARY = 'Cookie, Accept-Language, Sec-Fetch-Site';

/** The public competition page's address (its id is one path segment). */
const PUBLIC_COMPETITION_PAGE = /^\/c\/([^/]+)\/?$/;

export const LOGIN_TOKEN_PARAM = 'LoginToken';

/** The URL without its LoginToken, so the token never stays in the address bar or history. */
export function withoutLoginToken(url: string): string {
  const parsed = new URL(url, 'http://local');
  parsed.searchParams.delete(LOGIN_TOKEN_PARAM);
  return parsed.pathname + parsed.search + parsed.hash;
}

/**
 * Serves the built web app and exchanges legacy `?LoginToken=` links for a session cookie.
 * The exchange happens here, before any HTML or script loads, so the token never reaches
 * page scripts or a Referer header, and request logs strip it (see app.ts serializers).
 */
export async function registerSpa(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || request.url.startsWith('/api/')) return;
    const token = (request.query as Record<string, unknown> | undefined)?.[LOGIN_TOKEN_PARAM];
    if (typeof token !== 'string') return;
    const userId = await consumeAuthToken(app.db, token, ['sign-in']);
    const user = userId ? await findUserById(app.db, userId) : undefined;
    // Links are never minted for admins; one minted before its user became an admin opens
    // nothing either (the token is used up all the same), like an expired one.
    if (!user || user.disabled || user.role === 'admin') return reply.redirect('/login?link=invalid', 302);
    // A link replaces the password, never the authenticator.
    if (await needsTwoStep(app, user.id)) {
      await startTwoStepSignIn(app, reply, user.id);
      return reply.header('Cache-Control', 'no-store').redirect('/login?step=two-step', 302);
    }
    setSessionCookie(app, reply, await createSession(app.db, user.id, app.config.sessionTtlMs));
    return reply.header('Cache-Control', 'no-store').redirect(withoutLoginToken(request.url), 302);
  });

  const dist = app.config.webDistDir;
  const hasBuild = existsSync(path.join(dist, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      // The build writes name.br and name.gz beside each text file (apps/web/precompress.ts).
      preCompressed: true,
      setHeaders: (res, filePath) => {
        // Vite puts a content hash in every asset name, so assets never change under a URL.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn(`No web build in ${dist}: run "npm run build" to serve the app`);
  }

  // The public competition page, drawn per request (a missing one: the app says so itself).
  const renderer = pageRenderer(dist, app.db, app.log);
  // Loaded once the server listens, so the first page drawn does not wait for it (start-up never does).
  app.addHook('onReady', () => {
    renderer.warm();
    return Promise.resolve();
  });
  const servePublicCompetition = async (reply: FastifyReply, id: string, language: Language) => {
    let html: string | null = null;
    try {
      html = await renderer.publicCompetition(decodeURIComponent(id), language);
    } catch (error) {
      // A missing (or malformed) id: the app says so itself. Anything else is logged.
      if (!(error instanceof URIError || (error instanceof AppError && error.statusCode === 404)))
        app.log.warn(
          { err: error },
          'The public competition page was not drawn: sent to be drawn in the browser',
        );
    }
    if (html === null) return reply.sendFile('index.html');
    return reply.header('Vary', 'Accept-Language').type('text/html; charset=utf-8').send(html);
  };

  /**
   * How a signed-in page's drawing asks the API: this server's own routes, as the user whose
   * request it is (their cookie, their address for the rate limits), for reads only.
   */
  const asUser =
    (request: FastifyRequest): ApiTransport =>
    async (url, init) => {
      if ((init.method ?? 'GET') !== 'GET') throw new Error('A page is drawn with reads only');
      const answer = await app.inject({
        method: 'GET',
        url,
        headers: { accept: 'application/json', cookie: request.headers.cookie ?? '' },
        remoteAddress: request.ip,
      });
      const bodyless = answer.statusCode === 204 || answer.statusCode === 304;
      return new Response(bodyless ? null : answer.payload, {
        status: answer.statusCode,
        headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
      });
    };
  const serveSignedIn = async (request: FastifyRequest, reply: FastifyReply) => {
    const user = request.user!;
    const language =
      LANGUAGES.find((l) => l === user.language) ??
      prerenderedLanguageFor(request.headers['accept-language']);
    let html: string | null = null;
    try {
      html = await renderer.signedIn(request.url, language, asUser(request));
    } catch (error) {
      app.log.warn({ err: error }, 'A signed-in page was not drawn: sent to be drawn in the browser');
    }
    // The user's own data: never kept by a shared cache, nor by the browser.
    reply.header('Cache-Control', 'private, no-store');
    if (html === null) return reply.sendFile('index.html');
    return reply.type('text/html; charset=utf-8').send(html);
  };

  // Pages the build drew as HTML (apps/web/prerender-pages.ts); an older build may have none.
  // Looked up once at start, not on every request.
  const built = new Set(
    (Object.keys(PRERENDERED_PAGES) as PrerenderedPage[])
      .flatMap((page) => LANGUAGES.map((language) => prerenderedFile(page, language)))
      .filter((file) => existsSync(path.join(dist, file))),
  );
  const prerendered = (page: PrerenderedPage, language: string) => {
    const file = prerenderedFile(page, language);
    return built.has(file) ? file : null;
  };

  return {
    /**
     * For the not-found handler: app routes are client-side, so pages get index.html, or the
     * page already drawn in the browser's language when the build prerendered it.
     */
    servePage: hasBuild
      ? (request: FastifyRequest, reply: FastifyReply) => {
          reply.header('Cache-Control', 'no-cache');
          if (reply.statusCode !== 200) return reply.sendFile('index.html');
          const language = prerenderedLanguageFor(request.headers['accept-language']);
          const pagePath = request.url.split('?')[0]!;
          const competitionId = PUBLIC_COMPETITION_PAGE.exec(pagePath)?.[1];
          if (competitionId) return servePublicCompetition(reply, competitionId, language);
          if (isServerDrawnPage(pagePath)) {
            // Drawn or plain by all three, whichever this answer is.
            reply.header('Vary', SERVER_DRAWN_VARY);
            // Drawn only when the user opened it from the app or the address bar: another site
            // that sends them here must not learn from the page's timing what it holds.
            const site = request.headers['sec-fetch-site'];
            if (
              request.user &&
              !request.user.locked &&
              (site === undefined || site === 'same-origin' || site === 'none')
            )
              return serveSignedIn(request, reply);
          }
          const page = prerenderedPageFor(request.url);
          const file = page && prerendered(page, language);
          if (!file) return reply.sendFile('index.html');
          return reply.header('Vary', 'Accept-Language').sendFile(file);
        }
      : null,
  };
}
