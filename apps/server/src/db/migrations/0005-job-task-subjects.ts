import { type Kysely, sql } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Job tasks of any kind (decision 0018): a task names its `subject` (a post for Update Views, a
 * winner or a payout for later kinds) instead of a post that must exist, and loses `platform`
 * (the refresh reads it from the post).
 */
export async function up(db: Kysely<any>): Promise<void> {
  // PostgreSQL runs each migration in a transaction and alters the table in place (no copy,
  // constraint names unchanged). SQLite cannot drop a foreign key, so the table is built again
  // and its rows copied; its migrator runs outside a transaction, so the rebuild brings its own.
  if (db.getExecutor().adapter.supportsTransactionalDdl) {
    await sql`alter table job_tasks drop constraint if exists job_tasks_post_id_fkey`.execute(db);
    await db.schema.alterTable('jobTasks').renameColumn('postId', 'subject').execute();
    await db.schema.alterTable('jobTasks').dropColumn('platform').execute();
    return;
  }
  await db.transaction().execute(rebuildOnSqlite);
}

async function rebuildOnSqlite(db: Kysely<any>) {
  await db.schema.dropTable('jobTasksNext').ifExists().execute();
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
