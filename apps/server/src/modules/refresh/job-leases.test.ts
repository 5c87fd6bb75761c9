import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompetition } from '../../../test/fixtures/competitions.ts';
import { insertPosts } from '../../../test/fixtures/posts.ts';
import { signedInApp, type SignedInClient } from '../../../test/fixtures/signed-in.ts';
import { waitFor } from '../../../test/fixtures/wait-for.ts';
import { now } from '../../lib/clock.ts';
import { createFakeProviders, fakeProvidersConfig } from './fake-providers.ts';
import { JobWorker } from '../../../test/job-worker.ts';
import { CALLS_IN_FLIGHT } from './refresh-jobs.ts';
import { createStatsSources } from './providers.ts';

// Issue #11 item 7: short leases renewed by a heartbeat, each result stored as it arrives, and a
// worker killed with SIGKILL mid-job costs at most one lease and the posts it had in flight.

const WORKER_PROCESS = path.join(import.meta.dirname, '../../../test/job-worker-process.ts');

let app: FastifyInstance;
let staff: SignedInClient;
let fake: ReturnType<typeof createFakeProviders>;
let providersUrl: string;
let sources: ReturnType<typeof createStatsSources>;
let dataDir: string;
let child: ChildProcess | undefined;
const workers: JobWorker[] = [];

beforeAll(async () => {
  fake = createFakeProviders();
  providersUrl = await fake.listen();
  const { shortLinkBaseUrl: _unused, ...endpoints } = fakeProvidersConfig(providersUrl);
  sources = createStatsSources({ ...endpoints, requestsPerSecond: 10_000, timeoutMs: 5_000, backoffMs: 5 });
  // A database file (WAL) that a second process can open; on PostgreSQL the scratch database.
  dataDir = mkdtempSync(path.join(tmpdir(), 'preffy-leases-'));
  ({ app, staff } = await signedInApp({ staff: 'staff' }, { sqlitePath: path.join(dataDir, 'preffy.db') }));
});
afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const worker of workers) await worker.stop();
  await app.close();
  await fake.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function worker(options: { leaseMs: number; heartbeatMs: number; batchSize: number }) {
  const w = new JobWorker(app.db, sources, options);
  workers.push(w);
  return w;
}

let videoSerial = 0;

/** A competition with n TikTok posts (one provider call per post), inserted directly. */
async function competitionWithTikTokPosts(n: number) {
  const c = await createCompetition(staff, { name: 'Lease Song' });
  const at = now();
  const posts = await insertPosts(
    app,
    c.id,
    Array.from({ length: n }, (_, i) => {
      // 19 digits ending in 1: none of the fake's scripted failures (…0404, …0429, …0500, …0504).
      const videoId = `7${String(at).slice(-12)}${String(++videoSerial).padStart(5, '0')}1`;
      return {
        creator: `creator${i}`,
        link: `https://www.tiktok.com/@creator${i}/video/${videoId}`,
        postId: videoId,
        createdAt: at,
      };
    }),
  );
  const { job } = (await staff.post(`/api/competitions/${c.id}/refresh`)).json();
  return { jobId: job.id as string, posts };
}

const tasksOf = (jobId: string) =>
  app.db
    .selectFrom('jobTasks')
    .select(['subject as postId', 'status', 'claimedBy', 'claimedUntil'])
    .where('jobId', '=', jobId)
    .execute();

const snapshotsOf = (postIds: string[]) =>
  app.db.selectFrom('postSnapshots').select(['id', 'postId', 'at']).where('postId', 'in', postIds).execute();

const jobRow = (jobId: string) =>
  app.db.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();

/** Starts the worker process; answers once it works, with its worker id. */
function startWorkerProcess(
  env: Record<string, string>,
): Promise<{ process: ChildProcess; workerId: string }> {
  const started = fork(WORKER_PROCESS, {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  child = started;
  return new Promise((resolve, reject) => {
    started.stdout!.on('data', (chunk: Buffer) => {
      const ready = /ready (\S+)/.exec(chunk.toString());
      if (ready) resolve({ process: started, workerId: ready[1]! });
    });
    started.once('exit', (code) => reject(new Error(`The worker process stopped (${code})`)));
  });
}

describe('Job leases', () => {
  it('finishes a job within one lease after its worker is killed, refreshing no post twice and losing no result', async () => {
    const leaseMs = 3000;
    const { jobId, posts } = await competitionWithTikTokPosts(10);
    const videoOf = new Map(posts.map((p) => [p.id, p.postId]));
    fake.setDelay(300);
    const { process: doomed, workerId } = await startWorkerProcess({
      DATABASE_URL: app.config.databaseUrl ?? '',
      SQLITE_PATH: app.config.sqlitePath,
      PROVIDERS_URL: providersUrl,
      LEASE_MS: String(leaseMs),
      HEARTBEAT_MS: '1000',
      BATCH_SIZE: '10',
    });

    // Kill it mid-batch: some results stored while more of its one batch are still claimed,
    // which also shows each result is stored as it arrives, not at the end of its batch.
    await waitFor(
      'the worker process to store results mid-batch',
      async () => {
        const tasks = await tasksOf(jobId);
        const stored = tasks.filter((t) => t.status === 'done').length;
        const held = tasks.filter((t) => t.status === 'running' && t.claimedBy === workerId).length;
        return stored >= 2 && held >= 4 ? true : undefined;
      },
      20_000,
    ); // more than the default bound: a child process starts slower on a busy machine
    const exited = new Promise((resolve) => doomed.once('exit', resolve));
    doomed.kill('SIGKILL');
    const killedAt = Date.now();
    await exited;
    // Let the calls in flight at the kill reach the fake before counting their answers.
    await sleep(400);
    fake.setDelay(0);

    const frozen = await tasksOf(jobId);
    const storedBeforeKill = frozen.filter((t) => t.status === 'done');
    const orphaned = frozen.filter((t) => t.status === 'running' && t.claimedBy === workerId);
    expect(storedBeforeKill.length).toBeGreaterThanOrEqual(2);
    expect(orphaned.length).toBeGreaterThanOrEqual(1);
    // Every answer the provider gave was stored, but for the calls in flight at the kill.
    const answered = posts.filter((p) => fake.asked.has(`tiktok:${p.postId}`));
    expect(answered.length).toBeLessThanOrEqual(storedBeforeKill.length + CALLS_IN_FLIGHT);
    // The counters were stored with the results: nothing counted is missing, nothing missing counted.
    expect(await jobRow(jobId)).toMatchObject({ done: storedBeforeKill.length, failed: 0 });
    const snapshotsBeforeKill = await snapshotsOf(storedBeforeKill.map((t) => t.postId));
    expect(snapshotsBeforeKill).toHaveLength(storedBeforeKill.length);

    const successor = worker({ leaseMs, heartbeatMs: 1000, batchSize: 10 });
    successor.start(20);
    const finished = await waitFor(
      'the job to finish',
      async () => {
        const job = await jobRow(jobId);
        return job.status === 'done' ? job : undefined;
      },
      leaseMs + 10_000,
    );
    await successor.stop();
    // Within one lease plus a little: the killed worker's claims lapse without a heartbeat.
    expect(Date.now() - killedAt).toBeLessThan(leaseMs + 3000);
    expect(finished).toMatchObject({ total: 10, done: 10, failed: 0 });

    const tasks = await tasksOf(jobId);
    expect(tasks.every((t) => t.status === 'done')).toBe(true);
    // Every post has exactly one result: none lost, none recorded twice…
    const snapshots = await snapshotsOf(posts.map((p) => p.id));
    expect(snapshots.map((s) => s.postId).sort()).toEqual(posts.map((p) => p.id).sort());
    // …the ones stored before the kill are kept as they were…
    expect(snapshots).toEqual(expect.arrayContaining(snapshotsBeforeKill));
    // …and the killed worker's posts were taken again only after their lease ran out.
    for (const task of orphaned) {
      const snapshot = snapshots.find((s) => s.postId === task.postId)!;
      expect(snapshot.at).toBeGreaterThanOrEqual(task.claimedUntil!);
    }
    // At the provider: each post asked for once, but for the calls in flight at the kill
    // (TikTok is asked one post per call), which belong to the killed worker's claims.
    const askedTwice = posts.filter((p) => fake.asked.get(`tiktok:${p.postId}`) !== 1);
    expect(askedTwice.length).toBeLessThanOrEqual(CALLS_IN_FLIGHT);
    for (const p of askedTwice) {
      expect(fake.asked.get(`tiktok:${videoOf.get(p.id)}`)).toBe(2);
      expect(orphaned.map((t) => t.postId)).toContain(p.id);
    }
  }, 40_000);

  it('keeps the claims of a batch slower than its lease with the heartbeat', async () => {
    const { jobId, posts } = await competitionWithTikTokPosts(6);
    fake.setDelay(700);
    // Beats well apart from the lease's end (1.6 s of slack), so a busy machine running the
    // rest of the suite does not let a claim lapse.
    const options = { leaseMs: 2000, heartbeatMs: 400, batchSize: 6 };
    const slow = worker(options);
    const other = worker(options);
    // Six posts at 700 ms each: twice the lease.
    let batchDone = false;
    const batch = slow.tick().finally(() => {
      batchDone = true;
    });
    await waitFor('the slow worker to claim its batch', async () => {
      const tasks = await tasksOf(jobId);
      return tasks.every((t) => t.claimedBy === slow.id) ? true : undefined;
    });
    let taken = 0;
    while (!batchDone) {
      taken += await other.tick();
      await sleep(25);
    }
    fake.setDelay(0);
    expect(await batch).toBe(6);
    expect(taken).toBe(0);
    expect(await jobRow(jobId)).toMatchObject({ status: 'done', done: 6, failed: 0 });
    expect(posts.map((p) => fake.asked.get(`tiktok:${p.postId}`))).toEqual(Array(6).fill(1));
    expect(await snapshotsOf(posts.map((p) => p.id))).toHaveLength(6);
  });

  it('stores nothing for tasks whose claim another worker took over', async () => {
    const { jobId, posts } = await competitionWithTikTokPosts(3);
    fake.setDelay(300);
    const late = worker({ leaseMs: 1000, heartbeatMs: 100, batchSize: 3 });
    const batch = late.tick();
    // The job turns 'running' once the worker has read the tasks it claimed: it works them now.
    await waitFor('the worker to start its batch', async () =>
      (await jobRow(jobId)).status === 'running' ? true : undefined,
    );
    expect((await tasksOf(jobId)).every((t) => t.claimedBy === late.id)).toBe(true);
    // As if its lease had lapsed and another worker had claimed the tasks.
    await app.db
      .updateTable('jobTasks')
      .set({ claimedBy: 'another-worker', claimedUntil: now() + 60_000 })
      .where('jobId', '=', jobId)
      .execute();
    expect(await batch).toBe(3);
    fake.setDelay(0);
    expect(await snapshotsOf(posts.map((p) => p.id))).toHaveLength(0);
    expect(await jobRow(jobId)).toMatchObject({ status: 'running', done: 0, failed: 0 });
    const tasks = await tasksOf(jobId);
    // Its heartbeat did not touch the claims it lost (it would have shortened them).
    expect(
      tasks.every(
        (t) => t.status === 'running' && t.claimedBy === 'another-worker' && t.claimedUntil! > now() + 30_000,
      ),
    ).toBe(true);
    await staff.post(`/api/jobs/${jobId}/cancel`);
  });

  it('refuses a heartbeat too slow for its lease', () => {
    expect(() => new JobWorker(app.db, sources, { leaseMs: 1000, heartbeatMs: 600 })).toThrow(
      'The job heartbeat must be at most half the lease',
    );
  });
});
