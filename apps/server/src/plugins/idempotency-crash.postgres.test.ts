import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCompetition } from '../../test/fixtures/competitions.ts';
import { insertPosts } from '../../test/fixtures/posts.ts';
import { mutationHeaders } from '../../test/fixtures/signed-in.ts';
import { waitFor } from '../../test/fixtures/wait-for.ts';
import { createTestApp, signedInClient } from '../../test/test-app.ts';
import { now } from '../lib/clock.ts';

/**
 * The crash of issue 40, replayed with real processes on PostgreSQL (this file runs only when
 * TEST_DATABASE_URL is set: SQLite has one writer process). Two server processes run on one
 * database with the default heartbeat (2 s, dead after 6 s). Notify Winners is sent to the
 * first with an Idempotency-Key and held inside its transaction by a lock this test takes on
 * the payments table from its own connection; the first process is then killed with SIGKILL,
 * so it writes nothing more. The same request with the same key, retried on the second
 * process as the web app retries, must succeed within 10 s of the kill, with one set of
 * payments. Before decision 0119 it answered 409 IDEMPOTENCY_IN_PROGRESS for five minutes.
 */
const REPO = path.resolve(import.meta.dirname, '../../../..');
const PORTS = { first: 3230, second: 3231 };
const RETRY_WITHIN_MS = 10_000;
const COOKIE_SECRET = 'x'.repeat(40); // the test app's (test/test-app.ts), so its sessions hold

let app: FastifyInstance;
let dataDir: string;
const servers: ChildProcess[] = [];

/** `node --import tsx apps/server/src/server.ts` on the test's database, as scripts/test.sh starts one. */
async function startServer(port: number) {
  // Another server there would answer in this one's place.
  if (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined))
    throw new Error(`Port ${port} is already in use`);
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: REPO,
    // Only what the server reads: nothing of the test's own environment leaks in.
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATABASE_URL: app.config.databaseUrl,
      COOKIE_SECRET,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DEMO_DATA: 'false',
      FAKE_PROVIDERS: 'off',
      REFRESH_INTERVAL_MINUTES: '0',
      ADMIN_EMAIL: 'admin@crash.test',
      ADMIN_PASSWORD: 'admin-password-123',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  servers.push(child);
  await waitFor(
    `the server on port ${port}`,
    async () => {
      if (child.exitCode !== null) throw new Error(`The server on port ${port} stopped: ${errors}`);
      const health = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined);
      return health?.ok;
    },
    60_000,
  );
  return child;
}

// A worker that stops before afterAll must not leave servers on the ports.
process.once('exit', () => servers.forEach((server) => server.kill('SIGKILL')));

beforeAll(async () => {
  app = await createTestApp();
  dataDir = mkdtempSync(path.join(tmpdir(), 'preffy-crash-'));
}, 120_000);
afterAll(async () => {
  for (const server of servers) server.kill('SIGKILL');
  await app?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('a kill -9 during Notify Winners', () => {
  it('lets a retry with the same Idempotency-Key on another instance succeed within 10 s, paying once', async () => {
    // A competition that ended, with one prize and one entrant to pay.
    const { client: staff } = await signedInClient(app, 'staff');
    const competitionId = await newCompetition(app, staff, { name: 'Crash Song' });
    await app.db
      .updateTable('competitions')
      .set({ isActive: 1, endDate: now() - 60_000 })
      .where('id', '=', competitionId)
      .execute();
    await insertPosts(app, competitionId, [{ creator: 'ann', bonusLikes: 0 }]);
    const winner = { creator: 'ann', platform: 'tiktok', email: 'ann@creators.test', source: '' };
    const body = JSON.stringify({ version: 0, winners: [winner] });
    const headers = {
      ...(await mutationHeaders(app, staff)),
      'content-type': 'application/json',
      'idempotency-key': 'notify-winners-crash',
    };
    const submitOn = (port: number) =>
      fetch(`http://127.0.0.1:${port}/api/finish/${competitionId}/submit`, { method: 'POST', headers, body });
    const payments = () =>
      app.db.selectFrom('payments').select('id').where('competitionId', '=', competitionId).execute();

    const [first] = await Promise.all([startServer(PORTS.first), startServer(PORTS.second)]);

    // The test's own connection holds the payments table: the first Submit stops inside its
    // transaction, after its key was reserved, until the lock goes.
    const lock = new pg.Client({ connectionString: app.config.databaseUrl });
    await lock.connect();
    await lock.query('begin');
    await lock.query('lock table payments in exclusive mode');
    let settled: string | undefined;
    const lost = submitOn(PORTS.first).then(
      async (answer) => {
        settled = `answered ${answer.status}: ${await answer.text()}`;
        return answer;
      },
      (error: unknown) => error,
    );
    await waitFor('the first Submit to wait for the lock', async () => {
      if (settled) throw new Error(`The first Submit was not held: it ${settled}`);
      const key = await app.db
        .selectFrom('idempotencyKeys')
        .select('status')
        .where('key', '=', 'notify-winners-crash')
        .executeTakeFirst();
      // Read outside the lock's transaction, which would keep seeing its first snapshot of it.
      const { rows } = await sql<{ waiting: number }>`
        select count(*)::int as waiting from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`.execute(app.db);
      return key?.status === 'in-progress' && rows[0]!.waiting > 0;
    });

    first.kill('SIGKILL');
    const killedAt = Date.now();
    expect(await lost).toBeInstanceOf(Error);
    await lock.query('rollback');
    await lock.end();

    // The web app retries a submission with its key until it gets an answer.
    const answers: number[] = [];
    let retried: Response | undefined;
    while (Date.now() - killedAt < RETRY_WITHIN_MS) {
      retried = await submitOn(PORTS.second);
      answers.push(retried.status);
      if (retried.status !== 409) break;
      expect((await retried.json()).code).toBe('IDEMPOTENCY_IN_PROGRESS');
      await sleep(250);
    }
    const tookMs = Date.now() - killedAt;
    expect(retried?.status, `answers ${answers.join(', ')} in ${tookMs} ms`).toBe(200);
    expect(tookMs).toBeLessThan(RETRY_WITHIN_MS);
    expect(await retried!.json()).toMatchObject({ payments: 1, emails: 1 });
    expect(await payments()).toHaveLength(1);

    // The key now holds the answer: one more retry replays it and pays nobody again.
    const replayed = await submitOn(PORTS.second);
    expect(replayed.status).toBe(200);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(await payments()).toHaveLength(1);
  }, 120_000);
});
