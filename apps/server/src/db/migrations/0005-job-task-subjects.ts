import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Job tasks of any kind (decision 0018): a task names its `subject` (a post for Update Views, a
 * winner or a payout for later kinds) instead of a post that must exist, and loses `platform`
 * (the refresh reads it from the post). SQLite cannot drop a foreign key, so the table is built
 * again and its rows copied, on both databases alike.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('jobTasksNext')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('jobId', 'text', (c) => c.notNull().references('jobs.id'))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('claimedBy', 'text')
    .addColumn('claimedUntil', 'bigint')
    .addColumn('error', 'text')
    .execute();
  await db
    .insertInto('jobTasksNext')
    .columns(['id', 'jobId', 'subject', 'status', 'claimedBy', 'claimedUntil', 'error'])
    .expression(
      db
        .selectFrom('jobTasks')
        .select(['id', 'jobId', 'postId', 'status', 'claimedBy', 'claimedUntil', 'error']),
    )
    .execute();
  await db.schema.dropTable('jobTasks').execute();
  await db.schema.alterTable('jobTasksNext').renameTo('jobTasks').execute();
  await db.schema.createIndex('jobTasksQueueIdx').on('jobTasks').columns(['status', 'jobId']).execute();
  await db.schema.createIndex('jobTasksJobIdx').on('jobTasks').columns(['jobId', 'status']).execute();
}
