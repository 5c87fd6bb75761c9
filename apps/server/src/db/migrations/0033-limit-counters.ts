import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Rate-limit and attempt counters every instance shares on PostgreSQL (plugins/limits/,
 * decision 0123): one row per counted key in a fixed window. SQLite counts in its process and
 * leaves the table empty.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('limitCounters')
    // '<limit>|<key>': the limit's name (or a route's method and path) and what it counts.
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('resetAt', 'bigint', (c) => c.notNull())
    .execute();
  // Ended windows are deleted by this index, not by reading the table.
  await db.schema.createIndex('limitCountersResetAtIdx').on('limitCounters').column('resetAt').execute();
}
