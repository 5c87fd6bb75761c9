import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { analyticsQuerySchema, dashboardChartQuerySchema } from '@preffy/api';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLargeDataSet } from '../dev/large-data-set.ts';
import { getAnalytics, resolvePeriod } from '../modules/analytics/analytics.service.ts';
import { ensurePostDays } from '../modules/analytics/post-days.repository.ts';
import { getChart } from '../modules/dashboard/dashboard.service.ts';
import { openAggregatesReader } from './aggregates-reader.ts';
import { type Database, migrateToLatest, openDatabase } from './database.ts';

// The reader needs a database file (a second connection): this test makes its own SQLite one,
// whichever database the API tests run on.
let dir: string;
let db: Database;
let reader: ReturnType<typeof openAggregatesReader>;
const staff = { role: 'staff', email: 'staff@label.test' };

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'preffy-aggregates-'));
  const sqlitePath = path.join(dir, 'preffy.sqlite');
  ({ db } = openDatabase({ sqlitePath }));
  await migrateToLatest(db);
  await ensurePostDays(db, 'UTC');
  await seedLargeDataSet(db, 'sqlite', { scale: 0.001, baseDay: Date.parse('2026-11-20T00:00:00Z') });
  reader = openAggregatesReader({ db, dialect: 'sqlite', sqlitePath });
}, 60_000);
afterAll(async () => {
  await reader.close();
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

describe('the aggregates reader (decision 0075)', () => {
  it('is a connection of its own on an SQLite file, and the same database otherwise', () => {
    expect(reader.db).not.toBe(db);
    expect(openAggregatesReader({ db, dialect: 'sqlite', sqlitePath: ':memory:' }).db).toBe(db);
    expect(openAggregatesReader({ db, dialect: 'postgres', sqlitePath: 'unused' }).db).toBe(db);
  });

  it('answers analytics and both dashboard charts exactly as the main connection does', async () => {
    for (const preset of ['last30', 'thisYear'])
      for (const on of [db, reader.db]) {
        const period = resolvePeriod(analyticsQuerySchema.parse({ preset }), 'UTC');
        expect(await getAnalytics(on, period, 'UTC')).toEqual(await getAnalytics(db, period, 'UTC'));
      }
    for (const kind of ['ugc', 'newCreators']) {
      const query = dashboardChartQuerySchema.parse({ kind });
      const fromReader = await getChart(reader.db, staff, query, 'UTC');
      expect(fromReader).toEqual(await getChart(db, staff, query, 'UTC'));
      expect(fromReader.points.some((point) => point.count > 0)).toBe(true);
    }
  });

  it('sees what the server has just written', async () => {
    const { id } = await db.selectFrom('competitions').select('id').executeTakeFirstOrThrow();
    await db.updateTable('competitions').set({ name: 'Renamed Just Now' }).where('id', '=', id).execute();
    const read = await reader.db
      .selectFrom('competitions')
      .select('name')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(read.name).toBe('Renamed Just Now');
  });

  it('keeps the event loop free while it counts', async () => {
    // A count of about half a second in the worker; meanwhile the loop keeps turning.
    const slow = sql<{
      n: number;
    }>`with recursive r(i) as (select 1 union all select i + 1 from r where i < 3000000) select count(*) as n from r`;
    let turns = 0;
    const ticking = setInterval(() => turns++, 5);
    const started = performance.now();
    const { rows } = await slow.execute(reader.db);
    const took = performance.now() - started;
    clearInterval(ticking);
    expect(rows).toEqual([{ n: 3000000 }]);
    // The loop turned about as often as the count took (5 ms a turn), not once at its end.
    expect(turns).toBeGreaterThan(took / 5 / 4);
  });

  it('only reads: a write and a transaction are refused, and the reader goes on answering', async () => {
    await expect(reader.db.deleteFrom('inquiries').execute()).rejects.toThrow(
      'The aggregates reader only reads',
    );
    await expect(reader.db.transaction().execute(() => Promise.resolve())).rejects.toThrow('no transactions');
    await expect(sql`select * from no_such_table`.execute(reader.db)).rejects.toThrow('no such table');
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(reader.db);
    expect(rows).toEqual([{ one: 1 }]);
  });
});
