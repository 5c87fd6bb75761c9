import pg from 'pg';

const SCRATCH_DATABASE_PREFIX = 'preffy_test_';

/** After all API test files: drop the scratch databases they made on PostgreSQL. */
export async function teardown() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ datname: string }>(
    'select datname from pg_database where datname like $1',
    [`${SCRATCH_DATABASE_PREFIX}%`],
  );
  for (const { datname } of rows) await client.query(`drop database if exists ${datname} with (force)`);
  await client.end();
}
