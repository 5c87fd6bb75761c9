import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The finish wizard's draft keeps why Suggest winners placed each winner (issue 39): JSON, one
 * entry per prize slot, the reason or null; the reasons no longer vanish on a reload.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('competitionFinishes')
    .addColumn('reasons', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}
