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
  await upJobs(db);

  // Keys for partner ingestion (the sister brand's posts): only a hash is kept; revoked = deleted.
  await db.schema
    .createTable('partnerApiKeys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('createdAt', 'bigint', (c) => c.notNull())
    .addColumn('updatedAt', 'bigint', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('keyHash', 'text', (c) => c.notNull().unique())
    .addColumn('keyPrefix', 'text', (c) => c.notNull())
    .addColumn('createdBy', 'text')
    .addColumn('lastUsedAt', 'bigint')
    .execute();
}

/** Background jobs (refresh views, update the leaderboard) and their per-post tasks. */
async function upJobs(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('competitionId', 'text', (c) => c.notNull().references('competitions.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('createdBy', 'text')
    .addColumn('createdAt', 'bigint', (c) => c.notNull())
    .addColumn('updatedAt', 'bigint', (c) => c.notNull())
    .addColumn('finishedAt', 'bigint')
    .addColumn('error', 'text')
    .execute();
  await db.schema
    .createIndex('jobsCompetitionIdx')
    .on('jobs')
    .columns(['competitionId', 'kind', 'createdAt'])
    .execute();
  await db.schema.createIndex('jobsStatusIdx').on('jobs').columns(['status']).execute();
  // One open job of a kind per competition, even when two requests (or instances) race.
  await db.schema
    .createIndex('jobsOneOpenIdx')
    .unique()
    .on('jobs')
    .columns(['competitionId', 'kind'])
    .where(sql<boolean>`status in ('queued', 'running')`)
    .execute();
  await db.schema
    .createTable('jobTasks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('jobId', 'text', (c) => c.notNull().references('jobs.id'))
    .addColumn('postId', 'text', (c) => c.notNull().references('posts.id'))
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('claimedBy', 'text')
    .addColumn('claimedUntil', 'bigint')
    .addColumn('error', 'text')
    .execute();
  await db.schema.createIndex('jobTasksQueueIdx').on('jobTasks').columns(['status', 'jobId']).execute();
  await db.schema.createIndex('jobTasksJobIdx').on('jobTasks').columns(['jobId', 'status']).execute();

  // The last computed leaderboard of each competition, read page by page.
  await db.schema
    .createTable('leaderboardEntries')
    .addColumn('competitionId', 'text', (c) => c.notNull().references('competitions.id'))
    .addColumn('rank', 'integer', (c) => c.notNull())
    .addColumn('creator', 'text', (c) => c.notNull())
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('postCount', 'integer', (c) => c.notNull())
    .addColumn('likes', 'double precision', (c) => c.notNull())
    .addColumn('views', 'double precision', (c) => c.notNull())
    .addColumn('creativityScore', 'double precision', (c) => c.notNull())
    .addColumn('prizeLabel', 'text')
    .addColumn('prizeAmount', 'double precision')
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('flags', 'text', (c) => c.notNull())
    .addColumn('computedAt', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('leaderboardEntriesPk', ['competitionId', 'rank'])
    .execute();
}
