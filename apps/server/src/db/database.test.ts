import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../../test/test-app.ts';
import { type Database, openDatabase } from './database.ts';

const pgUrl = process.env.TEST_DATABASE_URL;
const opened: Database[] = [];
afterAll(async () => {
  for (const db of opened) await db.destroy();
});

if (pgUrl) {
  describe('the PostgreSQL connection pool', () => {
    it('survives the database ending its idle connections (a restart) and carries on', async () => {
      const { url } = await createScratchDatabase(pgUrl);
      const { db } = openDatabase({ databaseUrl: url, sqlitePath: ':memory:' });
      const admin = openDatabase({ databaseUrl: url, sqlitePath: ':memory:' }).db;
      opened.push(db, admin);
      await Promise.all([1, 2, 3].map(() => sql`select pg_sleep(0.05)`.execute(db)));
      const ended = await sql<{ ended: boolean }>`
        select pg_terminate_backend(pid) as ended from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()`.execute(admin);
      expect(ended.rows.length).toBeGreaterThanOrEqual(1);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const again = await sql<{ one: number }>`select 1 as one`.execute(db);
      expect(again.rows).toEqual([{ one: 1 }]);
    });
  });
} else {
  describe('the SQLite database', () => {
    it('is opened in WAL mode, so a backup or a reader never waits for the writer', async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'preffy-db-'));
      const { db } = openDatabase({ sqlitePath: path.join(dir, 'preffy.sqlite') });
      opened.push(db);
      const mode = await sql<{ journalMode: string }>`pragma journal_mode`.execute(db);
      expect(mode.rows[0]!.journalMode).toBe('wal');
    });
  });
}
