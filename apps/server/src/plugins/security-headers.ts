import { EMBED_ORIGINS } from '@preffy/domain';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Helmet's security headers on every answer (pages, API answers, errors, 404s), and
 * Strict-Transport-Security when the browser came over HTTPS.
 *
 * Helmet's middleware is built once, here. @fastify/helmet built it again for every request
 * (options merged, each header's middleware made, the CSP's directives parsed; decision 0084).
 */
export function registerSecurityHeaders(app: FastifyInstance, { https }: { https: boolean }) {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        // On plain-http installs (a laptop, a test run) upgrading would break every asset.
        upgradeInsecureRequests: https ? [] : null,
        // The review cards embed the platforms' players, and nothing else.
        frameSrc: [...EMBED_ORIGINS],
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    // Sent below, and only over HTTPS: browsers ignore it over plain http (RFC 6797 §8.1).
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    // Behind a trusted proxy, the protocol is the one the browser used (X-Forwarded-Proto).
    if (request.protocol === 'https')
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    setHeaders(request.raw, reply.raw, () => done());
  });
}
