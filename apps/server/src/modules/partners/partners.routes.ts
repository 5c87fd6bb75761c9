import { partners } from '@preffy/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../lib/contract-route.ts';
import { listPartnerKeys } from './partners.repository.ts';
import { createPartnerKey, ingestPosts, revokePartnerKey } from './partners.service.ts';

/** The partner key of a request: `x-api-key: …` or `Authorization: Bearer …`. */
function presentedKey(request: FastifyRequest) {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string' && header) return header;
  const auth = request.headers.authorization;
  return auth?.startsWith('Bearer ') ? auth.slice(7) : undefined;
}

/**
 * Partner ingestion for the sister brand: admins make and revoke keys (shown once, only a hash
 * kept); partners post entries with a key, and those posts carry source 'genni'.
 */
export async function partnersRoutes(app: FastifyInstance) {
  route(app, partners.listKeys, async (request) => listPartnerKeys(app.db, request.query));

  route(app, partners.createKey, async (request, reply) =>
    reply.code(201).send(await createPartnerKey(app.db, request.user!, request.body.name)),
  );

  route(app, partners.revokeKey, async (request) => {
    await revokePartnerKey(app.db, request.user!, request.params.id, request.query.version);
    return { ok: true };
  });

  route(
    app,
    partners.ingestPosts,
    async (request) =>
      ingestPosts(app.db, presentedKey(request), request.body, {
        shortLinkBaseUrl: app.config.shortLinkBaseUrl,
        timeoutMs: app.config.providers.timeoutMs,
        timeZone: app.config.businessTimeZone,
      }),
    // Per address: a caller cannot get a fresh allowance by presenting made-up keys.
    { rateLimit: { max: 120, timeWindow: 60_000 } },
  );
}
