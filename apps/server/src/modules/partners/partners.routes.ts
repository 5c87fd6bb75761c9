import { submitPostSchema } from '@preffy/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { newId, now } from '../../lib/clock.ts';
import { AppError, unauthorized } from '../../lib/errors.ts';
import { pageOf, pageQuerySchema } from '@preffy/api';
import { likePattern, offsetOf } from '../../lib/paging.ts';
import { softDelete } from '../../lib/versioned.ts';
import { recordAudit } from '../audit/audit.ts';
import { hashToken, newSecretToken } from '../auth/secret-tokens.ts';
import { addPost } from '../posts/posts.service.ts';
// One public shape for lists, the POST answer and a stale revoke's 409 (lib/public-shapes.ts).
import { partnerKeySchema as keySchema } from './partner-key.dto.ts';

export const MAX_INGEST_POSTS = 100;

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
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/partner-keys',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['partners'],
        summary: 'Partner API keys (never the keys themselves)',
        querystring: pageQuerySchema,
        response: { 200: pageOf(keySchema) },
      },
    },
    async (request) => {
      const q = request.query;
      let base = app.db.selectFrom('partnerApiKeys').where('deleted', '=', 0);
      if (q.search)
        base = base.where((eb) => eb(eb.fn('lower', ['name']), 'like', likePattern(q.search!.toLowerCase())));
      const [items, count] = await Promise.all([
        base.selectAll().orderBy('createdAt', 'desc').limit(q.pageSize).offset(offsetOf(q)).execute(),
        base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { items, total: Number(count.total) };
    },
  );

  r.post(
    '/api/partner-keys',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['partners'],
        summary: 'Make a partner key: the key is in this answer only',
        body: z.object({ name: z.string().trim().min(1, 'Please enter a name').max(100) }),
        response: { 201: z.object({ key: z.string(), item: keySchema }) },
      },
    },
    async (request, reply) => {
      const key = `pk_${newSecretToken()}`;
      const at = now();
      const item = {
        id: newId(),
        version: 1,
        deleted: 0 as const,
        createdAt: at,
        updatedAt: at,
        name: request.body.name,
        keyHash: hashToken(key),
        keyPrefix: key.slice(0, 10),
        createdBy: request.user!.id,
        lastUsedAt: null,
      };
      await app.db.transaction().execute(async (trx) => {
        await trx.insertInto('partnerApiKeys').values(item).execute();
        await recordAudit(trx, {
          actorId: request.user!.id,
          entity: 'partner-key',
          entityId: item.id,
          action: 'create',
        });
      });
      return reply.code(201).send({ key, item });
    },
  );

  r.delete(
    '/api/partner-keys/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['partners'],
        summary: 'Revoke a partner key (it stops working at once)',
        params: z.object({ id: z.string() }),
        querystring: z.object({ version: z.coerce.number().int().min(1) }),
        response: { 200: z.object({ ok: z.boolean() }) },
      },
    },
    async (request) => {
      await app.db.transaction().execute(async (trx) => {
        await softDelete(trx, 'partnerApiKeys', request.params.id, request.query.version);
        await recordAudit(trx, {
          actorId: request.user!.id,
          entity: 'partner-key',
          entityId: request.params.id,
          action: 'revoke',
        });
      });
      return { ok: true };
    },
  );

  r.post(
    '/api/ingest/posts',
    {
      // Authenticated by the partner key, not a session: no cookies, so no CSRF.
      config: {
        access: 'public',
        csrf: false,
        // Per address: a caller cannot get a fresh allowance by presenting made-up keys.
        rateLimit: { max: 120, timeWindow: 60_000 },
      },
      schema: {
        tags: ['partners'],
        summary: `Partner ingestion: up to ${MAX_INGEST_POSTS} entries for one competition (x-api-key header); each answered on its own`,
        body: z.object({
          competitionId: z.string().min(1).max(100),
          posts: z.array(submitPostSchema).min(1).max(MAX_INGEST_POSTS),
        }),
        response: {
          200: z.object({
            accepted: z.number(),
            results: z.array(
              z.object({
                index: z.number(),
                ok: z.boolean(),
                link: z.string().optional(),
                error: z.string().optional(),
              }),
            ),
          }),
        },
      },
    },
    async (request) => {
      const key = presentedKey(request);
      const partner = key
        ? await app.db
            .selectFrom('partnerApiKeys')
            .select('id')
            .where('keyHash', '=', hashToken(key))
            .where('deleted', '=', 0)
            .executeTakeFirst()
        : undefined;
      if (!partner) throw unauthorized('A valid partner API key is needed (x-api-key header)');
      await app.db
        .updateTable('partnerApiKeys')
        .set({ lastUsedAt: now() })
        .where('id', '=', partner.id)
        .execute();
      const results = [];
      for (const [index, post] of request.body.posts.entries()) {
        try {
          const saved = await addPost(
            app.db,
            { ...post, competitionId: request.body.competitionId, source: 'genni' },
            { shortLinkBaseUrl: app.config.shortLinkBaseUrl, timeoutMs: app.config.providers.timeoutMs },
          );
          results.push({ index, ok: true, link: saved.link });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          results.push({ index, ok: false, error: error.message });
        }
      }
      return { accepted: results.filter((r) => r.ok).length, results };
    },
  );
}
