import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/database.ts';
import type { IdempotencyKeysTable } from '../db/schema.ts';
import { newId, now } from '../lib/clock.ts';
import { AppError, badRequest } from '../lib/errors.ts';

/**
 * Idempotent submissions: a route declares `config: { idempotent: true }`, and a request to it
 * that carries an `Idempotency-Key` header runs at most once per caller and key for 24 hours.
 * The same key and request again gets the first answer replayed (`Idempotent-Replayed: true`);
 * the same key with another request is refused (422); a duplicate arriving while the first
 * still runs waits for its answer briefly, then gets 409. Without the header a route works as
 * before. Only answers below 400 are kept: a refused or failed request did no work, so its key
 * is released and a retry with the same key runs again.
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
export const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** A reservation this old belongs to a request that died with its process; a retry may take it over. */
export const ABANDONED_AFTER_MS = 5 * 60 * 1000;
const WAIT_FOR_FIRST_MS = 2_000;
const POLL_MS = 100;

export const KEY_MESSAGE = 'Idempotency-Key must be 1 to 200 printable characters';
export const IN_PROGRESS_MESSAGE = 'A request with this Idempotency-Key is still being processed';
export const REUSED_MESSAGE = 'This Idempotency-Key was already used for a different request';

const OPENAPI_NOTE =
  'Accepts an `Idempotency-Key` header (1–200 printable characters): the same key and body within 24 h ' +
  'replays the first answer (`Idempotent-Replayed: true`), another body is refused with 422, and a ' +
  'duplicate still running gets 409.';
// Printable ASCII; HTTP already trims spaces at either end, so a key of spaces arrives empty.
const keySchema = z.string().regex(/^[\x20-\x7e]{1,200}$/, KEY_MESSAGE);
const IDEMPOTENT_METHODS = new Set(['POST', 'PUT', 'PATCH']);

declare module 'fastify' {
  interface FastifyInstance {
    /** 'METHOD /url' of every route that honours Idempotency-Key; a test lists them. */
    idempotentRoutes: string[];
  }
  interface FastifyContextConfig {
    /**
     * Honour the Idempotency-Key header: every operation that must not run twice declares it.
     * Not for answers that carry a secret (a new API key): the answer is stored for 24 hours.
     */
    idempotent?: boolean;
  }
}

type Reservation = { id: string };
type StoredKey = Pick<IdempotencyKeysTable, 'requestHash' | 'status' | 'responseStatus' | 'responseBody'>;

/** Requests that hold a key; onSend stores or releases it. Replays and key-less requests are absent. */
const reservations = new WeakMap<FastifyRequest, Reservation>();

export function registerIdempotency(app: FastifyInstance) {
  app.decorate('idempotentRoutes', []);
  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    const methods = [route.method].flat();
    const notAMutation = methods.find((m) => !IDEMPOTENT_METHODS.has(m));
    if (notAMutation) throw new Error(`Route ${notAMutation} ${route.url} cannot be idempotent`);
    for (const method of methods) app.idempotentRoutes.push(`${method} ${route.url}`);
    // The reference at /preffy/api says so, from the same declaration.
    if (route.schema)
      route.schema.description = [route.schema.description, OPENAPI_NOTE].filter(Boolean).join('\n\n');
  });

  // preHandler: after access, CSRF and body validation, so a refused request never holds a key.
  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config?.idempotent) return;
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return;
    const parsed = keySchema.safeParse(header);
    if (!parsed.success) throw badRequest(IDEMPOTENCY_HEADER, KEY_MESSAGE);

    const claim = {
      scope: request.user ? `user:${request.user.id}` : `anonymous:${request.ip}`,
      key: parsed.data,
      method: request.method,
      route: request.routeOptions.url ?? request.url,
      requestHash: fingerprint(request),
    };
    const deadline = now() + WAIT_FOR_FIRST_MS;
    for (;;) {
      const outcome = await reserveKey(app.db, claim);
      if ('reserved' in outcome) {
        reservations.set(request, outcome.reserved);
        return;
      }
      const stored = outcome.existing;
      if (stored) {
        if (stored.requestHash !== claim.requestHash)
          throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED', REUSED_MESSAGE);
        if (stored.status === 'done') return replay(reply, stored);
        if (now() >= deadline) throw new AppError(409, 'IDEMPOTENCY_IN_PROGRESS', IN_PROGRESS_MESSAGE);
        await sleep(POLL_MS);
      }
      // No row: the first request was released between our insert and read; try again at once.
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const reservation = reservations.get(request);
    if (!reservation) return payload;
    reservations.delete(request);
    try {
      if (reply.statusCode < 400 && typeof payload === 'string') {
        await app.db
          .updateTable('idempotencyKeys')
          .set({ status: 'done', responseStatus: reply.statusCode, responseBody: payload })
          .where('id', '=', reservation.id)
          .execute();
      } else {
        await app.db.deleteFrom('idempotencyKeys').where('id', '=', reservation.id).execute();
      }
    } catch (err) {
      // The work is done and its answer must still reach the caller; the key becomes
      // abandoned and a retry after ABANDONED_AFTER_MS runs again.
      request.log.error({ err }, 'could not record the Idempotency-Key answer');
    }
    return payload;
  });
}

/** What makes two requests "the same": method, address (params, query) and validated body. */
function fingerprint(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');
}

/**
 * Reserves the key with one insert that the unique (scope, key) index makes atomic: of two
 * racing requests exactly one inserts. Expired and abandoned reservations are purged first,
 * here because it is cheap (an index range) and needs no scheduler.
 */
async function reserveKey(
  db: Database,
  request: Pick<IdempotencyKeysTable, 'scope' | 'key' | 'method' | 'route' | 'requestHash'>,
): Promise<{ reserved: Reservation } | { existing: StoredKey | undefined }> {
  const at = now();
  await db
    .deleteFrom('idempotencyKeys')
    .where((eb) =>
      eb.or([
        eb('createdAt', '<', at - KEY_LIFETIME_MS),
        eb.and([
          eb('scope', '=', request.scope),
          eb('key', '=', request.key),
          eb('status', '=', 'in-progress'),
          eb('createdAt', '<', at - ABANDONED_AFTER_MS),
        ]),
      ]),
    )
    .execute();
  const id = newId();
  const inserted = await db
    .insertInto('idempotencyKeys')
    .values({
      id,
      ...request,
      status: 'in-progress',
      responseStatus: null,
      responseBody: null,
      createdAt: at,
    })
    .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return { reserved: { id } };
  const existing = await db
    .selectFrom('idempotencyKeys')
    .select(['requestHash', 'status', 'responseStatus', 'responseBody'])
    .where('scope', '=', request.scope)
    .where('key', '=', request.key)
    .executeTakeFirst();
  return { existing };
}

/** The first answer again, byte for byte (it was stored after serialisation). */
function replay(reply: FastifyReply, stored: StoredKey) {
  return reply
    .code(stored.responseStatus ?? 200)
    .header(REPLAYED_HEADER, 'true')
    .type('application/json; charset=utf-8')
    .send(stored.responseBody ?? '');
}
