import { type Kysely, sql } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Where each reading came from (issue 42): the provider that answered (the fallback's name when
 * the first one failed) and whether its counts were rounded ("1.2M"), so the integrity detectors
 * allow for rounding. Readings stored before are unknown provider, not rounded.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('postSnapshots').addColumn('provider', 'text').execute();
  await db.schema
    .alterTable('postSnapshots')
    .addColumn('rounded', 'integer', (c) => c.notNull().defaultTo(sql`0`))
    .execute();
}
