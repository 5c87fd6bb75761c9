import { Migrator, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../../test/test-app.ts';
import { type Database, migrateToLatest, openDatabase } from './database.ts';
import { migrations } from './migrations.gen.ts';

const opened: Database[] = [];
afterAll(async () => {
  for (const db of opened) await db.destroy();
});

async function freshDatabase() {
  const url = process.env.TEST_DATABASE_URL
    ? (await createScratchDatabase(process.env.TEST_DATABASE_URL)).url
    : undefined;
  const { db } = openDatabase({ databaseUrl: url, sqlitePath: ':memory:' });
  opened.push(db);
  return db;
}

describe('migrations', () => {
  it('0005 keeps the tasks of a job that was running when it was applied', async () => {
    const db = await freshDatabase();
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const before = await migrator.migrateTo('0004-idempotency-keys');
    expect(before.error).toBeUndefined();
    // A job and a task as 0003 stored them (foreign keys off: only the task rows matter here).
    await db.connection().execute(async (conn) => {
      if (process.env.TEST_DATABASE_URL) await sql`set session_replication_role = replica`.execute(conn);
      else await sql`pragma foreign_keys = off`.execute(conn);
      await sql`insert into jobs (id, competition_id, kind, status, total, done, failed, created_at, updated_at)
        values ('job-1', 'c-1', 'refresh-views', 'running', 1, 0, 0, 1, 1)`.execute(conn);
      await sql`insert into job_tasks (id, job_id, post_id, platform, status, claimed_by, claimed_until)
        values ('task-1', 'job-1', 'post-1', 'tiktok', 'running', 'worker-a', 123)`.execute(conn);
      if (process.env.TEST_DATABASE_URL) await sql`set session_replication_role = origin`.execute(conn);
      else await sql`pragma foreign_keys = on`.execute(conn);
    });

    await migrateToLatest(db);
    const task = await db.selectFrom('jobTasks').selectAll().executeTakeFirstOrThrow();
    expect(task).toMatchObject({
      id: 'task-1',
      jobId: 'job-1',
      subject: 'post-1',
      status: 'running',
      claimedBy: 'worker-a',
    });
    expect(Number(task.claimedUntil)).toBe(123);
    expect(task).not.toHaveProperty('platform');
    // A task may now name something that is not a post.
    await db
      .insertInto('jobTasks')
      .values({ id: 'task-2', jobId: 'job-1', subject: 'winner-9', status: 'queued' })
      .execute();
    expect(await db.selectFrom('jobTasks').select('id').orderBy('id').execute()).toHaveLength(2);
  });
});
