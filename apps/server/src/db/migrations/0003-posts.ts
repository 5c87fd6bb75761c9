import { type Kysely, sql } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** Posts: provider results and failures, stats snapshots, refresh jobs, partner API keys. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('posts').addColumn('author', 'text').execute();
  // The last refresh: when, from which provider, and why it failed (shown to staff, not only logged).
  await db.schema.alterTable('posts').addColumn('statsCheckedAt', 'bigint').execute();
  await db.schema.alterTable('posts').addColumn('statsProvider', 'text').execute();
  await db.schema.alterTable('posts').addColumn('statsError', 'text').execute();
  // The same video enters a competition once, also when two submissions race.
  await db.schema
    .createIndex('postsOneVideoPerCompetitionIdx')
    .unique()
    .on('posts')
    .columns(['competitionId', 'platform', 'postId'])
    .where(sql.ref('deleted'), '=', 0)
    .execute();

  await db.schema
    .createTable('postSnapshots')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('postId', 'text', (c) => c.notNull().references('posts.id'))
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('likes', 'double precision', (c) => c.notNull())
    .addColumn('views', 'double precision', (c) => c.notNull())
    .addColumn('comments', 'double precision', (c) => c.notNull())
    .addColumn('shares', 'double precision', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('postSnapshotsPostIdx').on('postSnapshots').columns(['postId', 'at']).execute();
}
