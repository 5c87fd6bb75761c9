import { FLAG_MESSAGES, INTEGRITY_MESSAGES, startOfDay } from '@preffy/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveCompetition } from '../../../test/fixtures/competitions.ts';
import { enterPost } from '../../../test/fixtures/entries.ts';
import { insertReferral, tiktokLink } from '../../../test/fixtures/posts.ts';
import { signedInApp, type SignedInClient } from '../../../test/fixtures/signed-in.ts';
import { scriptedSources } from '../../../test/fixtures/stats-sources.ts';
import { insertWinners } from '../../../test/fixtures/winners.ts';
import { createFakeProviders, fakeProvidersConfig } from '../refresh/fake-providers.ts';
import { type PostStats, createStatsSources } from '../refresh/providers.ts';
import { JobWorker } from '../../../test/job-worker.ts';

/**
 * The automatic flags (decision 0023) through the paths that raise them: a refresh storing a
 * post's numbers, and a post being entered. Thresholds are checked at their boundaries.
 */
const TIME_ZONE = 'America/New_York';
let app: FastifyInstance;
let staff: SignedInClient;
let admin: SignedInClient;
let worker: JobWorker;
const scripted = scriptedSources();

beforeAll(async () => {
  ({ app, staff, admin } = await signedInApp(
    { staff: 'staff', admin: 'admin' },
    { businessTimeZone: TIME_ZONE },
  ));
  worker = new JobWorker(app.db, scripted.sources, { timeZone: TIME_ZONE });
});
afterAll(() => app.close());

type Link = { link: string; platform: 'tiktok' | 'instagram' | 'youtube'; videoId: string };
let instagramCounter = 0;
const linkFor = (platform: Link['platform']): Link => {
  if (platform === 'tiktok') {
    const link = tiktokLink();
    return { link, platform, videoId: /video\/(\d+)/.exec(link)![1]! };
  }
  const n = String(++instagramCounter).padStart(6, '0');
  if (platform === 'instagram') {
    const videoId = `Flg${process.pid % 1000}x${n}`;
    return { link: `https://www.instagram.com/reel/${videoId}/`, platform, videoId };
  }
  const videoId = `Yt${n}${String(process.pid % 1000).padStart(3, '0')}`;
  return { link: `https://www.youtube.com/shorts/${videoId}`, platform, videoId };
};

/** An entry whose handle is its address's name: a banned address's handle is its own (ban evasion). */
const enter = (competitionId: string, link: string, email = 'creator@creators.test') =>
  enterPost(app, staff, competitionId, { link, email });

/** Enters one post per case, refreshes them all once with the scripted numbers, returns them. */
async function refreshCases(
  competitionId: string,
  cases: { platform: Link['platform']; stats: Partial<PostStats> }[],
) {
  const ids: string[] = [];
  for (const c of cases) {
    const { link, videoId } = linkFor(c.platform);
    scripted.answers.set(videoId, c.stats);
    ids.push(await enter(competitionId, link));
  }
  await refresh(competitionId);
  return Promise.all(ids.map(stored));
}

async function refresh(competitionId: string) {
  const started = await staff.post(`/api/competitions/${competitionId}/refresh`);
  expect(started.statusCode, started.body).toBe(202);
  while ((await worker.tick()) > 0);
}

const stored = async (id: string) => {
  const row = await app.db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return { ...row, flags: JSON.parse(row.flags) as { code: string; message: string; values: object }[] };
};
/** Limits the competition to these countries, no continent. */
const allowCountries = (competitionId: string, countries: string[]) =>
  app.db
    .updateTable('competitions')
    .set({ countries: JSON.stringify(countries), continents: '[]' })
    .where('id', '=', competitionId)
    .execute();
const codes = (post: { flags: { code: string }[] }) => post.flags.map((f) => f.code);

describe('flags raised by a refresh', () => {
  it("'CHEATING! Likes exceed views' from 11 likes above views, not 10; the post leaves the queue", async () => {
    const c = await liveCompetition(staff);
    const [ten, eleven] = await refreshCases(c.id, [
      { platform: 'tiktok', stats: { likes: 10, views: 5 } },
      { platform: 'tiktok', stats: { likes: 11, views: 5 } },
    ]);
    expect(codes(ten!)).toEqual([]);
    expect(ten!.deleted).toBe(0);
    expect(eleven!.flags).toEqual([
      { code: 'likesExceedViews', message: FLAG_MESSAGES.likesExceedViews, values: { likes: 11, views: 5 } },
    ]);
    expect(eleven).toMatchObject({ deleted: 1, deletedReason: 'flagged' });
    // Out of the queue, onto the flagged list with its messages.
    const queue = (await staff.get(`/api/competitions/${c.id}/review`)).json();
    expect(queue.items.map((p: { id: string }) => p.id)).toEqual([ten!.id]);
    const flagged = (await staff.get(`/api/competitions/${c.id}/flagged`)).json();
    expect(flagged.total).toBe(1);
    expect(flagged.items[0]).toMatchObject({
      id: eleven!.id,
      deleted: true,
      deletedReason: 'flagged',
      flags: [{ code: 'likesExceedViews', values: { likes: 11, views: 5 } }],
    });
  });

  it('an Instagram post with likes and no view count keeps its place: views unknown, or 4 × likes as an estimate, and no flag', async () => {
    const c = await liveCompetition(staff);
    const [counted, unknown, estimated] = await refreshCases(c.id, [
      { platform: 'instagram', stats: { likes: 500, views: 0, viewsKind: 'reported' } },
      { platform: 'instagram', stats: { likes: 500, views: 0, viewsKind: 'unknown' } },
      { platform: 'instagram', stats: { likes: 5000, views: 20_000, viewsKind: 'estimated' } },
    ]);
    // Reported 0 views against 500 likes is still cheating; unknown and estimated are not.
    expect(codes(counted!)).toEqual(['likesExceedViews']);
    for (const post of [unknown!, estimated!]) {
      expect(codes(post)).toEqual([]);
      expect(post.deleted).toBe(0);
    }
    const queue = (await staff.get(`/api/competitions/${c.id}/review`)).json();
    expect(
      queue.items.map((p: { id: string; views: number; viewsKind: string }) => [p.id, p.views, p.viewsKind]),
    ).toEqual(
      expect.arrayContaining([
        [unknown!.id, 0, 'unknown'],
        [estimated!.id, 20_000, 'estimated'],
      ]),
    );
    // The snapshot keeps where its views came from.
    const snapshots = await app.db
      .selectFrom('postSnapshots')
      .select(['postId', 'viewsKind'])
      .where('postId', 'in', [unknown!.id, estimated!.id])
      .execute();
    expect(snapshots.map((s) => [s.postId, s.viewsKind])).toEqual(
      expect.arrayContaining([
        [unknown!.id, 'unknown'],
        [estimated!.id, 'estimated'],
      ]),
    );
  });

  it("'Investigate further for cheating' above the platform's ratio from 1001 likes: removes on TikTok, a note on Instagram and YouTube", async () => {
    const c = await liveCompetition(staff);
    const posts = await refreshCases(c.id, [
      // TikTok 0.5: 1000 likes is never checked; 1001/2002 is exactly 0.5; 1001/2001 is above.
      { platform: 'tiktok', stats: { likes: 1000, views: 1000 } },
      { platform: 'tiktok', stats: { likes: 1001, views: 2002 } },
      { platform: 'tiktok', stats: { likes: 1001, views: 2001 } },
      // Instagram and YouTube 0.7: 1001/1430 is exactly 0.7; 1001/1429 is above.
      { platform: 'instagram', stats: { likes: 1000, views: 1000 } },
      { platform: 'instagram', stats: { likes: 1001, views: 1430 } },
      { platform: 'instagram', stats: { likes: 1001, views: 1429 } },
      { platform: 'youtube', stats: { likes: 1001, views: 1430 } },
      { platform: 'youtube', stats: { likes: 1001, views: 1429 } },
    ]);
    expect(posts.map(codes)).toEqual([[], [], ['investigate'], [], [], ['investigate'], [], ['investigate']]);
    expect(posts[2]!.flags[0]).toMatchObject({
      message: FLAG_MESSAGES.investigate,
      values: { likes: 1001, views: 2001, ratio: 0.5, limit: 0.5 },
    });
    expect(posts[5]!.flags[0]!.values).toMatchObject({ likes: 1001, views: 1429, limit: 0.7 });
    expect(posts.map((p) => [p.deleted, p.deletedReason])).toEqual([
      [0, null],
      [0, null],
      [1, 'flagged'],
      [0, null],
      [0, null],
      [0, null],
      [0, null],
      [0, null],
    ]);
  });

  it("'Invalid Post Date' for a post made one second before the start date's midnight (business zone), not at it", async () => {
    const c = await liveCompetition(staff);
    const midnight = startOfDay(c.startDate, TIME_ZONE);
    const [before, atStart] = await refreshCases(c.id, [
      { platform: 'tiktok', stats: { postedDate: midnight - 1000 } },
      { platform: 'tiktok', stats: { postedDate: midnight } },
    ]);
    expect(before!.flags).toEqual([
      {
        code: 'invalidPostDate',
        message: FLAG_MESSAGES.invalidPostDate,
        values: { postedDate: midnight - 1000, startDate: Number(c.startDate), startOfDay: midnight },
      },
    ]);
    expect(before!.deleted).toBe(1);
    expect(codes(atStart!)).toEqual([]);
    expect(atStart!.deleted).toBe(0);
  });

  it("'Invalid Country' from a country the competition does not allow; the provider's country is kept beside the stored one", async () => {
    const c = await liveCompetition(staff);
    await allowCountries(c.id, ['US']);
    const [france, us] = await refreshCases(c.id, [
      { platform: 'tiktok', stats: { country: 'FR' } },
      { platform: 'tiktok', stats: { country: 'US' } },
    ]);
    expect(france!.flags).toEqual([
      { code: 'invalidCountry', message: FLAG_MESSAGES.invalidCountry, values: { country: 'FR' } },
    ]);
    expect(france).toMatchObject({ deleted: 1, country: 'FR', providerCountry: 'FR' });
    expect(us).toMatchObject({ deleted: 0, country: 'US', providerCountry: 'US', flags: [] });

    // A later answer fills providerCountry only: the stored country stays for the comparison.
    scripted.answers.set(us!.postId!, { country: 'CA' });
    await refresh(c.id);
    const after = (await staff.get(`/api/competitions/${c.id}/review`)).json().items[0];
    expect(after).toMatchObject({ id: us!.id, country: 'US', providerCountry: 'CA', flags: [] });
  });

  it("'Invalid Country' on YouTube from the channel's country; a channel that names none leaves the check unable to run", async () => {
    const fake = createFakeProviders();
    try {
      const { shortLinkBaseUrl: _unused, ...endpoints } = fakeProvidersConfig(await fake.listen());
      const providers = createStatsSources({
        ...endpoints,
        requestsPerSecond: 1000,
        timeoutMs: 2000,
        backoffMs: 5,
      });
      const c = await liveCompetition(staff);
      await allowCountries(c.id, ['CA']);
      // The fake's channels are in the US, except those of NoCountry… videos.
      const abroad = await enter(c.id, linkFor('youtube').link);
      const unknown = await enter(
        c.id,
        `https://youtu.be/NoCountry${String(process.pid % 100).padStart(2, '0')}`,
      );
      const started = await staff.post(`/api/competitions/${c.id}/refresh`);
      expect(started.statusCode, started.body).toBe(202);
      const fakeWorker = new JobWorker(app.db, providers, { timeZone: TIME_ZONE });
      while ((await fakeWorker.tick()) > 0);

      expect(await stored(abroad)).toMatchObject({
        deleted: 1,
        country: 'US',
        providerCountry: 'US',
        flags: [{ code: 'invalidCountry', message: FLAG_MESSAGES.invalidCountry, values: { country: 'US' } }],
      });
      expect(await stored(unknown)).toMatchObject({
        deleted: 0,
        country: null,
        providerCountry: null,
        flags: [],
      });
    } finally {
      await fake.close();
    }
  });

  it('a medium view spike between two refreshes is a note with its numbers; a high one removes the post', async () => {
    const c = await liveCompetition(staff);
    const [spiking, steady, bought] = await refreshCases(c.id, [
      { platform: 'tiktok', stats: { views: 1000, likes: 10 } },
      { platform: 'tiktok', stats: { views: 1000, likes: 10 } },
      { platform: 'tiktok', stats: { views: 1000, likes: 10 } },
    ]);
    // Within the hour: growth counts per hour, so 1000 → 5000 is +400 %/h (above TikTok's 300 %),
    // 1000 → 4000 exactly +300 %/h (not above); 1000 → 10,000 is +900 %/h, above the high 800 %.
    scripted.answers.set(spiking!.postId!, { views: 5000, likes: 10 });
    scripted.answers.set(steady!.postId!, { views: 4000, likes: 10 });
    scripted.answers.set(bought!.postId!, { views: 10_000, likes: 10 });
    await refresh(c.id);
    const spiked = await stored(spiking!.id);
    const readings = await app.db
      .selectFrom('postSnapshots')
      .select('at')
      .where('postId', '=', spiking!.id)
      .orderBy('at')
      .execute();
    expect(spiked.flags).toEqual([
      {
        code: 'viewSpikeMedium',
        message: INTEGRITY_MESSAGES.viewSpikeMedium,
        values: {
          fromViews: 1000,
          toViews: 5000,
          // The real time between the two readings, not the hour the growth is spread over.
          minutes: Math.round((Number(readings[1]!.at) - Number(readings[0]!.at)) / 60_000),
          growthPercentPerHour: 400,
          limitPercent: 300,
          minGain: 500,
        },
      },
    ]);
    expect(spiked.deleted).toBe(0);
    expect(codes(await stored(steady!.id))).toEqual([]);
    const removed = await stored(bought!.id);
    // 9,000 views that brought not one like: bought views on both counts.
    expect(removed.flags).toMatchObject([
      { code: 'viewSpikeHigh', values: { growthPercentPerHour: 900, limitPercent: 800 } },
      { code: 'viewsWithoutEngagement', values: { ratePercentBefore: 1, ratePercentOfJump: 0 } },
    ]);
    expect(removed).toMatchObject({ deleted: 1, deletedReason: 'flagged' });
  });

  it("follows the administrators' thresholds: a lowered TikTok spike tier flags what the default lets pass", async () => {
    const c = await liveCompetition(staff);
    const [before, after] = await refreshCases(c.id, [
      { platform: 'tiktok', stats: { views: 1000, likes: 10 } },
      { platform: 'tiktok', stats: { views: 1000, likes: 10 } },
    ]);
    // 1000 → 3500 within the hour: +250 %/h, under the default 300 %.
    scripted.answers.set(before!.postId!, { views: 3500, likes: 10 });
    await refresh(c.id);
    expect(codes(await stored(before!.id))).toEqual([]);
    const settings = (await admin.get('/api/settings/integrity')).json();
    const tiktok = settings.thresholds.tiktok;
    const lowered = { ...tiktok, spike: { ...tiktok.spike, medium: { growthPerHour: 2, minGain: 500 } } };
    const saved = await admin.put('/api/settings/integrity', {
      version: settings.version,
      thresholds: { ...settings.thresholds, tiktok: lowered },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      scripted.answers.set(after!.postId!, { views: 3500, likes: 10 });
      await refresh(c.id);
      expect((await stored(after!.id)).flags).toMatchObject([
        { code: 'viewSpikeMedium', values: { growthPercentPerHour: 250, limitPercent: 200 } },
      ]);
    } finally {
      const current = (await admin.get('/api/settings/integrity')).json();
      await admin.put('/api/settings/integrity', { version: current.version, thresholds: current.defaults });
    }
  });

  it('scores each post’s risk from its flags; the queue orders by it, page by page, and filters on it', async () => {
    const c = await liveCompetition(staff);
    const [clean, noted, bought] = await refreshCases(c.id, [
      { platform: 'tiktok', stats: { views: 1000, likes: 10 } },
      { platform: 'tiktok', stats: { views: 1000, likes: 10 } },
      { platform: 'tiktok', stats: { views: 1000, likes: 10 } },
    ]);
    // +500 %/h: a medium spike (25). With no like along, views without engagement too (35).
    scripted.answers.set(clean!.postId!, { views: 1100, likes: 12 });
    scripted.answers.set(noted!.postId!, { views: 5000, likes: 410 });
    scripted.answers.set(bought!.postId!, { views: 6000, likes: 10 });
    await refresh(c.id);
    expect((await stored(bought!.id)).riskScore).toBe(60);
    expect((await stored(noted!.id)).riskScore).toBe(25);
    expect((await stored(clean!.id)).riskScore).toBe(0);
    const page = async (query: string) => {
      const answer = await staff.get(`/api/competitions/${c.id}/review?${query}`);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json() as { items: { id: string; risk: object }[]; total: number; next: string | null };
    };
    const seen: string[] = [];
    let next: string | null = null;
    do {
      const p = await page(`order=risk&limit=1${next ? `&after=${next}` : ''}`);
      seen.push(...p.items.map((i) => i.id));
      next = p.next;
    } while (next);
    expect(seen).toEqual([bought!.id, noted!.id, clean!.id]);
    const first = await page('order=risk&limit=1');
    expect(first.items[0]!.risk).toEqual({
      score: 60,
      parts: [
        { code: 'viewsWithoutEngagement', weight: 35 },
        { code: 'viewSpikeMedium', weight: 25 },
      ],
    });
    const risky = await page('minRisk=50');
    expect(risky.items.map((i) => i.id)).toEqual([bought!.id]);
    expect(risky.total).toBe(1);
    expect((await staff.get(`/api/competitions/${c.id}/review?minRisk=101`)).statusCode).toBe(400);
    // The oldest-first queue is as before.
    expect((await page('limit=3')).items.map((i) => i.id)).toEqual([clean!.id, noted!.id, bought!.id]);
  });

  it('groups the competition’s posts by signal, and lists the removed ones of one signal', async () => {
    const c = await liveCompetition(staff);
    const [noted, bought] = await refreshCases(c.id, [
      { platform: 'tiktok', stats: { views: 1000, likes: 10 } },
      { platform: 'tiktok', stats: { views: 1000, likes: 10 } },
    ]);
    scripted.answers.set(noted!.postId!, { views: 5000, likes: 410 });
    scripted.answers.set(bought!.postId!, { views: 10_000, likes: 10 });
    await refresh(c.id);
    const groups = await staff.get(`/api/competitions/${c.id}/signals`);
    expect(groups.statusCode, groups.body).toBe(200);
    expect(new Set(groups.json().signals)).toEqual(
      new Set([
        { code: 'viewSpikeHigh', removed: 1, live: 0 },
        { code: 'viewsWithoutEngagement', removed: 1, live: 0 },
        { code: 'viewSpikeMedium', removed: 0, live: 1 },
      ]),
    );
    const flagged = (signal: string) => staff.get(`/api/competitions/${c.id}/flagged?signal=${signal}`);
    expect((await flagged('viewSpikeHigh')).json().items.map((p: { id: string }) => p.id)).toEqual([
      bought!.id,
    ]);
    expect((await flagged('viewSpikeMedium')).json()).toMatchObject({ items: [], total: 0 });
    expect((await flagged('nonsense')).statusCode).toBe(400);
  });

  it("judges the platform's likes: a referral bonus on top never reads as cheating", async () => {
    const c = await liveCompetition(staff);
    const { link, videoId } = linkFor('tiktok');
    const id = await enter(c.id, link);
    await insertReferral(app, id, tiktokLink());
    const loved = await staff.post(`/api/posts/${id}/score`, { version: 1, score: 'love' });
    expect(loved.json().post).toMatchObject({ bonusLikes: 100, likes: 100 });
    // 5 likes and 50 views on the platform; 105 stored with the bonus.
    scripted.answers.set(videoId, { likes: 5, views: 50 });
    await refresh(c.id);
    expect(await stored(id)).toMatchObject({ likes: 105, deleted: 0, flags: [] });
    // 11 platform likes above 5 views is cheating, bonus or not.
    scripted.answers.set(videoId, { likes: 11, views: 5 });
    await refresh(c.id);
    const cheating = await stored(id);
    expect(cheating).toMatchObject({ likes: 111, deleted: 1, deletedReason: 'flagged' });
    expect(cheating.flags[0]).toMatchObject({ code: 'likesExceedViews', values: { likes: 11, views: 5 } });
  });

  it("the leaderboard shows each post's stored flags: a bonus never reads as cheating there either", async () => {
    const c = await liveCompetition(staff);
    const bonus = linkFor('tiktok');
    const bonusId = await enter(c.id, bonus.link);
    await insertReferral(app, bonusId, tiktokLink());
    expect((await staff.post(`/api/posts/${bonusId}/score`, { version: 1, score: 'love' })).statusCode).toBe(
      200,
    );
    scripted.answers.set(bonus.videoId, { likes: 5, views: 50 });
    // A note that keeps an Instagram post live: above 0.7 likes per view.
    const [noted] = await refreshCases(c.id, [
      { platform: 'instagram', stats: { likes: 1001, views: 1429 } },
    ]);
    // 105 likes with the bonus against 50 views: the post's check judged 5 and raised nothing.
    expect(await stored(bonusId)).toMatchObject({ likes: 105, deleted: 0, flags: [] });
    expect(codes(noted!)).toEqual(['investigate']);

    const started = await staff.post(`/api/competitions/${c.id}/leaderboard/update`);
    expect(started.statusCode, started.body).toBe(202);
    while ((await worker.tick()) > 0);
    const board = (await staff.get(`/api/competitions/${c.id}/leaderboard`)).json();
    const rowOf = (platform: string) =>
      board.items.find((r: { platform: string }) => r.platform === platform);
    expect(rowOf('tiktok')).toMatchObject({ likes: 105, views: 50, flags: [] });
    expect(rowOf('instagram').flags).toEqual([FLAG_MESSAGES.investigate]);

    // The same answer on the review queue's cards and on the errors view (issue 38): the scored
    // bonus post has left the queue, and the errors view, which lists posts the flags removed,
    // lists neither (a note keeps its post live).
    const queue = (await staff.get(`/api/competitions/${c.id}/review`)).json();
    expect(queue.items.map((p: { id: string; flags: { code: string }[] }) => [p.id, codes(p)])).toEqual([
      [noted!.id, ['investigate']],
    ]);
    expect((await staff.get(`/api/competitions/${c.id}/flagged`)).json()).toMatchObject({
      total: 0,
      items: [],
    });
  });

  it('a restored post keeps its flags as notes and is never removed by them again', async () => {
    const c = await liveCompetition(staff);
    const [cheater] = await refreshCases(c.id, [{ platform: 'tiktok', stats: { likes: 50, views: 20 } }]);
    expect(cheater!.deleted).toBe(1);
    const restored = await staff.post(`/api/posts/${cheater!.id}/restore`, { version: cheater!.version });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().post).toMatchObject({ deleted: false, flagsCleared: true, deletedReason: null });
    scripted.answers.set(cheater!.postId!, { likes: 80, views: 20 });
    await refresh(c.id);
    const again = await stored(cheater!.id);
    expect(again).toMatchObject({ deleted: 0, flagsCleared: 1, likes: 80 });
    expect(again.flags[0]).toMatchObject({ code: 'likesExceedViews', values: { likes: 80, views: 20 } });
    const audit = await app.db
      .selectFrom('auditLog')
      .select(['action', 'actorId'])
      .where('entityId', '=', cheater!.id)
      .orderBy('at')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['flagged', 'restore']);
    expect(audit[0]!.actorId).toBeNull();
  });
});

describe('flags raised when a post is entered', () => {
  it("'Banned User': a banned winner's entry leaves the queue at once", async () => {
    const c = await liveCompetition(staff);
    await insertWinners(app.db, [{ email: 'banned@creators.test', isBanned: 1 }]);
    const banned = await stored(await enter(c.id, tiktokLink(), 'Banned@Creators.test'));
    const fine = await stored(await enter(c.id, tiktokLink(), 'fine@creators.test'));
    expect(banned.flags).toEqual([
      { code: 'bannedUser', message: FLAG_MESSAGES.bannedUser, values: { email: 'banned@creators.test' } },
    ]);
    expect(banned).toMatchObject({ deleted: 1, deletedReason: 'flagged' });
    expect(fine).toMatchObject({ deleted: 0, flags: [] });
  });

  it("'Possible Duplicate': a video already scored (then disqualified) entered again", async () => {
    const c = await liveCompetition(staff);
    const link = tiktokLink();
    const first = await stored(await enter(c.id, link));
    const loved = await staff.post(`/api/posts/${first.id}/score`, { version: first.version, score: 'love' });
    expect(loved.statusCode, loved.body).toBe(200);
    await staff.post(`/api/posts/${first.id}/disqualify`, {
      version: loved.json().post.version,
      choice: 'none',
    });
    // Unscored and removed posts do not count: a second, unrelated entry raises nothing.
    const other = await stored(await enter(c.id, tiktokLink()));
    expect(codes(other)).toEqual([]);

    const again = await stored(await enter(c.id, link));
    expect(again.flags).toEqual([
      {
        code: 'possibleDuplicate',
        message: FLAG_MESSAGES.possibleDuplicate,
        // It names the earlier entry, so the reviewer can open it.
        values: {
          postId: first.postId,
          earlierId: first.id,
          earlierCreator: first.creator,
          earlierLink: first.link,
          earlierRemoved: 1,
        },
      },
    ]);
    expect(again).toMatchObject({ deleted: 1, deletedReason: 'flagged' });
  });

  it('runs on imported rows too', async () => {
    const c = await liveCompetition(staff);
    const { link } = linkFor('tiktok');
    const imported = await staff.post(`/api/competitions/${c.id}/posts/import`, {
      csv: `link,email,creator,platform,likes,views\n${link},a@creators.test,a,tiktok,40,20\n`,
    });
    expect(imported.json()).toMatchObject({ accepted: 1 });
    const [row] = await app.db.selectFrom('posts').selectAll().where('competitionId', '=', c.id).execute();
    expect(JSON.parse(row!.flags)).toEqual([
      { code: 'likesExceedViews', message: FLAG_MESSAGES.likesExceedViews, values: { likes: 40, views: 20 } },
    ]);
    expect(row).toMatchObject({ deleted: 1, deletedReason: 'flagged' });
  });
});
