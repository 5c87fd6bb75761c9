import { randomBytes } from 'node:crypto';
import pg from 'pg';

const SCRATCH_DATABASE_PREFIX = 'preffy_test_'; // also in test-app.ts

/**
 * Each run names its scratch databases with its own id (the test workers inherit it), so the
 * teardown drops only this run's databases, never those of another run on the same server.
 */
export function setup() {
  process.env.PREFFY_TEST_RUN ??= randomBytes(4).toString('hex');
}

/** After all API test files: drop the scratch databases this run made on PostgreSQL. */
export async function teardown() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ datname: string }>(
    'select datname from pg_database where datname like $1',
    [`${SCRATCH_DATABASE_PREFIX}${process.env.PREFFY_TEST_RUN}_%`],
  );
  for (const { datname } of rows) await client.query(`drop database if exists ${datname} with (force)`);
  await client.end();
}
