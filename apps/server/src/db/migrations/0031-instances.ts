import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Server instances and their heartbeats (plugins/instance-heartbeat.ts), and the instance that
 * holds each Idempotency-Key reservation: a reservation whose instance stopped beating belongs to
 * a request that died with its process, and a retry takes it over within seconds (decision 0119).
 * Reservations made before this migration have no instance and keep the five-minute takeover.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('instances')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('startedAt', 'bigint', (c) => c.notNull())
    .addColumn('lastSeen', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('idempotencyKeys').addColumn('ownerInstance', 'text').execute();
}
