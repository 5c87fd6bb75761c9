import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** Idempotency-Key reservations and the answers they replay (plugins/idempotency.ts). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('idempotencyKeys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // 'user:<id>' or 'anonymous:<ip>': keys are per caller, never shared between users.
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('route', 'text', (c) => c.notNull())
    // sha256 of method, address and validated body: the same key with another request is refused.
    .addColumn('requestHash', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('responseStatus', 'integer')
    .addColumn('responseBody', 'text')
    .addColumn('createdAt', 'bigint', (c) => c.notNull())
    .execute();
  // The reservation itself: of two racing inserts, exactly one wins, on SQLite and PostgreSQL.
  await db.schema
    .createIndex('idempotencyKeysScopeKeyIdx')
    .unique()
    .on('idempotencyKeys')
    .columns(['scope', 'key'])
    .execute();
  // Purging what is older than 24 hours reads this index, not the table.
  await db.schema
    .createIndex('idempotencyKeysCreatedAtIdx')
    .on('idempotencyKeys')
    .column('createdAt')
    .execute();
}
