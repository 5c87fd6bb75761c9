// A job worker in its own OS process, for the crash test (job-leases.test.ts): it opens the
// test's database (already migrated), works the refresh jobs against the fake providers and
// prints "ready" once started, until the test kills it with SIGKILL.
//
// Environment: DATABASE_URL (PostgreSQL) or SQLITE_PATH, PROVIDERS_URL, LEASE_MS, HEARTBEAT_MS,
// BATCH_SIZE.
import { openDatabase } from '../src/db/database.ts';
import { fakeProvidersConfig } from '../src/modules/refresh/fake-providers.ts';
import { JobWorker } from './job-worker.ts';
import { createStatsSources } from '../src/modules/refresh/providers.ts';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const { db } = openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  sqlitePath: process.env.SQLITE_PATH ?? ':memory:',
});
const { shortLinkBaseUrl: _unused, ...endpoints } = fakeProvidersConfig(env('PROVIDERS_URL'));
const worker = new JobWorker(
  db,
  createStatsSources({ ...endpoints, requestsPerSecond: 10_000, timeoutMs: 5_000, backoffMs: 5 }),
  {
    leaseMs: Number(env('LEASE_MS')),
    heartbeatMs: Number(env('HEARTBEAT_MS')),
    batchSize: Number(env('BATCH_SIZE')),
  },
);
worker.start(20);
process.stdout.write(`ready ${worker.id}\n`);
// Ends with the test run even if the test could not kill it.
process.on('disconnect', () => process.exit(0));
