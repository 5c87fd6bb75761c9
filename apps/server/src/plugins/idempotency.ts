import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { now } from '../lib/clock.ts';
import { AppError, badRequest } from '../lib/errors.ts';
import {
  type Reservation,
  type StoredKey,
  releaseKey,
  reserveKey,
  storeAnswer,
} from './idempotency.repository.ts';

/**
 * Idempotent submissions: a route declares `config: { idempotent: true }`, and a request to it
 * that carries an `Idempotency-Key` header runs at most once per caller and key for 24 hours.
 * The same key and request again gets the first answer replayed (`Idempotent-Replayed: true`);
 * the same key with another request is refused (422); a duplicate arriving while the first
 * still runs waits for its answer briefly, then gets 409. Without the header a route works as
 * before, unless it declares `idempotent: 'required'` (it mails many people or moves money):
 * then it is refused with 428 (decision 0119). Only answers below 400 are kept: a refused or
 * failed request did no work, so its key is released and a retry with the same key runs again.
 * A reservation names the instance running it; when that instance stops beating (it died),
 * a retry takes the reservation over (plugins/instance-heartbeat.ts).
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
export const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;
/**
 * A reservation this old is taken over whoever holds it: the bound for a reservation made before
 * instances were recorded (migration 0031), and for a request stuck that long on a live instance.
 */
export const ABANDONED_AFTER_MS = 5 * 60 * 1000;
const WAIT_FOR_FIRST_MS = 2_000;
const POLL_MS = 100;

export const KEY_MESSAGE = 'Idempotency-Key must be 1 to 200 printable characters';
export const IN_PROGRESS_MESSAGE = 'A request with this Idempotency-Key is still being processed';
export const REUSED_MESSAGE = 'This Idempotency-Key was already used for a different request';
export const KEY_REQUIRED_MESSAGE =
  'This request sends email to many people or moves money: send it with an Idempotency-Key header, the same for its retries';

const OPENAPI_NOTE =
  'Accepts an `Idempotency-Key` header (1–200 printable characters): the same key and body within 24 h ' +
  'replays the first answer (`Idempotent-Replayed: true`), another body is refused with 422, and a ' +
  'duplicate still running gets 409.';
const REQUIRED_NOTE = 'The header is required here: without it the request is refused with 428.';
// Printable ASCII; HTTP already trims spaces at either end, so a key of spaces arrives empty.
const keySchema = z.string().regex(/^[\x20-\x7e]{1,200}$/, KEY_MESSAGE);
const IDEMPOTENT_METHODS = new Set(['POST', 'PUT', 'PATCH']);

declare module 'fastify' {
  interface FastifyInstance {
    /** 'METHOD /url' of every route that honours Idempotency-Key; a test lists them. */
    idempotentRoutes: string[];
    /** Those of them that refuse a request without the key (428); a test lists them. */
    keyRequiredRoutes: string[];
  }
  interface FastifyContextConfig {
    /**
     * Honour the Idempotency-Key header: every operation that must not run twice declares it.
     * Not for answers that carry a secret (a new API key): the answer is stored for 24 hours.
     * 'required': a request without the key is refused (428), for routes that mail many people
     * or move money, where a repeated request would do it twice.
     */
    idempotent?: boolean | 'required';
  }
}

/** Requests that hold a key; onSend stores or releases it. Replays and key-less requests are absent. */
const reservations = new WeakMap<FastifyRequest, Reservation>();

/** This process and how long its silence must last before its reservations are taken over. */
export type IdempotencyOwner = { instanceId: string; deadAfterMs: number };

export function registerIdempotency(app: FastifyInstance, owner: IdempotencyOwner) {
  app.decorate('idempotentRoutes', []);
  app.decorate('keyRequiredRoutes', []);
  app.addHook('onRoute', (route) => {
    const idempotent = route.config?.idempotent;
    if (!idempotent) return;
    const methods = [route.method].flat();
    const notAMutation = methods.find((m) => !IDEMPOTENT_METHODS.has(m));
    if (notAMutation) throw new Error(`Route ${notAMutation} ${route.url} cannot be idempotent`);
    for (const method of methods) {
      app.idempotentRoutes.push(`${method} ${route.url}`);
      if (idempotent === 'required') app.keyRequiredRoutes.push(`${method} ${route.url}`);
    }
    // The reference at /preffy/api says so, from the same declaration.
    const notes = [OPENAPI_NOTE, ...(idempotent === 'required' ? [REQUIRED_NOTE] : [])];
    if (route.schema)
      route.schema.description = [route.schema.description, ...notes].filter(Boolean).join('\n\n');
  });

  // preHandler: after access, CSRF and body validation, so a refused request never holds a key.
  app.addHook('preHandler', async (request, reply) => {
    const idempotent = request.routeOptions.config?.idempotent;
    if (!idempotent) return;
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) {
      if (idempotent === 'required')
        throw new AppError(428, 'IDEMPOTENCY_KEY_REQUIRED', KEY_REQUIRED_MESSAGE);
      return;
    }
    const parsed = keySchema.safeParse(header);
    if (!parsed.success) throw badRequest(IDEMPOTENCY_HEADER, KEY_MESSAGE);

    const claim = {
      scope: request.user ? `user:${request.user.id}` : `anonymous:${request.ip}`,
      key: parsed.data,
      method: request.method,
      route: request.routeOptions.url ?? request.url,
      requestHash: fingerprint(request),
      ownerInstance: owner.instanceId,
    };
    const deadline = now() + WAIT_FOR_FIRST_MS;
    for (;;) {
      const at = now();
      const outcome = await reserveKey(app.db, claim, at, {
        expiredBefore: at - KEY_LIFETIME_MS,
        abandonedBefore: at - ABANDONED_AFTER_MS,
        deadSince: at - owner.deadAfterMs,
      });
      if ('reserved' in outcome) {
        reservations.set(request, outcome.reserved);
        return;
      }
      const stored = outcome.existing;
      if (stored) {
        if (stored.requestHash !== claim.requestHash)
          throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED', REUSED_MESSAGE);
        if (stored.status === 'done') return replay(reply, stored);
        // The first is still running on a live instance: it may yet do the work.
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
      if (reply.statusCode < 400 && typeof payload === 'string')
        await storeAnswer(app.db, reservation, reply.statusCode, payload);
      else await releaseKey(app.db, reservation);
    } catch (err) {
      // The work is done and its answer must still reach the caller; the key stays in progress
      // and a retry after ABANDONED_AFTER_MS (or once this instance is dead) runs again.
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

/** The first answer again, byte for byte (it was stored after serialisation). */
function replay(reply: FastifyReply, stored: StoredKey) {
  return reply
    .code(stored.responseStatus ?? 200)
    .header(REPLAYED_HEADER, 'true')
    .type('application/json; charset=utf-8')
    .send(stored.responseBody ?? '');
}
