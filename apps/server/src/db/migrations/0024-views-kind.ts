import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Where a post's views come from (decision 0097): 'reported' by the platform, 'unknown' (the
 * provider answered no view count) or 'estimated' (4 × likes, from Instagram's embed page).
 * Every row before this had its views reported or stored as 0, so 'reported' is the default.
 * The snapshots carry it too: only reported readings can make a view spike.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['posts', 'postSnapshots'])
    await db.schema
      .alterTable(table)
      .addColumn('viewsKind', 'text', (col) => col.notNull().defaultTo('reported'))
      .execute();
}
