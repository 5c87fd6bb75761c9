import { DEFAULT_REFERRAL_BONUS_LIKES } from '@preffy/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveCompetition, newCompetition } from '../../../test/fixtures/competitions.ts';
import { insertPosts, insertReferral, tiktokLink } from '../../../test/fixtures/posts.ts';
import { TWO_ORGANIZERS, signedInApp, type SignedInClient } from '../../../test/fixtures/signed-in.ts';
import { insertWinners } from '../../../test/fixtures/winners.ts';
import { type TestClient, createTestApp, signedInClient } from '../../../test/test-app.ts';
import { newId, now } from '../../lib/clock.ts';
import { seedDemoData } from '../demo/seed-demo-data.ts';

let app: FastifyInstance;
let staff: SignedInClient, organizer: SignedInClient, otherOrganizer: SignedInClient;

beforeAll(async () => {
  ({ app, staff, organizer, otherOrganizer } = await signedInApp({ staff: 'staff', ...TWO_ORGANIZERS }));
});
afterAll(() => app.close());

async function promotion(competitionId: string, creatorEmails: string, deleted: 0 | 1 = 0) {
  const at = now();
  await app.db
    .insertInto('promotions')
    .values({
      id: newId(),
      version: 1,
      deleted,
      createdAt: at,
      updatedAt: at,
      competitionId,
      name: 'Giveaway',
      startDate: null,
      endDate: null,
      isActive: 1,
      amount: 10,
      creatorEmails,
      remainingBalance: 100,
    })
    .execute();
}

describe('referral creators (the referral screens’ creator select)', () => {
  it("lists the emails of the competition's promotions once each, sorted, searchable and paged", async () => {
    const id = await newCompetition(app, staff, { email: 'own@label.test' });
    const other = await newCompetition(app, staff);
    await promotion(id, JSON.stringify(['zoe@c.test', 'Amy@C.test ', 'bob@c.test']));
    await promotion(id, JSON.stringify(['amy@c.test', 'cat@c.test', 42]));
    await promotion(id, 'not json');
    await promotion(id, JSON.stringify(['deleted@c.test']), 1);
    await promotion(other, JSON.stringify(['elsewhere@c.test']));

    const emails = async (client: TestClient, query = '') => {
      const response = await client.get(`/api/competitions/${id}/referral-creators?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json();
      return [page.total, page.items.map((i: { email: string }) => i.email)];
    };
    expect(await emails(staff)).toEqual([4, ['amy@c.test', 'bob@c.test', 'cat@c.test', 'zoe@c.test']]);
    expect(await emails(staff, 'pageSize=3&page=2')).toEqual([4, ['zoe@c.test']]);
    expect(await emails(staff, 'sortDirection=desc&pageSize=1')).toEqual([4, ['zoe@c.test']]);
    expect(await emails(staff, 'search=AM')).toEqual([1, ['amy@c.test']]);
    expect(await emails(organizer)).toEqual([4, ['amy@c.test', 'bob@c.test', 'cat@c.test', 'zoe@c.test']]);
    expect((await otherOrganizer.get(`/api/competitions/${id}/referral-creators`)).statusCode).toBe(404);
  });
});

describe("a post's referrals", () => {
  it('lists the links that came in through the post, oldest first, paged, to whoever may see it', async () => {
    const id = await newCompetition(app, staff, { email: 'own@label.test' });
    const [post] = await insertPosts(app, id, [{ creator: 'lister' }]);
    const at = now();
    for (const n of [3, 1, 2])
      await insertReferral(app, post!.id, `https://www.tiktok.com/@r${n}/video/${n}`, at + n);
    const page = (await organizer.get(`/api/posts/${post!.id}/referrals?pageSize=2`)).json();
    expect(page.total).toBe(3);
    expect(page.items.map((r: { referringLink: string }) => r.referringLink)).toEqual([
      'https://www.tiktok.com/@r1/video/1',
      'https://www.tiktok.com/@r2/video/2',
    ]);
    expect(page.items[0]).toEqual({
      id: expect.any(String),
      referringLink: expect.any(String),
      createdAt: expect.any(Number),
    });
    expect((await otherOrganizer.get(`/api/posts/${post!.id}/referrals`)).statusCode).toBe(404);
    expect((await staff.get('/api/posts/no-such-post/referrals')).statusCode).toBe(404);
  });
});

describe('Reset (the referral reset table)', () => {
  /** A scored post: 1000 likes of its own plus 200 from two referrals. */
  async function scoredPost(competitionId: string) {
    const [post] = await insertPosts(app, competitionId, [
      { creator: 'resetter', likes: 1200, bonusLikes: 200, creativityScore: 100 },
    ]);
    await insertReferral(app, post!.id, 'https://www.tiktok.com/@a/video/1');
    await insertReferral(app, post!.id, 'https://www.tiktok.com/@b/video/2');
    return post!;
  }
  const reset = (client: TestClient, postId: string, version: number) =>
    client.post(`/api/posts/${postId}/reset-referrals`, { version });

  it('sets the bonus to 0 and takes it off the likes, keeps the referrals, and audits it', async () => {
    const id = await newCompetition(app, staff);
    const post = await scoredPost(id);
    const response = await reset(staff, post.id, 1);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().post).toMatchObject({
      id: post.id,
      version: 2,
      likes: 1000,
      bonusLikes: 0,
      creativityScore: 100,
      referralCount: 2,
    });
    // In the post's audit history, beside its scores and restores (entity 'post').
    const audit = await app.db
      .selectFrom('auditLog')
      .select(['action', 'changes'])
      .where('entity', '=', 'post')
      .where('entityId', '=', post.id)
      .executeTakeFirstOrThrow();
    expect(audit.action).toBe('reset-referrals');
    expect(JSON.parse(audit.changes!)).toEqual({
      bonusLikes: { from: 200, to: 0 },
      likes: { from: 1200, to: 1000 },
    });
    // Again with the new version: nothing more to take off.
    expect((await reset(staff, post.id, 2)).json().post).toMatchObject({
      likes: 1000,
      bonusLikes: 0,
      version: 3,
    });
  });

  it('answers a stale version with 409 and the post as it is now, and changes nothing', async () => {
    const id = await newCompetition(app, staff);
    const post = await scoredPost(id);
    await app.db.updateTable('posts').set({ version: 2, likes: 1300 }).where('id', '=', post.id).execute();
    const response = await reset(staff, post.id, 1);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'VERSION_CONFLICT',
      current: { id: post.id, version: 2, likes: 1300, bonusLikes: 200, referralCount: 2 },
    });
    const stored = await app.db
      .selectFrom('posts')
      .selectAll()
      .where('id', '=', post.id)
      .executeTakeFirstOrThrow();
    expect([stored.likes, stored.bonusLikes, stored.version]).toEqual([1300, 200, 2]);
  });

  it('leaves a post not yet scored in the review queue', async () => {
    const id = await newCompetition(app, staff);
    const [post] = await insertPosts(app, id, [{ creator: 'unscored', likes: 40 }]);
    const response = await reset(staff, post!.id, 1);
    expect(response.json().post).toMatchObject({ likes: 40, bonusLikes: null, version: 1 });
  });

  it('is for staff only: organizers get 403, deleted or unknown posts 404, bad versions 400', async () => {
    const id = await newCompetition(app, staff, { email: 'own@label.test' });
    const post = await scoredPost(id);
    expect((await reset(organizer, post.id, 1)).statusCode).toBe(403);
    expect((await staff.post(`/api/posts/${post.id}/reset-referrals`, { version: 'one' })).statusCode).toBe(
      400,
    );
    expect((await staff.post(`/api/posts/${post.id}/reset-referrals`, {})).statusCode).toBe(400);
    expect((await reset(staff, 'no-such-post', 1)).statusCode).toBe(404);
    const [gone] = await insertPosts(app, id, [{ creator: 'gone', likes: 300, bonusLikes: 100, deleted: 1 }]);
    expect((await reset(staff, gone!.id, 1)).statusCode).toBe(404);
    const stored = await app.db
      .selectFrom('posts')
      .select(['likes', 'version'])
      .where('id', '=', post.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ likes: 1200, version: 1 });
  });
});

describe('which referrals count (decision 0024)', () => {
  let ip = 0;
  /** A creator's entry on the public page, `ref` the post whose link brought them; its id. */
  async function enter(competitionId: string, creator: string, ref?: string) {
    const response = await app.inject({
      method: 'POST',
      url: `/api/public/competitions/${competitionId}/posts`,
      payload: { email: `${creator}@creators.test`, creator, link: tiktokLink(creator), ref },
      remoteAddress: `10.9.0.${++ip}`,
    });
    expect(response.statusCode, response.body).toBe(201);
    const row = await app.db
      .selectFrom('posts')
      .select('id')
      .where('competitionId', '=', competitionId)
      .where('creator', '=', creator)
      .executeTakeFirstOrThrow();
    return row.id;
  }
  const version = async (id: string) =>
    (await app.db.selectFrom('posts').select('version').where('id', '=', id).executeTakeFirstOrThrow())
      .version;
  const love = async (id: string) => {
    const response = await staff.post(`/api/posts/${id}/score`, {
      version: await version(id),
      score: 'love',
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().post as { bonusLikes: number; referralCount: number };
  };
  const referralLinks = async (id: string) =>
    (await staff.get(`/api/posts/${id}/referrals`))
      .json()
      .items.map((r: { referringLink: string }) => r.referringLink);
  const withReferrals = async (competitionId: string) =>
    (await staff.get(`/api/posts?competitionId=${competitionId}&withReferrals=true`))
      .json()
      .items.map((p: { creator: string }) => p.creator)
      .sort();

  it('only while the post that came through it is live: disqualified or flagged it stops, restored it counts again', async () => {
    const c = await liveCompetition(staff);
    await insertWinners(app.db, [{ email: 'banned@creators.test', isBanned: 1 }]);
    const ana = await enter(c.id, 'ana');
    const ben = await enter(c.id, 'ben', ana);
    // A banned creator's entry is flagged at once ('Banned User'): its referral never counts.
    const banned = await enter(c.id, 'banned', ana);
    // A legacy referral (only its link stored) keeps counting.
    const old = await enter(c.id, 'old');
    await insertReferral(app, old, 'https://www.tiktok.com/@legacy/video/7300000000000000001');

    const stored = await app.db
      .selectFrom('referrals')
      .select(['postId', 'referringPostId'])
      .where('postId', '=', ana)
      .orderBy('createdAt')
      .execute();
    expect(stored).toEqual([
      { postId: ana, referringPostId: ben },
      { postId: ana, referringPostId: banned },
    ]);
    const benLink = (
      await app.db.selectFrom('posts').select('link').where('id', '=', ben).executeTakeFirstOrThrow()
    ).link;
    expect(await referralLinks(ana)).toEqual([benLink]);
    expect(await withReferrals(c.id)).toEqual(['ana', 'old']);

    const disqualified = await staff.post(`/api/posts/${ben}/disqualify`, { version: 1, choice: 'none' });
    expect(disqualified.statusCode, disqualified.body).toBe(200);
    expect(await referralLinks(ana)).toEqual([]);
    expect(await withReferrals(c.id)).toEqual(['old']);
    expect(await love(ana)).toMatchObject({ bonusLikes: 0, referralCount: 0 });

    const restored = await staff.post(`/api/posts/${ben}/restore`, { version: await version(ben) });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await referralLinks(ana)).toEqual([benLink]);
    expect(await withReferrals(c.id)).toEqual(['ana', 'old']);
    expect(await love(ana)).toMatchObject({ bonusLikes: DEFAULT_REFERRAL_BONUS_LIKES, referralCount: 1 });
    expect(await love(old)).toMatchObject({ bonusLikes: DEFAULT_REFERRAL_BONUS_LIKES, referralCount: 1 });
  });
});

describe('the demo data', () => {
  it('gives a fresh install referral creators whose posts have referrals from posts of the same competition', async () => {
    const demo = await createTestApp();
    try {
      expect(await seedDemoData(demo.db)).toBe(true);
      const client = (await signedInClient(demo, 'staff')).client;
      const active = await demo.db
        .selectFrom('competitions')
        .select('id')
        .where('isActive', '=', 1)
        .executeTakeFirstOrThrow();
      const creators = (await client.get(`/api/competitions/${active.id}/referral-creators`)).json();
      expect(creators.total).toBe(2);
      const referred = [];
      for (const { email } of creators.items as { email: string }[])
        referred.push(
          ...(
            await client.get(`/api/posts?competitionId=${active.id}&email=${email}&withReferrals=true`)
          ).json().items,
        );
      // One scored post whose likes carry the bonus of its two referrals, one not yet scored.
      expect(
        referred
          .map((p: { referralCount: number; bonusLikes: number | null }) => [p.referralCount, p.bonusLikes])
          .sort(),
      ).toEqual([
        [1, null],
        [2, 2 * DEFAULT_REFERRAL_BONUS_LIKES],
      ]);
      const competitionLinks = (await client.get(`/api/competitions/${active.id}/posts?pageSize=100`))
        .json()
        .items.map((p: { link: string }) => p.link);
      for (const post of referred) {
        const links = (await client.get(`/api/posts/${post.id}/referrals`)).json().items;
        for (const { referringLink } of links) expect(competitionLinks).toContain(referringLink);
      }
    } finally {
      await demo.close();
    }
  });
});
