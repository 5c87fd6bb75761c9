import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompetition } from '../../../test/fixtures/competitions.ts';
import { insertPosts } from '../../../test/fixtures/posts.ts';
import { signedInApp, type SignedInClient } from '../../../test/fixtures/signed-in.ts';
import { now } from '../../lib/clock.ts';
import { JobWorker } from '../../../test/job-worker.ts';
import { createStatsSources } from '../refresh/providers.ts';

let app: FastifyInstance;
let staff: SignedInClient, organizer: SignedInClient;

beforeAll(async () => {
  const members = { staff: 'staff', organizer: { role: 'organizer', email: 'other@label.test' } } as const;
  ({ app, staff, organizer } = await signedInApp(members));
});
afterAll(() => app.close());

describe('Update Leaderboard', () => {
  it('recomputes the ranking as a job and serves it paged, sorted, with prizes and reasons', async () => {
    const c = await createCompetition(staff, {
      name: 'Board Song',
      prizes: ['1st Place: $200', 'Most Creative: $50'],
    });
    const posts = [
      ['ana', 'tiktok', 500, 900, 0],
      ['ana', 'tiktok', 100, 5000, 0],
      ['ben', 'tiktok', 550, 800, 0],
      ['cai', 'youtube', 20, 100, 100],
    ] as const;
    await insertPosts(
      app,
      c.id,
      posts.map(([creator, platform, likes, views, creativityScore]) => ({
        creator,
        platform,
        likes,
        views,
        creativityScore,
      })),
    );

    expect((await staff.get(`/api/competitions/${c.id}/leaderboard`)).json()).toEqual({
      items: [],
      total: 0,
      computedAt: null,
    });
    const clicks = await Promise.all(
      Array.from({ length: 3 }, () => staff.post(`/api/competitions/${c.id}/leaderboard/update`)),
    );
    const { job } = clicks[0]!.json();
    expect(new Set(clicks.map((r) => r.json().job.id)).size).toBe(1);
    expect(job).toMatchObject({ kind: 'update-leaderboard', status: 'queued', total: 1 });
    const worker = new JobWorker(app.db, createStatsSources({} as never));
    expect(await worker.tick()).toBe(1);
    expect((await staff.get(`/api/jobs/${job.id}`)).json().job).toMatchObject({ status: 'done', done: 1 });

    const board = (await staff.get(`/api/competitions/${c.id}/leaderboard`)).json();
    expect(board.total).toBe(3);
    expect(board.computedAt).toBeGreaterThan(0);
    expect(
      board.items.map((r: { creator: string; likes: number; postCount: number }) => [
        r.creator,
        r.likes,
        r.postCount,
      ]),
    ).toEqual([
      ['ana', 600, 2],
      ['ben', 550, 1],
      ['cai', 20, 1],
    ]);
    expect(board.items[0]).toMatchObject({
      prizeLabel: '1st Place',
      prizeAmount: 200,
      reason: '1st Place: rank 1 by likes (600)',
    });
    expect(board.items[2]).toMatchObject({ prizeLabel: 'Most Creative', prizeAmount: 50 });
    const byViews = (
      await staff.get(`/api/competitions/${c.id}/leaderboard?sortBy=views&sortDirection=desc&pageSize=1`)
    ).json();
    expect(byViews.items.map((r: { creator: string }) => r.creator)).toEqual(['ana']);
    // The total is the board's, whatever the page; a search counts what it finds.
    expect(byViews).toMatchObject({ total: 3, computedAt: board.computedAt });
    const searched = (await staff.get(`/api/competitions/${c.id}/leaderboard?search=BEN`)).json();
    expect(searched).toMatchObject({ total: 1, computedAt: board.computedAt });
    expect(searched.items.map((r: { creator: string }) => r.creator)).toEqual(['ben']);
    const beyond = (await staff.get(`/api/competitions/${c.id}/leaderboard?page=9&pageSize=1`)).json();
    expect(beyond).toMatchObject({ items: [], total: 3 });
    // Computed again without cai's post: the board and its total shrink.
    await app.db.updateTable('posts').set({ deleted: 1 }).where('creator', '=', 'cai').execute();
    const again = (await staff.post(`/api/competitions/${c.id}/leaderboard/update`)).json().job;
    expect(await worker.tick()).toBe(1);
    expect((await staff.get(`/api/jobs/${again.id}`)).json().job).toMatchObject({ status: 'done' });
    expect((await staff.get(`/api/competitions/${c.id}/leaderboard`)).json().total).toBe(2);
    expect((await organizer.get(`/api/competitions/${c.id}/leaderboard`)).statusCode).toBe(404);
  });

  it('fails a computation whose worker fell silent for a whole lease, so the next click starts anew', async () => {
    const c = await createCompetition(staff, { name: 'Stuck Board' });
    const { job } = (await staff.post(`/api/competitions/${c.id}/leaderboard/update`)).json();
    // As a worker that claimed the job and then crashed leaves it: running, heartbeat at `beat`.
    const crashedAt = async (beat: number) =>
      app.db
        .updateTable('jobs')
        .set({ status: 'running', updatedAt: beat })
        .where('id', '=', job.id)
        .execute();
    const worker = new JobWorker(app.db, createStatsSources({} as never), {
      leaseMs: 1000,
      heartbeatMs: 100,
    });
    const statusOf = async () => (await staff.get(`/api/jobs/${job.id}`)).json().job;

    await crashedAt(now() - 500);
    expect(await worker.tick()).toBe(0);
    expect(await statusOf()).toMatchObject({ status: 'running' });

    await crashedAt(now() - 1500);
    expect(await worker.tick()).toBe(0);
    expect(await statusOf()).toMatchObject({
      status: 'failed',
      error: 'The worker stopped while computing; please update again',
    });
    const again = (await staff.post(`/api/competitions/${c.id}/leaderboard/update`)).json().job;
    expect(again.id).not.toBe(job.id);
    expect(await worker.tick()).toBe(1);
    expect(await statusOf()).toMatchObject({ status: 'failed' });
    expect((await staff.get(`/api/jobs/${again.id}`)).json().job).toMatchObject({ status: 'done' });
  });

  it('follows review by itself: a deleted post leaves the board, a Loved one shows its creativity, without Update', async () => {
    const c = await createCompetition(staff, { name: 'Reviewed Board' });
    const [, ben, , dan] = await insertPosts(
      app,
      c.id,
      (['ana', 'ben', 'cai', 'dan'] as const).map((creator, i) => ({ creator, likes: 400 - i * 100 })),
    );
    const worker = new JobWorker(app.db, createStatsSources({} as never));
    await staff.post(`/api/competitions/${c.id}/leaderboard/update`);
    expect(await worker.tick()).toBe(1);
    type Row = { creator: string; rank: number; creativityScore: number };
    const board = async () =>
      ((await staff.get(`/api/competitions/${c.id}/leaderboard`)).json().items as Row[]).map((r) => [
        r.creator,
        r.rank,
        r.creativityScore,
      ]);
    expect(await board()).toEqual([
      ['ana', 1, 0],
      ['ben', 2, 0],
      ['cai', 3, 0],
      ['dan', 4, 0],
    ]);

    const deleted = await staff.post(`/api/posts/${ben!.id}/disqualify`, { version: 1, choice: 'none' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const loved = await staff.post(`/api/posts/${dan!.id}/score`, { version: 1, score: 'love' });
    expect(loved.statusCode, loved.body).toBe(200);
    // No Update pressed, no job run: the read brings the board up to date with the review.
    expect(await board()).toEqual([
      ['ana', 1, 0],
      ['cai', 2, 0],
      ['dan', 3, 100],
    ]);
    const restored = await staff.post(`/api/posts/${ben!.id}/restore`, { version: 2 });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await board()).map(([creator]) => creator)).toEqual(['ana', 'ben', 'cai', 'dan']);
    expect(await worker.tick()).toBe(0);
  });
});
