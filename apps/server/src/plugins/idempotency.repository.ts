import type { Database } from '../db/database.ts';
import type { IdempotencyKeysTable } from '../db/schema.ts';
import { newId } from '../lib/clock.ts';

export type Reservation = { id: string };
export type StoredKey = Pick<
  IdempotencyKeysTable,
  'requestHash' | 'status' | 'responseStatus' | 'responseBody'
>;
type Claim = Pick<
  IdempotencyKeysTable,
  'scope' | 'key' | 'method' | 'route' | 'requestHash' | 'ownerInstance'
>;

/** When a reservation is no longer anybody's: older than these, or its instance silent since `deadSince`. */
export type TakeoverBounds = { expiredBefore: number; abandonedBefore: number; deadSince: number };

/**
 * Reserves the key with one insert that the unique (scope, key) index makes atomic: of two
 * racing requests exactly one inserts. Expired reservations, and this key's reservation if its
 * request can no longer finish, are purged first, here because it is cheap (an index range)
 * and needs no scheduler. A request can no longer finish when its instance has not beaten since
 * `deadSince` (a `kill -9`; decision 0119), or, for a reservation that names no instance (made
 * before migration 0031), when it is older than `abandonedBefore`.
 */
export async function reserveKey(
  db: Database,
  claim: Claim,
  at: number,
  bounds: TakeoverBounds,
): Promise<{ reserved: Reservation } | { existing: StoredKey | undefined }> {
  await db
    .deleteFrom('idempotencyKeys')
    .where((eb) =>
      eb.or([
        eb('createdAt', '<', bounds.expiredBefore),
        eb.and([
          eb('scope', '=', claim.scope),
          eb('key', '=', claim.key),
          eb('status', '=', 'in-progress'),
          eb.or([
            eb('createdAt', '<', bounds.abandonedBefore),
            eb.and([
              eb('ownerInstance', 'is not', null),
              eb.not(
                eb.exists(
                  eb
                    .selectFrom('instances')
                    .select('instances.id')
                    .whereRef('instances.id', '=', 'idempotencyKeys.ownerInstance')
                    .where('instances.lastSeen', '>=', bounds.deadSince),
                ),
              ),
            ]),
          ]),
        ]),
      ]),
    )
    .execute();
  const id = newId();
  const inserted = await db
    .insertInto('idempotencyKeys')
    .values({ id, ...claim, status: 'in-progress', responseStatus: null, responseBody: null, createdAt: at })
    .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return { reserved: { id } };
  const existing = await db
    .selectFrom('idempotencyKeys')
    .select(['requestHash', 'status', 'responseStatus', 'responseBody'])
    .where('scope', '=', claim.scope)
    .where('key', '=', claim.key)
    .executeTakeFirst();
  return { existing };
}

/** The answer to replay: the key is done, whichever instance asks next. */
export function storeAnswer(db: Database, reservation: Reservation, status: number, body: string) {
  return db
    .updateTable('idempotencyKeys')
    .set({ status: 'done', responseStatus: status, responseBody: body })
    .where('id', '=', reservation.id)
    .execute();
}

/** A refused or failed request did no work: a retry with the same key runs again. */
export function releaseKey(db: Database, reservation: Reservation) {
  return db.deleteFrom('idempotencyKeys').where('id', '=', reservation.id).execute();
}
