import { fork } from 'node:child_process';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { competitionWithYouTubePosts } from '../../../test/fixtures/posts.ts';
import { twoInstances, type TwoInstances } from '../../../test/fixtures/two-instances.ts';
import { waitFor } from '../../../test/fixtures/wait-for.ts';
import { JobWorker } from '../../../test/job-worker.ts';
import { signedInClient, type TestClient } from '../../../test/test-app.ts';
import { createFakeProviders, fakeProvidersConfig } from './fake-providers.ts';
import { createStatsSources } from './providers.ts';

/**
 * A refresh on two server instances sharing one database (issue 40), as a deployment behind a
 * proxy runs it: asked from both, it is one job; both instances' runners share its tasks and no
 * video is asked twice; a `kill -9` of the instance working it loses nothing, and the other
 * finishes it, asking again only what the dead one had in flight.
 */
const BATCH = 25;
let instances: TwoInstances;
let fake: ReturnType<typeof createFakeProviders>;
let providersUrl: string;
let staffA: TestClient;
let staffB: TestClient;

const sourcesFor = () => {
  const { shortLinkBaseUrl: _unused, ...endpoints } = fakeProvidersConfig(providersUrl);
  return createStatsSources({ ...endpoints, requestsPerSecond: 10_000, timeoutMs: 30_000, backoffMs: 5 });
};
const jobOf = async (client: TestClient, id: string) => (await client.get(`/api/jobs/${id}`)).json().job;
const snapshotsPerPost = async (app: FastifyInstance, competitionId: string) =>
  (
    await app.db
      .selectFrom('posts')
      .leftJoin('postSnapshots', 'postSnapshots.postId', 'posts.id')
      .select(['posts.postId', (eb) => eb.fn.count<number>('postSnapshots.id').as('n')])
      .where('posts.competitionId', '=', competitionId)
      .groupBy('posts.postId')
      .execute()
  ).map((row) => Number(row.n));
const askedFor = (videos: string[]) => videos.map((v) => fake.asked.get(`youtube:${v}`) ?? 0);
/**
 * How often each video of a competition is asked for from now on (the fixture's video ids repeat
 * across competitions).
 */
async function countAsking(app: FastifyInstance, competitionId: string) {
  const videos = (
    await app.db.selectFrom('posts').select('postId').where('competitionId', '=', competitionId).execute()
  ).map((p) => p.postId!);
  const before = askedFor(videos);
  return () => askedFor(videos).map((n, i) => n - before[i]!);
}

beforeAll(async () => {
  fake = createFakeProviders();
  providersUrl = await fake.listen();
  instances = await twoInstances();
  staffA = (await signedInClient(instances.a, 'staff')).client;
  staffB = (await signedInClient(instances.b, 'staff')).client;
});
afterAll(async () => {
  await instances.close();
  await fake.close();
});

describe('a refresh on two instances', () => {
  it('is one job when both are asked at once, shared by both runners with no video asked twice', async () => {
    const { a, b } = instances;
    const competitionId = await competitionWithYouTubePosts(a, staffA, 300);
    const asked = await countAsking(a, competitionId);
    const [fromA, fromB] = await Promise.all([
      staffA.post(`/api/competitions/${competitionId}/refresh`),
      staffB.post(`/api/competitions/${competitionId}/refresh`),
    ]);
    const jobId = fromA.json().job.id;
    expect(fromB.json().job.id).toBe(jobId);

    const runners = [
      new JobWorker(a.db, sourcesFor(), { batchSize: BATCH }),
      new JobWorker(b.db, sourcesFor(), { batchSize: BATCH }),
    ];
    const handled = [0, 0];
    await Promise.all(
      runners.map(async (runner, i) => {
        for (let n = await runner.tick(); n > 0; n = await runner.tick()) handled[i]! += n;
      }),
    );
    expect(handled[0]! + handled[1]!).toBe(300);
    expect(await jobOf(staffB, jobId)).toMatchObject({ status: 'done', done: 300, failed: 0 });
    expect(await snapshotsPerPost(b, competitionId)).toEqual(Array(300).fill(1));
    expect(asked()).toEqual(Array(300).fill(1));
  });

  it('is finished by the other instance after the one working it is killed, nothing lost or stored twice', async () => {
    const { a, b, database } = instances;
    const competitionId = await competitionWithYouTubePosts(a, staffA, 300);
    const askedSince = await countAsking(a, competitionId);
    const jobId = (await staffA.post(`/api/competitions/${competitionId}/refresh`)).json().job.id;
    // A slow provider (each answer 100 ms) keeps the job running long enough to kill it half-way.
    fake.setDelay(100);
    const worker = fork(path.join(import.meta.dirname, '../../../test/fixtures/job-worker-process.ts'), {
      execArgv: ['--import', 'tsx'],
      env: {
        ...process.env,
        WORKER_DATABASE_URL: database.url ?? '',
        WORKER_SQLITE_PATH: database.sqlitePath,
        WORKER_PROVIDERS_URL: providersUrl,
        WORKER_BATCH_SIZE: String(BATCH),
        WORKER_LEASE_MS: '1000',
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    await waitFor(
      'the first instance to refresh 100 posts',
      async () => (await jobOf(staffB, jobId)).done >= 100,
      60_000,
    );
    // The provider stops answering, so the worker is killed with a batch in flight.
    fake.setDelay(600_000);
    await waitFor('a request to be held', async () => fake.held() > 0, 30_000);
    worker.kill('SIGKILL');
    await exited;
    fake.setDelay(0);
    const doneWhenKilled = (await jobOf(staffB, jobId)).done;
    expect(doneWhenKilled).toBeLessThan(300);

    const runner = new JobWorker(b.db, sourcesFor(), { batchSize: BATCH, leaseMs: 1000, heartbeatMs: 250 });
    await waitFor(
      'the second instance to finish the job',
      async () => (await runner.tick()) === 0 && (await jobOf(staffB, jobId)).status === 'done',
      60_000,
    );
    expect(await jobOf(staffB, jobId)).toMatchObject({ status: 'done', done: 300, failed: 0 });
    expect(await snapshotsPerPost(b, competitionId)).toEqual(Array(300).fill(1));
    const asked = askedSince();
    expect(asked.every((n) => n >= 1)).toBe(true);
    // Only the batch the killed worker had claimed is asked again.
    expect(asked.filter((n) => n > 1).length).toBeLessThanOrEqual(BATCH);
  });
});
