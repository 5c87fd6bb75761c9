import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveCompetition } from '../../../test/fixtures/competitions.ts';
import { insertQueuedPosts, insertReferral, tiktokLink } from '../../../test/fixtures/posts.ts';
import { signedInApp, type SignedInClient } from '../../../test/fixtures/signed-in.ts';
import { scriptedSources } from '../../../test/fixtures/stats-sources.ts';
import { JobWorker } from '../../../test/job-worker.ts';
import type { StatsSource } from '../refresh/providers.ts';

/**
 * What a refresh (Update Views) does to the likes that review owns: the referral bonus on top
 * (read from the row as it is written, so a Love or a Reset while the refresh runs counts once),
 * likes typed by staff (a provider's 0 never replaces them), and a competition whose stored
 * country list is unreadable.
 */
let app: FastifyInstance;
let staff: SignedInClient;
let worker: JobWorker;
const scripted = scriptedSources();
/** Runs inside the provider call: after the job read its posts, before it stores their numbers. */
let duringFetch: (() => Promise<void>) | null = null;

beforeAll(async () => {
  ({ app, staff } = await signedInApp({ staff: 'staff' }, { referralBonusLikes: 100 }));
  const tiktok: StatsSource = {
    ...scripted.sources.tiktok,
    fetch: async (targets) => {
      const hook = duringFetch;
      duringFetch = null;
      if (hook) await hook();
      return scripted.sources.tiktok.fetch(targets);
    },
  };
  worker = new JobWorker(app.db, { ...scripted.sources, tiktok });
});
afterAll(() => app.close());

const stored = (id: string) =>
  app.db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const snapshots = (id: string) =>
  app.db.selectFrom('postSnapshots').select('likes').where('postId', '=', id).orderBy('at').execute();

async function refresh(competitionId: string) {
  const started = await staff.post(`/api/competitions/${competitionId}/refresh`);
  expect(started.statusCode, started.body).toBe(202);
  while ((await worker.tick()) > 0);
  const job = (await staff.get(`/api/jobs/${started.json().job.id}`)).json().job;
  expect(job).toMatchObject({ status: 'done', failed: 0 });
}

/** One unscored TikTok post with `referrals` legacy referrals; the provider will answer `stats`. */
async function postWithReferrals(referrals: number, stats: { likes: number; views: number }) {
  const c = await liveCompetition(staff);
  const [id] = await insertQueuedPosts(app, c.id, 1);
  for (let i = 0; i < referrals; i++) await insertReferral(app, id!, tiktokLink('referrer'));
  const row = await stored(id!);
  scripted.answers.set(row.postId!, stats);
  return { competitionId: c.id, id: id! };
}

describe('the referral bonus through a refresh', () => {
  it('a Love pressed while the refresh runs keeps its bonus on top of the new likes', async () => {
    const { competitionId, id } = await postWithReferrals(2, { likes: 40, views: 5000 });
    duringFetch = async () => {
      const loved = await staff.post(`/api/posts/${id}/score`, { version: 1, score: 'love' });
      expect(loved.statusCode, loved.body).toBe(200);
      expect(loved.json().post).toMatchObject({ bonusLikes: 200, likes: 200 });
    };
    await refresh(competitionId);
    expect(duringFetch).toBeNull();
    expect(await stored(id)).toMatchObject({ likes: 240, bonusLikes: 200, views: 5000 });
    expect(await snapshots(id)).toEqual([{ likes: 240 }]);
  });

  it('a Reset pressed while the refresh runs is not undone: the bonus is not added back', async () => {
    const { competitionId, id } = await postWithReferrals(1, { likes: 40, views: 5000 });
    const loved = (await staff.post(`/api/posts/${id}/score`, { version: 1, score: 'love' })).json().post;
    expect(loved).toMatchObject({ likes: 100, bonusLikes: 100 });
    await refresh(competitionId);
    expect(await stored(id)).toMatchObject({ likes: 140, bonusLikes: 100 });
    duringFetch = async () => {
      const current = await stored(id);
      const reset = await staff.post(`/api/posts/${id}/reset-referrals`, { version: current.version });
      expect(reset.statusCode, reset.body).toBe(200);
      expect(reset.json().post).toMatchObject({ likes: 40, bonusLikes: 0 });
    };
    await refresh(competitionId);
    expect(await stored(id)).toMatchObject({ likes: 40, bonusLikes: 0 });
    expect(await snapshots(id)).toEqual([{ likes: 140 }, { likes: 40 }]);
  });
});

describe('likes typed by staff', () => {
  it("survive a provider's 0 likes (views still update, no flag from them); a positive count replaces them", async () => {
    const { competitionId, id } = await postWithReferrals(0, { likes: 0, views: 100 });
    const typed = await staff.patch(`/api/posts/${id}`, { version: 1, likes: 500 });
    expect(typed.statusCode, typed.body).toBe(200);
    await refresh(competitionId);
    // 500 likes over 100 views would read as cheating; the provider's likes are what is judged.
    expect(await stored(id)).toMatchObject({ likes: 500, views: 100, deleted: 0, flags: '[]' });
    expect(await snapshots(id)).toEqual([{ likes: 500 }]);

    // Beyond a 32-bit integer, to be sure the database adds the bonus in a wide enough type.
    scripted.answers.set((await stored(id)).postId!, { likes: 3_000_000_000, views: 9_000_000_000 });
    await refresh(competitionId);
    expect(await stored(id)).toMatchObject({ likes: 3_000_000_000, views: 9_000_000_000 });
  });

  it("a post with no likes stored takes the provider's 0", async () => {
    const { competitionId, id } = await postWithReferrals(0, { likes: 0, views: 70 });
    await refresh(competitionId);
    expect(await stored(id)).toMatchObject({ likes: 0, views: 70 });
  });
});

describe('a competition whose stored country list is unreadable', () => {
  it('still takes entries and refreshes, judging countries as unlimited', async () => {
    const c = await liveCompetition(staff);
    await app.db
      .updateTable('competitions')
      .set({ countries: '["US"', continents: '{not json' })
      .where('id', '=', c.id)
      .execute();
    const link = tiktokLink('malformed');
    const entered = await staff.post(`/api/competitions/${c.id}/posts`, {
      email: 'malformed@creators.test',
      creator: 'malformed',
      link,
    });
    expect(entered.statusCode, entered.body).toBe(201);
    scripted.answers.set(/video\/(\d+)/.exec(link)![1]!, { likes: 10, views: 900, country: 'FR' });
    await refresh(c.id);
    const row = await app.db
      .selectFrom('posts')
      .selectAll()
      .where('competitionId', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ likes: 10, views: 900, deleted: 0, flags: '[]', providerCountry: 'FR' });
  });
});
