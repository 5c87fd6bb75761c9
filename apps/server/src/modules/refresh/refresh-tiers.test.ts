import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVERY_PLATFORM, createCompetition } from '../../../test/fixtures/competitions.ts';
import { enterPost, refreshCompetition } from '../../../test/fixtures/entries.ts';
import { appWithFakeProviders } from '../../../test/fixtures/fake-providers-app.ts';
import type { SignedInClient } from '../../../test/fixtures/signed-in.ts';
import type { JobWorker } from '../../../test/job-worker.ts';
import type { createFakeProviders } from './fake-providers.ts';
import { refreshActiveCompetitions } from './refresh-jobs.ts';

/**
 * Refresh tiers end to end (issue 42, decision 0138): each refresh gives a post its tier by its
 * views per hour, and the schedule asks the providers only for the posts due. Time passes by
 * moving the posts' readings and due times back, as the labelled set does.
 */
const HOUR = 3_600_000;
let app: FastifyInstance;
let staff: SignedInClient;
let fake: ReturnType<typeof createFakeProviders>;
let worker: JobWorker;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, staff, fake, worker, close } = await appWithFakeProviders());
});
afterAll(() => close());

const pid = String(process.pid % 1000).padStart(3, '0');
let counter = 0;
/** A TikTok video of the fake provider, answering the numbers set for it. */
function video(handle: string) {
  const id = `75${pid}${String(++counter).padStart(6, '0')}00000001`;
  return { link: `https://www.tiktok.com/@${handle}/video/${id}`, key: `tiktok:${id}` };
}

/** Every reading and due time of these posts moves `ms` into the past. */
async function movedBack(ids: string[], ms: number) {
  await app.db
    .updateTable('postSnapshots')
    .set((eb) => ({ at: eb('at', '-', ms) }))
    .where('postId', 'in', ids)
    .execute();
  await app.db
    .updateTable('posts')
    .set((eb) => ({ nextRefreshAt: eb('nextRefreshAt', '-', ms) }))
    .where('id', 'in', ids)
    .execute();
}

const tiers = async (ids: string[]) => {
  const rows = await app.db
    .selectFrom('posts')
    .select(['id', 'refreshTier'])
    .where('id', 'in', ids)
    .execute();
  return ids.map((id) => rows.find((r) => r.id === id)!.refreshTier);
};
const readingsOf = async (ids: string[]) => {
  const rows = await app.db.selectFrom('postSnapshots').select('postId').where('postId', 'in', ids).execute();
  return ids.map((id) => rows.filter((r) => r.postId === id).length);
};

/** The schedule's round: jobs for the competitions with posts due, worked to the end. */
async function scheduledRound() {
  const competitions = await refreshActiveCompetitions(app.db);
  while ((await worker.tick()) > 0);
  return competitions;
}

describe('refresh tiers', () => {
  it('reads fast posts every 15 minutes, slow ones hourly, every 6 hours or daily, and posts near a prize hot', async () => {
    const competition = await createCompetition(staff, {
      startDate: 'yesterday',
      confirmed: true,
      platforms: EVERY_PLATFORM,
      // No prize goes by rank until the end of the test: no post is near one.
      prizes: ['First 30 Creators: $10'],
    });
    const state = await staff.post(`/api/competitions/${competition.id}/state`, {
      version: competition.version,
      state: 'active',
    });
    expect(state.statusCode, state.body).toBe(200);
    // Views per hour: 5,000 (hot), 40 (warm), 3 (cold), none (dormant, twice).
    const posts = [
      { name: 'fast', perHour: 5000, likes: 100 },
      { name: 'warm', perHour: 40, likes: 100 },
      { name: 'cold', perHour: 3, likes: 100 },
      { name: 'dormant', perHour: 0, likes: 100 },
      { name: 'far', perHour: 0, likes: 1 },
    ].map((p) => ({ ...p, views: 10_000, video: video(p.name) }));
    const answer = () => {
      for (const p of posts) fake.numbers.set(p.video.key, { views: p.views, likes: p.likes, comments: 1 });
    };
    const ids: string[] = [];
    answer();
    for (const p of posts)
      ids.push(
        await enterPost(app, staff, competition.id, { link: p.video.link, email: `${p.name}@t.test` }),
      );
    await refreshCompetition(staff, worker, competition.id);
    // One reading says nothing of speed: hot.
    expect(await tiers(ids)).toEqual(['hot', 'hot', 'hot', 'hot', 'hot']);

    /** As if `ms` went by: the readings and due times move back, the views grow at each pace. */
    const timePasses = async (ms: number) => {
      await movedBack(ids, ms);
      for (const p of posts) p.views += Math.round((p.perHour * ms) / HOUR);
      answer();
    };
    await timePasses(HOUR);
    // Every post was due: the schedule reads them all and tiers each by its speed.
    expect(await scheduledRound()).toBe(1);
    expect(await tiers(ids)).toEqual(['hot', 'warm', 'cold', 'dormant', 'dormant']);
    expect(await readingsOf(ids)).toEqual([2, 2, 2, 2, 2]);
    const due = await app.db
      .selectFrom('posts')
      .select(['id', 'nextRefreshAt', 'statsCheckedAt'])
      .where('id', 'in', ids)
      .execute();
    const everyMinutes = ids.map((id) => {
      const row = due.find((r) => r.id === id)!;
      return (Number(row.nextRefreshAt) - Number(row.statsCheckedAt)) / 60_000;
    });
    expect(everyMinutes).toEqual([15, 60, 360, 1440, 1440]);

    // Nothing is due yet: no job, no provider call.
    expect(await scheduledRound()).toBe(0);
    expect(await readingsOf(ids)).toEqual([2, 2, 2, 2, 2]);
    // 15 minutes on, only the fast post; an hour on, the warm one too.
    await timePasses(15 * 60_000);
    expect(await scheduledRound()).toBe(1);
    expect(await readingsOf(ids)).toEqual([3, 2, 2, 2, 2]);
    await timePasses(45 * 60_000);
    await scheduledRound();
    expect(await readingsOf(ids)).toEqual([4, 3, 2, 2, 2]);
    // Six hours on, the cold one; a day on, the dormant one.
    await timePasses(5 * HOUR);
    await scheduledRound();
    expect(await readingsOf(ids)).toEqual([5, 4, 3, 2, 2]);
    await timePasses(18 * HOUR);
    await scheduledRound();
    expect(await readingsOf(ids)).toEqual([6, 5, 4, 3, 3]);
    // Staff's Update Views still reads every post. Moments after the schedule's reads, its own
    // say nothing of speed: each post keeps its tier.
    await refreshCompetition(staff, worker, competition.id);
    expect(await readingsOf(ids)).toEqual([7, 6, 5, 4, 4]);
    expect(await tiers(ids)).toEqual(['hot', 'warm', 'cold', 'dormant', 'dormant']);

    // A first prize, and the dormant post takes the lead by likes: near the prize, it is read
    // every 15 minutes. (Fields of the update form, set here directly to keep the test short.)
    await app.db
      .updateTable('competitions')
      .set({ metric: 'likes', prizes: JSON.stringify(['1st Place: $200']) })
      .where('id', '=', competition.id)
      .execute();
    posts[3]!.likes = 900;
    answer();
    // The refresh works the board out when it is done; the next one reads it.
    await refreshCompetition(staff, worker, competition.id);
    await refreshCompetition(staff, worker, competition.id);
    // One prize: the leader and the three ranked after it are hot; the fifth keeps its tier.
    expect(await tiers(ids)).toEqual(['hot', 'hot', 'hot', 'hot', 'dormant']);
  });
});
