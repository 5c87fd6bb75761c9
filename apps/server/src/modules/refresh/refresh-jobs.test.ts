import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { competitionWithYouTubePosts } from '../../../test/fixtures/posts.ts';
import { signedInApp, type SignedInClient } from '../../../test/fixtures/signed-in.ts';
import { now } from '../../lib/clock.ts';
import { createFakeProviders, fakeProvidersConfig } from './fake-providers.ts';
import { JobWorker } from '../../../test/job-worker.ts';
import { createStatsSources } from './providers.ts';
import { createJobWorker } from '../index.ts';
import { refreshArea } from './index.ts';

let app: FastifyInstance;
let staff: SignedInClient;
let fake: ReturnType<typeof createFakeProviders>;
let sources: ReturnType<typeof createStatsSources>;

beforeAll(async () => {
  fake = createFakeProviders();
  const base = await fake.listen();
  const { shortLinkBaseUrl: _unused, ...endpoints } = fakeProvidersConfig(base);
  // The fake answers at once; the timeout only bounds a hang, well above what a busy machine needs.
  sources = createStatsSources({ ...endpoints, requestsPerSecond: 10_000, timeoutMs: 5_000, backoffMs: 5 });
  ({ app, staff } = await signedInApp({ staff: 'staff' }));
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

const competitionWithPosts = (n: number, extra: { bonusLikes?: number } = {}) =>
  competitionWithYouTubePosts(app, staff, n, extra);

const job = async (id: string) => (await staff.get(`/api/jobs/${id}`)).json().job;

describe('Update Views', () => {
  it('refreshes 1,000 posts with progress, and stops when cancelled', async () => {
    const competitionId = await competitionWithPosts(1000);
    const started = await staff.post(`/api/competitions/${competitionId}/refresh`);
    expect(started.statusCode).toBe(202);
    const { job: queued } = started.json();
    expect(queued).toMatchObject({ status: 'queued', total: 1000, done: 0, failed: 0 });
    // More clicks, even at the same moment, answer the same job.
    const again = await Promise.all(
      Array.from({ length: 4 }, () => staff.post(`/api/competitions/${competitionId}/refresh`)),
    );
    expect(again.map((r) => r.json().job.id)).toEqual(Array(4).fill(queued.id));

    const worker = new JobWorker(app.db, sources, { batchSize: 100 });
    expect(await worker.tick()).toBe(100);
    expect(await job(queued.id)).toMatchObject({ status: 'running', done: 100, queued: 900 });
    expect(await worker.tick()).toBe(100);

    const cancelled = (await staff.post(`/api/jobs/${queued.id}/cancel`)).json().job;
    expect(cancelled).toMatchObject({ status: 'cancelled', done: 200, queued: 0 });
    expect(await worker.tick()).toBe(0);
    const refreshed = await app.db
      .selectFrom('posts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('competitionId', '=', competitionId)
      .where('statsCheckedAt', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(Number(refreshed.n)).toBe(200);
    // The page finds the job again after a reload.
    expect((await staff.get(`/api/competitions/${competitionId}/jobs/latest`)).json().job.id).toBe(queued.id);
  });

  it('stores the numbers with the bonus on top, a snapshot per refresh, and failures on the post', async () => {
    const competitionId = await competitionWithPosts(3, { bonusLikes: 7 });
    const broken = await app.db
      .selectFrom('posts')
      .select('id')
      .where('competitionId', '=', competitionId)
      .limit(1)
      .executeTakeFirstOrThrow();
    await app.db.updateTable('posts').set({ postId: 'GoneVideo99' }).where('id', '=', broken.id).execute();

    const worker = new JobWorker(app.db, sources);
    for (let round = 0; round < 2; round++) {
      const { job: j } = (await staff.post(`/api/competitions/${competitionId}/refresh`)).json();
      while ((await worker.tick()) > 0);
      expect(await job(j.id)).toMatchObject({ status: 'done', total: 3, done: 2, failed: 1 });
    }
    const list = (await staff.get(`/api/competitions/${competitionId}/posts?pageSize=10`)).json();
    const failed = list.items.find((p: { id: string }) => p.id === broken.id);
    expect(failed.statsError).toBe('youtube: the video is private, deleted or unknown');
    expect((await staff.get(`/api/competitions/${competitionId}/posts?failedOnly=true`)).json().total).toBe(
      1,
    );
    const good = list.items.find((p: { id: string }) => p.id !== broken.id);
    const snapshots = await app.db
      .selectFrom('postSnapshots')
      .selectAll()
      .where('postId', '=', good.id)
      .orderBy('at')
      .execute();
    expect(snapshots).toHaveLength(2);
    expect(snapshots[1]!.views).toBe(snapshots[0]!.views + 250);
    const history = (await staff.get(`/api/posts/${good.id}/snapshots`)).json().items;
    expect(history.map((h: { views: number }) => h.views)).toEqual(snapshots.map((s) => s.views));
    // Each reading says which provider answered, and that its counts were exact (issue 42).
    expect(history.map((h: { provider: string; rounded: boolean }) => [h.provider, h.rounded])).toEqual([
      ['youtube', false],
      ['youtube', false],
    ]);
    expect(good.likes).toBe(snapshots[1]!.likes);
    expect(good.statsProvider).toBe('youtube');
  });

  it("counts the failures by reason in the job's result, and keeps each post's reason until a refresh works (issue 39)", async () => {
    const competitionId = await competitionWithPosts(4);
    const ids = (
      await app.db
        .selectFrom('posts')
        .select('id')
        .where('competitionId', '=', competitionId)
        .orderBy('creator')
        .execute()
    ).map((p) => p.id);
    const setPost = (id: string, fields: { postId: string; platform?: string }) =>
      app.db.updateTable('posts').set(fields).where('id', '=', id).execute();
    await setPost(ids[0]!, { postId: `GoneVideo${competitionId.slice(0, 2)}` });
    await setPost(ids[1]!, { postId: `GoneVideo${competitionId.slice(2, 4)}` });
    await setPost(ids[2]!, { postId: 'LIMITreached', platform: 'instagram' });

    const worker = new JobWorker(app.db, sources);
    const { job: j } = (await staff.post(`/api/competitions/${competitionId}/refresh`)).json();
    while ((await worker.tick()) > 0);
    expect(await job(j.id)).toMatchObject({
      status: 'done',
      done: 1,
      failed: 3,
      failures: [
        { reason: 'not-found', count: 2 },
        { reason: 'rate-limited', count: 1 },
      ],
    });
    const reasons = async () => {
      const list = (await staff.get(`/api/competitions/${competitionId}/posts?pageSize=10`)).json();
      return ids.map((id) => list.items.find((p: { id: string }) => p.id === id).statsFailure);
    };
    expect(await reasons()).toEqual(['not-found', 'not-found', 'rate-limited', null]);

    // The video is back: the next refresh reads it and its reason goes.
    await setPost(ids[0]!, { postId: `Back${competitionId.slice(0, 7)}` });
    const { job: again } = (await staff.post(`/api/competitions/${competitionId}/refresh`)).json();
    while ((await worker.tick()) > 0);
    expect((await job(again.id)).failures).toEqual([
      { reason: 'not-found', count: 1 },
      { reason: 'rate-limited', count: 1 },
    ]);
    expect(await reasons()).toEqual([null, 'not-found', 'rate-limited', null]);
  });

  it('shares a job between two workers without refreshing any post twice', async () => {
    const competitionId = await competitionWithPosts(400);
    const { job: j } = (await staff.post(`/api/competitions/${competitionId}/refresh`)).json();
    const workers = [
      new JobWorker(app.db, sources, { batchSize: 25 }),
      new JobWorker(app.db, sources, { batchSize: 25 }),
    ];
    const handled = [0, 0];
    await Promise.all(
      workers.map(async (w, i) => {
        for (let n = await w.tick(); n > 0; n = await w.tick()) handled[i]! += n;
      }),
    );
    expect(handled[0]! + handled[1]!).toBe(400);
    expect(await job(j.id)).toMatchObject({ status: 'done', done: 400, failed: 0 });
    const perPost = await app.db
      .selectFrom('postSnapshots')
      .innerJoin('posts', 'posts.id', 'postSnapshots.postId')
      .select(['postSnapshots.postId', (eb) => eb.fn.countAll<number>().as('n')])
      .where('posts.competitionId', '=', competitionId)
      .groupBy('postSnapshots.postId')
      .execute();
    expect(perPost).toHaveLength(400);
    expect(perPost.every((p) => Number(p.n) === 1)).toBe(true);
  });

  it('works the leaderboard out once a refresh is done, so the standings follow the new numbers', async () => {
    const competitionId = await competitionWithPosts(3);
    const board = async () => (await staff.get(`/api/competitions/${competitionId}/leaderboard`)).json();
    expect((await board()).computedAt).toBeNull();
    const { job: j } = (await staff.post(`/api/competitions/${competitionId}/refresh`)).json();
    const worker = new JobWorker(app.db, sources);
    while ((await worker.tick()) > 0);
    const after = await board();
    expect(after.computedAt).toBeGreaterThanOrEqual((await job(j.id)).createdAt);
    const views = await app.db
      .selectFrom('posts')
      .select((eb) => eb.fn.sum<number>('views').as('views'))
      .where('competitionId', '=', competitionId)
      .executeTakeFirstOrThrow();
    expect(after.items.reduce((sum: number, e: { views: number }) => sum + e.views, 0)).toBe(
      Number(views.views),
    );
  });

  it('drops the tasks of jobs finished more than a week ago, keeping the jobs and snapshots', async () => {
    const competitionId = await competitionWithPosts(3);
    const { job: j } = (await staff.post(`/api/competitions/${competitionId}/refresh`)).json();
    const worker = new JobWorker(app.db, sources);
    while ((await worker.tick()) > 0);
    expect(await worker.purgeFinishedTasks()).toBe(0);
    await app.db
      .updateTable('jobs')
      .set({ finishedAt: now() - 8 * 24 * 3600_000 })
      .where('id', '=', j.id)
      .execute();
    expect(await worker.purgeFinishedTasks()).toBeGreaterThanOrEqual(3);
    expect(await job(j.id)).toMatchObject({ status: 'done', done: 3 });
  });

  it('queues a refresh for every active competition on the schedule', async () => {
    const competitionId = await competitionWithPosts(2);
    const c = (await staff.get(`/api/competitions/${competitionId}`)).json().competition;
    await staff.post(`/api/competitions/${competitionId}/state`, { version: c.version, state: 'active' });
    // The refresh area's schedule, as the app registers it when REFRESH_INTERVAL_MS is set.
    const config = { ...app.config, refreshIntervalMs: 60_000 };
    const worker = createJobWorker([refreshArea], { db: app.db, config, log: app.log });
    expect(await worker.runScheduled('refresh active competitions')).toBeGreaterThanOrEqual(1);
    expect((await staff.get(`/api/competitions/${competitionId}/jobs/latest`)).json().job).toMatchObject({
      status: 'queued',
      total: 2,
    });
  });
});
