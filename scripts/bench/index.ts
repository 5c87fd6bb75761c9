// npm run bench: how close the app comes to what the machine allows (issue 18), on the busy
// label's data set (seed:large). What it measures, each target and why: README.md beside this.
//   --scale 1        the data set's size (1 = 10,000 competitions, 1,000,000 posts)
//   --data-dir DIR   reuse a data set seeded there (else a new temporary one; DATABASE_URL: that)
//   --smoke          a quick run that proves it works (tiny data, 2 s of load): what CI runs
//   --lists          the lists and their floors only, no load, stats refresh or Lighthouse
//   --load           the load run only (after the leaderboard job)
//   --workers 1,2    the load once per count of server processes (WORKERS), compared (PostgreSQL)
//   --import         the legacy import only (a tenth of the posts, then all of them)
//   --integrity      the integrity checks only: the repost check on the data set's covers, and a
//                    replayed day of refresh tiers against reading every post every 15 minutes
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { BIG_COMPETITION_ID } from '../../apps/server/src/dev/large-data-set.ts';
import { findSessionUser } from '../../apps/server/src/modules/auth/sessions.repository.ts';
import {
  createFakeProviders,
  fakeProvidersConfig,
} from '../../apps/server/src/modules/refresh/fake-providers.ts';
import { measureBundle } from './bundle.ts';
import { signIn } from './client.ts';
import { openDataSet } from './data-set.ts';
import { benchPages, lighthouseMobile } from './lighthouse.ts';
import { defineLists } from './list-definitions.ts';
import { measureLegacyImport } from './legacy-import.ts';
import { measureLists } from './lists.ts';
import { type LoadByWorkers, measureLoad } from './load.ts';
import { benchOptions } from './options.ts';
import { measureRefresh } from './refresh.ts';
import { measureReposts, reportReposts } from './reposts.ts';
import { measureRefreshTiers, reportRefreshTiers } from './refresh-tiers.ts';
import {
  NOTHING_MEASURED,
  reportBundle,
  reportLighthouse,
  reportLegacyImport,
  reportLists,
  reportLoad,
  reportLoadByWorkers,
  reportRefresh,
  writeResults,
} from './report.ts';
import { startServer } from './server.ts';

const { values: flags } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    'data-dir': { type: 'string' },
    smoke: { type: 'boolean', default: false },
    lists: { type: 'boolean', default: false },
    load: { type: 'boolean', default: false },
    workers: { type: 'string' },
    import: { type: 'boolean', default: false },
    integrity: { type: 'boolean', default: false },
  },
});
const options = benchOptions(flags);

// --import: the legacy import alone, on a database of its own (it needs no data set).
if (options.importOnly) {
  const rows = await measureLegacyImport(options);
  const misses = reportLegacyImport(rows);
  writeResults(options, {
    ...NOTHING_MEASURED,
    legacyImport: rows,
    dialect: process.env.DATABASE_URL ? 'postgres' : 'sqlite',
    misses,
  });
  process.exit(!options.smoke && misses.length > 0 ? 1 : 0);
}

const dataSet = await openDataSet(options);

// --integrity: the integrity checks alone, on the data set's database.
if (options.integrityOnly) {
  const reposts = await measureReposts(dataSet.db, options.repostChecks);
  const refreshTiers = await measureRefreshTiers(dataSet.db);
  const misses = [...reportReposts(reposts), ...reportRefreshTiers(refreshTiers)];
  writeResults(options, { ...NOTHING_MEASURED, reposts, refreshTiers, dialect: dataSet.dialect, misses });
  await dataSet.close();
  process.exit(!options.smoke && misses.length > 0 ? 1 : 0);
}
// The social-data providers: the fake ones, slow like real ones.
const fake = createFakeProviders({ delayMs: options.refresh.latencyMs });
const serverOptions = {
  root: options.root,
  dataDir: dataSet.dataDir,
  providers: fakeProvidersConfig(await fake.listen()),
  perSecond: options.refresh.perSecond,
};
const server = await startServer({ ...serverOptions, workers: options.workers?.[0] });
const client = await signIn(server.base);
const benchUser = (await findSessionUser(dataSet.db, client.sessionToken()))!;
// The leaderboard is computed by its job, as Update Leaderboard does.
await client.runJob(`/api/competitions/${BIG_COMPETITION_ID}/leaderboard/update`);

const lists = defineLists({ ...dataSet, benchUser, client, payout: options.payout });
// None with --load, which measures no list.
const rows = options.loadOnly ? [] : await measureLists(options, client, lists, dataSet.sqlitePath);
// The machine is shared: how busy it was before each load run says what its figures mean.
const loadAverageBefore = loadavg()[0]!;
const load = options.listsOnly
  ? null
  : await measureLoad(server.base, client.cookieHeader(), lists, options.load);
// --workers: the same load again on a server of each further count of processes, one at a time.
const loadByWorkers: LoadByWorkers | null =
  load && options.workers ? [{ ...load, workers: options.workers[0]!, loadAverageBefore }] : null;
for (const workers of loadByWorkers ? options.workers!.slice(1) : []) {
  const other = await startServer({ ...serverOptions, workers });
  const before = loadavg()[0]!;
  const measured = await measureLoad(other.base, client.cookieHeader(), lists, options.load);
  loadByWorkers!.push({ ...measured, workers, loadAverageBefore: before });
  await other.stop();
}
const refresh =
  options.listsOnly || options.loadOnly ? null : await measureRefresh(client, fake, options.refresh);
const legacyImport = options.listsOnly || options.loadOnly ? null : await measureLegacyImport(options);
const reposts =
  options.listsOnly || options.loadOnly ? null : await measureReposts(dataSet.db, options.repostChecks);
const refreshTiers = options.listsOnly || options.loadOnly ? null : await measureRefreshTiers(dataSet.db);
await fake.close();
const bundle = measureBundle(options.root);

const misses = [
  ...reportLists(rows, options, dataSet.dialect),
  ...(loadByWorkers ? reportLoadByWorkers(loadByWorkers) : load ? reportLoad(load) : []),
  ...(refresh ? reportRefresh(refresh, options) : []),
  ...(legacyImport ? reportLegacyImport(legacyImport) : []),
  ...(reposts ? reportReposts(reposts) : []),
  ...(refreshTiers ? reportRefreshTiers(refreshTiers) : []),
  ...reportBundle(bundle),
];
// Lighthouse, mobile: on the build the bundle measured.
const lighthouse =
  bundle && !options.listsOnly && !options.loadOnly
    ? await lighthouseMobile(
        benchPages(server.base, client.cookieHeader()).slice(0, options.lighthouse.pages),
        options.lighthouse.runs,
      )
    : null;
if (lighthouse) misses.push(...reportLighthouse(lighthouse));
writeResults(options, {
  legacyImport,
  reposts,
  refreshTiers,
  dialect: dataSet.dialect,
  lists: rows,
  load,
  loadByWorkers,
  refresh,
  bundle,
  lighthouse,
  misses,
});

await server.stop();
await dataSet.close();
// A smoke run proves the benchmark works; only a full run judges the targets.
process.exit(!options.smoke && misses.length > 0 ? 1 : 0);
