// npm run seed:large: the busy label's data set (issue 18) for the benchmark, into the database
// the server would use: SQLite in DATA_DIR (default ./data) or PostgreSQL from DATABASE_URL.
//   --scale 0.01      a fraction of the full size (1 = 10,000 competitions, 1,000,000 posts…)
//   --base-day 2026-11-24   the day the dates are spread around (default: today, UTC)
// It also makes the benchmark's sign-in, bench@preffy.test with BENCH_PASSWORD (default below).
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { loadConfig } from '../apps/server/src/config/env.ts';
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database.ts';
import { BENCH_USER, prepareBenchUser } from '../apps/server/src/dev/bench-user.ts';
import { BIG_COMPETITION_ID, seedLargeDataSet } from '../apps/server/src/dev/large-data-set.ts';

const { values } = parseArgs({
  options: { scale: { type: 'string', default: '1' }, 'base-day': { type: 'string' } },
});
const scale = Number(values.scale);
if (!(scale > 0 && scale <= 1)) throw new Error('--scale must be a number in (0, 1]');
const baseDay = Date.parse(`${values['base-day'] ?? new Date().toISOString().slice(0, 10)}T00:00:00Z`);
if (Number.isNaN(baseDay)) throw new Error('--base-day must be a day like 2026-11-24');

const config = loadConfig(process.env);
const { db, dialect } = openDatabase({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });
await migrateToLatest(db);
const existing = await db
  .selectFrom('competitions')
  .select('id')
  .where('id', '=', BIG_COMPETITION_ID)
  .executeTakeFirst();
if (existing) {
  console.error('This database already has the data set (seed:large runs once per database).');
  process.exit(1);
}

const started = performance.now();
let last = '';
const counts = await seedLargeDataSet(db, dialect, {
  scale,
  baseDay,
  progress: (what, done, total) => {
    const line = `${what}: ${Math.floor((done / total) * 100)}%`;
    if (line !== last && (done === total || done % 100_000 < 5_000)) console.log(`  ${line}`);
    last = line;
  },
});
await prepareBenchUser(db);
await db.destroy();
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  `Seeded ${dialect} in ${seconds} s: ${Object.entries(counts)
    .map(([k, v]) => `${v.toLocaleString('en')} ${k}`)
    .join(', ')}. Sign in as ${BENCH_USER.email}.`,
);
