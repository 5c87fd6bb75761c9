// The busy label's data set (seed:large) the benchmark runs on, with the bench admin and the two
// competitions of its own (the stats refresh's and the payout CSV's).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { migrateToLatest, openDatabase } from '../../apps/server/src/db/database.ts';
import { prepareBenchUser } from '../../apps/server/src/dev/bench-user.ts';
import {
  BIG_COMPETITION_ID,
  PAYOUT_COMPETITION_ID,
  REFRESH_COMPETITION_ID,
  seedLargeDataSet,
  seedPayoutCompetition,
  seedRefreshCompetition,
} from '../../apps/server/src/dev/large-data-set.ts';
import type { BenchOptions } from './options.ts';

export type DataSet = Awaited<ReturnType<typeof openDataSet>>;

/** Opens (DATABASE_URL, --data-dir, or a new temporary directory) and seeds what is missing. */
export async function openDataSet(options: BenchOptions) {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'preffy-bench-'));
  const databaseUrl = process.env.DATABASE_URL;
  const sqlitePath = path.join(dataDir, 'preffy.sqlite');
  const { db, dialect } = openDatabase({ databaseUrl, sqlitePath });
  await migrateToLatest(db);
  /** Whether a competition of the data set is there already (a reused --data-dir). */
  const hasCompetition = async (id: string) =>
    (await db.selectFrom('competitions').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  const today = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
  if (!(await hasCompetition(BIG_COMPETITION_ID))) {
    const started = performance.now();
    const counts = await seedLargeDataSet(db, dialect, { scale: options.scale, baseDay: today });
    console.log(
      `Seeded ${counts.posts.toLocaleString('en')} posts (scale ${options.scale}) in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
  }
  await prepareBenchUser(db);
  if (!(await hasCompetition(REFRESH_COMPETITION_ID)))
    await seedRefreshCompetition(db, dialect, { posts: options.refresh.posts, baseDay: today });
  if (!(await hasCompetition(PAYOUT_COMPETITION_ID)))
    await seedPayoutCompetition(db, dialect, { winners: options.payout.winners, baseDay: today });
  return {
    db,
    dialect,
    dataDir,
    sqlitePath,
    /** Midnight UTC of the run's day: the data set's base day and the calendar's month. */
    today,
    /** Closes the database, and removes the data set when this run made it. */
    async close() {
      await db.destroy();
      if (!options.dataDir && !databaseUrl) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
