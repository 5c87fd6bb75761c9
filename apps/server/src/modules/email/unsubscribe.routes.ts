import { email, urlOf } from '@preffy/api';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { route } from '../../lib/contract-route.ts';
import { escapeHtml } from './escape-html.ts';
import { setUnsubscribed } from '../winners/index.ts';
import { verifyUnsubscribe } from './unsubscribe.ts';

function page(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="font-family:Arial,sans-serif;max-width:560px;margin:48px auto;line-height:1.5"><h1>${escapeHtml(title)}</h1>${body}</body></html>`,
    );
}

/**
 * One click unsubscribes: the link in the email (GET) and the List-Unsubscribe-Post request
 * that mail clients send (POST, RFC 8058, without cookies, hence no CSRF token).
 * The page offers to undo, in case a link scanner or a slip of the finger did it.
 */
export async function unsubscribeRoutes(app: FastifyInstance) {
  // Mail clients post 'List-Unsubscribe=One-Click' as a form; everything we need is in the query.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) =>
    done(null, {}),
  );
  const handle = async (e: string, t: string, subscribe: boolean, reply: FastifyReply) => {
    const address = verifyUnsubscribe(app.config.cookieSecret, e, t);
    if (!address)
      return page(
        reply,
        400,
        'This link is not valid',
        '<p>Please use the link from your most recent email.</p>',
      );
    await setUnsubscribed(app.db, address, !subscribe);
    const action = urlOf(email.unsubscribeOneClick, {}, { e, t, resubscribe: subscribe ? 0 : 1 });
    return subscribe
      ? page(
          reply,
          200,
          'You are subscribed again',
          `<p>${escapeHtml(address)} will get Preffy competition emails again.</p>`,
        )
      : page(
          reply,
          200,
          'You are unsubscribed',
          `<p>${escapeHtml(address)} will get no more Preffy competition emails.</p><form method="post" action="${escapeHtml(action)}"><button type="submit">Undo: subscribe me again</button></form>`,
        );
  };

  route(app, email.unsubscribe, async (request, reply) =>
    handle(request.query.e, request.query.t, false, reply),
  );
  route(app, email.unsubscribeOneClick, async (request, reply) =>
    handle(request.query.e, request.query.t, request.query.resubscribe === '1', reply),
  );
}
