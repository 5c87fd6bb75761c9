import { type Kysely, sql } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Refresh tiers (issue 42, decision 0138): each post's tier by its recent views per hour, and
 * when its numbers are next due. The schedule asks the providers only for due posts, through
 * the index; 0 (every post stored before, and each new one) is due at once, so the first
 * scheduled refresh reads them all and gives each its tier.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('posts').addColumn('refreshTier', 'text').execute();
  await db.schema
    .alterTable('posts')
    .addColumn('nextRefreshAt', 'bigint', (c) => c.notNull().defaultTo(sql`0`))
    .execute();
  await db.schema
    .createIndex('postsNextRefreshIdx')
    .on('posts')
    .columns(['competitionId', 'nextRefreshAt'])
    .where(sql.ref('deleted'), '=', 0)
    .execute();
}
