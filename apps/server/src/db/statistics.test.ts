import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from './database.ts';

// SQLite's own behaviour (decision 0067), so a SQLite file whichever database the run tests.
const dir = mkdtempSync(path.join(tmpdir(), 'preffy-statistics-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('SQLite gathers table statistics when it opens, so its planner knows how selective an index is', async () => {
  const sqlitePath = path.join(dir, 'preffy.sqlite');
  const first = openDatabase({ sqlitePath }).db;
  await migrateToLatest(first);
  await first
    .insertInto('idempotencyKeys')
    .values(
      Array.from({ length: 300 }, (_, i) => ({
        id: `k${i}`,
        scope: `user:${i % 3}`,
        key: `key-${i}`,
        method: 'POST',
        route: '/api/x',
        requestHash: 'h',
        status: 'done',
        createdAt: i,
      })),
    )
    .execute();
  // Nothing has analyzed the table yet: SQLite would guess.
  const stats = sql<{
    idx: string;
    stat: string;
  }>`select idx, stat from sqlite_stat1 where tbl = 'idempotency_keys'`;
  await expect(stats.execute(first)).rejects.toThrow(/no such table: sqlite_stat1/);
  await first.destroy();

  const reopened = openDatabase({ sqlitePath }).db;
  const { rows } = await stats.execute(reopened);
  // 300 rows; 100 per scope in the (scope, key) index.
  expect(rows.find((r) => r.idx === 'idempotency_keys_scope_key_idx')?.stat).toBe('300 100 1');
  await reopened.destroy();
});
