import {
  EMBED_ORIGINS,
  FORM_MESSAGES,
  NO_CREATIVE_DIRECTION_MESSAGE,
  POST_LINK_MESSAGES,
  REVIEW_PAGE_SIZE,
} from '@preffy/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveCompetition } from '../../../test/fixtures/competitions.ts';
import { insertQueuedPosts, insertReferral, tiktokLink } from '../../../test/fixtures/posts.ts';
import { signedInApp, type SignedInClient } from '../../../test/fixtures/signed-in.ts';
import { loadConfig } from '../../config/env.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';
import { createFakeProviders, fakeProvidersConfig } from '../refresh/fake-providers.ts';

/** The bonus per referral this app is configured with (not the default, to see the setting used). */
const BONUS = 25;
let app: FastifyInstance;
let staff: SignedInClient, organizer: SignedInClient, otherOrganizer: SignedInClient;
let fake: ReturnType<typeof createFakeProviders>;
const ORGANIZER = 'owner@label.test';

beforeAll(async () => {
  fake = createFakeProviders();
  const { shortLinkBaseUrl } = fakeProvidersConfig(await fake.listen());
  const members = {
    staff: 'staff',
    organizer: { role: 'organizer', email: ORGANIZER },
    otherOrganizer: 'organizer',
  } as const;
  ({ app, staff, organizer, otherOrganizer } = await signedInApp(members, {
    referralBonusLikes: BONUS,
    shortLinkBaseUrl,
  }));
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

const postRow = (id: string) =>
  app.db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const ids = (page: { items: { id: string }[] }) => page.items.map((p) => p.id);

async function addReferrals(postId: string, n: number) {
  for (let i = 0; i < n; i++) await insertReferral(app, postId, tiktokLink('referrer'));
}

describe('the review queue', () => {
  it('pages unscored cards oldest first, 10 at a time with a cursor; scored cards leave it', async () => {
    const c = await liveCompetition(staff);
    const posts = await insertQueuedPosts(app, c.id, 23);
    // A scored and a removed post are not waiting.
    await insertQueuedPosts(app, c.id, 1, { bonusLikes: 0 });
    const removed = (await insertQueuedPosts(app, c.id, 1))[0]!;
    await app.db.updateTable('posts').set({ deleted: 1 }).where('id', '=', removed).execute();

    const first = (await staff.get(`/api/competitions/${c.id}/review`)).json();
    expect(first.total).toBe(23);
    expect(ids(first)).toEqual(posts.slice(0, REVIEW_PAGE_SIZE));
    expect(first.items[0]).toMatchObject({ referralCount: 0, flags: [], deleted: false, bonusLikes: null });

    // The reviewer scores three cards of the first page, then presses Load More.
    for (const card of first.items.slice(0, 3))
      expect(
        (await staff.post(`/api/posts/${card.id}/score`, { version: card.version, score: 'like' }))
          .statusCode,
      ).toBe(200);
    const second = (await staff.get(`/api/competitions/${c.id}/review?after=${first.next}`)).json();
    expect(second.total).toBe(20);
    expect(ids(second)).toEqual(posts.slice(10, 20));
    const third = (await staff.get(`/api/competitions/${c.id}/review?after=${second.next}`)).json();
    expect(ids(third)).toEqual(posts.slice(20));
    expect(third.next).toBeNull();
    // A fresh start shows the seven left on the first page, then the rest.
    expect(ids((await staff.get(`/api/competitions/${c.id}/review?limit=7`)).json())).toEqual(
      posts.slice(3, 10),
    );
  });

  it('refuses a cursor it did not make', async () => {
    const c = await liveCompetition(staff);
    const answer = await staff.get(`/api/competitions/${c.id}/review?after=not-a-cursor`);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().fieldErrors.after).toEqual([
      'This Load More position is not valid; reload the page',
    ]);
  });

  it('zero-likes: live posts with 0 likes, scored or not, oldest first', async () => {
    const c = await liveCompetition(staff);
    const zero = await insertQueuedPosts(app, c.id, 2);
    const scoredZero = await insertQueuedPosts(app, c.id, 1, { bonusLikes: 0 });
    await insertQueuedPosts(app, c.id, 2, { likes: 5 });
    const page = (await staff.get(`/api/competitions/${c.id}/zero-likes`)).json();
    expect(page).toMatchObject({ total: 3, next: null });
    expect(ids(page)).toEqual([...zero, ...scoredZero]);
  });
});

describe('the flagged list', () => {
  it('holds only posts the flags removed, oldest first, paged and searchable', async () => {
    const c = await liveCompetition(staff);
    const posts = await insertQueuedPosts(app, c.id, 4);
    await app.db
      .updateTable('posts')
      .set({ deleted: 1, deletedReason: 'flagged' })
      .where('id', 'in', posts.slice(0, 3))
      .execute();
    // Removed by a reviewer, not by the flags: not on this list.
    await app.db
      .updateTable('posts')
      .set({ deleted: 1, deletedReason: 'disqualified' })
      .where('id', '=', posts[3]!)
      .execute();
    const page = (await staff.get(`/api/competitions/${c.id}/flagged?pageSize=2`)).json();
    expect(page.total).toBe(3);
    expect(ids(page)).toEqual(posts.slice(0, 2));
    const found = (await staff.get(`/api/competitions/${c.id}/flagged?search=CREATOR2`)).json();
    expect(ids(found)).toEqual([posts[2]]);
  });
});

describe('Love and Like', () => {
  it('Love: creativity 100, bonus = referrals × the configured bonus, likes = base + bonus; audited', async () => {
    const c = await liveCompetition(staff);
    const [id] = await insertQueuedPosts(app, c.id, 1, { likes: 500 });
    await addReferrals(id!, 2);
    const answer = await staff.post(`/api/posts/${id}/score`, { version: 1, score: 'love' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().post).toMatchObject({
      creativityScore: 100,
      bonusLikes: 2 * BONUS,
      likes: 500 + 2 * BONUS,
      referralCount: 2,
      version: 2,
    });
    const row = await postRow(id!);
    expect(row.reviewedBy).not.toBeNull();
    expect(Number(row.reviewedAt)).toBeGreaterThan(0);
    const audit = await app.db
      .selectFrom('auditLog')
      .select(['action', 'changes'])
      .where('entityId', '=', id!)
      .executeTakeFirstOrThrow();
    expect(audit.action).toBe('score:love');
    expect(JSON.parse(audit.changes!)).toMatchObject({ likes: { from: 500, to: 550 } });
  });

  it('Like: creativity 10; a post scored again counts its bonus once', async () => {
    const c = await liveCompetition(staff);
    const [id] = await insertQueuedPosts(app, c.id, 1, { likes: 500 });
    await addReferrals(id!, 1);
    await staff.post(`/api/posts/${id}/score`, { version: 1, score: 'love' });
    const again = await staff.post(`/api/posts/${id}/score`, { version: 2, score: 'like' });
    expect(again.json().post).toMatchObject({ creativityScore: 10, bonusLikes: BONUS, likes: 500 + BONUS });
  });

  it('a stale version gets 409 with the current post in its review shape', async () => {
    const c = await liveCompetition(staff);
    const [id] = await insertQueuedPosts(app, c.id, 1, { likes: 7 });
    await addReferrals(id!, 3);
    await staff.post(`/api/posts/${id}/score`, { version: 1, score: 'like' });
    for (const score of ['love', 'like']) {
      const stale = await staff.post(`/api/posts/${id}/score`, { version: 1, score });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({
        code: 'VERSION_CONFLICT',
        current: { id, version: 2, creativityScore: 10, referralCount: 3, likes: 7 + 3 * BONUS },
      });
    }
  });

  it('a deleted post cannot be scored (404)', async () => {
    const c = await liveCompetition(staff);
    const [id] = await insertQueuedPosts(app, c.id, 1);
    await staff.post(`/api/posts/${id}/disqualify`, { version: 1, choice: 'none' });
    const answer = await staff.post(`/api/posts/${id}/score`, { version: 2, score: 'love' });
    expect(answer.statusCode).toBe(404);
    expect((await postRow(id!)).bonusLikes).toBeNull();
  });
});

describe('disqualification', () => {
  const REASONS = {
    general: 'the song must be clearly heard',
    'creative-direction': "It does not follow the competition's creative direction.",
    volume: 'The song is not loud enough in the video.',
  } as const;

  const emailsFor = (postId: string) =>
    app.db
      .selectFrom('emailMessages')
      .innerJoin('emailRecipients', 'emailRecipients.messageId', 'emailMessages.id')
      .select(['kind', 'text', 'subject', 'email', 'status'])
      .where('relatedEntity', '=', 'post')
      .where('relatedId', '=', postId)
      .execute();

  const giveCreativeDirection = (competitionId: string, html = '<p>Dance on the chorus.</p>') =>
    app.db
      .updateTable('competitions')
      .set({ creativeDirection: html })
      .where('id', '=', competitionId)
      .execute();

  it("refuses 'Creative Direction Issue' for a competition without a creative direction, and sends nothing (issue 39)", async () => {
    const c = await liveCompetition(staff);
    for (const direction of [null, '<p><br></p>']) {
      await app.db
        .updateTable('competitions')
        .set({ creativeDirection: direction })
        .where('id', '=', c.id)
        .execute();
      const [id] = await insertQueuedPosts(app, c.id, 1);
      const refused = await staff.post(`/api/posts/${id}/disqualify`, {
        version: 1,
        choice: 'creative-direction',
      });
      expect(refused.statusCode, String(direction)).toBe(400);
      expect(refused.json().fieldErrors, String(direction)).toEqual({
        choice: [NO_CREATIVE_DIRECTION_MESSAGE],
      });
      expect(await emailsFor(id!)).toEqual([]);
      expect((await postRow(id!)).deleted).toBe(0);
      // Another reason still deletes it.
      expect(
        (await staff.post(`/api/posts/${id}/disqualify`, { version: 1, choice: 'general' })).statusCode,
      ).toBe(200);
    }
  });

  for (const [choice, reason] of Object.entries(REASONS))
    it(`${choice}: the matching Post Disqualification email to the creator, then a soft delete with the choice`, async () => {
      const c = await liveCompetition(staff);
      // A direction to miss: 'Creative Direction Issue' is refused without one.
      await giveCreativeDirection(c.id);
      const [id] = await insertQueuedPosts(app, c.id, 1);
      const post = await postRow(id!);
      const answer = await staff.post(`/api/posts/${id}/disqualify`, { version: 1, choice });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().post).toMatchObject({
        deleted: true,
        deletedReason: 'disqualified',
        disqualification: choice,
      });
      const emails = await emailsFor(id!);
      expect(emails).toHaveLength(1);
      expect(emails[0]).toMatchObject({
        kind: 'post-disqualification',
        subject: 'Post Disqualification',
        email: post.email,
        status: 'queued',
      });
      expect(emails[0]!.text).toContain(reason);
      expect(emails[0]!.text).toContain(post.link);
      expect(emails[0]!.text).toContain(c.name);
      const audit = await app.db
        .selectFrom('auditLog')
        .select(['action', 'changes'])
        .where('entityId', '=', id!)
        .executeTakeFirstOrThrow();
      expect(audit.action).toBe('disqualify');
      expect(JSON.parse(audit.changes!)).toEqual({ choice, emailed: true });
    });

  it('No Email: deleted with the choice, nothing queued', async () => {
    const c = await liveCompetition(staff);
    const [id] = await insertQueuedPosts(app, c.id, 1);
    const answer = await staff.post(`/api/posts/${id}/disqualify`, { version: 1, choice: 'none' });
    expect(answer.json().post).toMatchObject({ deleted: true, disqualification: 'none' });
    expect(await emailsFor(id!)).toEqual([]);
  });

  it('a replay with the same Idempotency-Key sends one email', async () => {
    const c = await liveCompetition(staff);
    const [id] = await insertQueuedPosts(app, c.id, 1);
    const session = `${SESSION_COOKIE}=${staff.cookie(SESSION_COOKIE)}`;
    const csrf = await app.inject({ method: 'GET', url: '/api/auth/csrf', headers: { cookie: session } });
    const headers = {
      cookie: `${session}; _csrf=${csrf.cookies.find((k) => k.name === '_csrf')!.value}`,
      'x-csrf-token': csrf.json().token as string,
      'idempotency-key': `disqualify-${id}`,
    };
    const send = () =>
      app.inject({
        method: 'POST',
        url: `/api/posts/${id}/disqualify`,
        payload: { version: 1, choice: 'volume' },
        headers,
      });
    const first = await send();
    const replay = await send();
    expect(first.statusCode).toBe(200);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await emailsFor(id!)).toHaveLength(1);
  });
});

describe('restore', () => {
  it('brings back a disqualified post live, with its flags as notes from now on; audited', async () => {
    const c = await liveCompetition(staff);
    const [id] = await insertQueuedPosts(app, c.id, 1);
    await staff.post(`/api/posts/${id}/disqualify`, { version: 1, choice: 'general' });
    const answer = await staff.post(`/api/posts/${id}/restore`, { version: 2 });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().post).toMatchObject({
      deleted: false,
      deletedReason: null,
      disqualification: null,
      flagsCleared: true,
      version: 3,
    });
    const actions = await app.db
      .selectFrom('auditLog')
      .select('action')
      .where('entityId', '=', id!)
      .execute();
    expect(actions.map((a) => a.action).sort()).toEqual(['disqualify', 'restore']);
  });

  it('a live post answers 409 NOT_DELETED; a stale version 409 with the post', async () => {
    const c = await liveCompetition(staff);
    const [id] = await insertQueuedPosts(app, c.id, 1);
    const live = await staff.post(`/api/posts/${id}/restore`, { version: 1 });
    expect(live.statusCode).toBe(409);
    expect(live.json()).toMatchObject({ code: 'NOT_DELETED', message: 'This post is not deleted' });
    await staff.post(`/api/posts/${id}/disqualify`, { version: 1, choice: 'none' });
    const stale = await staff.post(`/api/posts/${id}/restore`, { version: 1 });
    expect(stale.json()).toMatchObject({ code: 'VERSION_CONFLICT', current: { id, deleted: true } });
  });

  it('refuses to bring back a video entered again meanwhile (one live entry per video)', async () => {
    const c = await liveCompetition(staff);
    const [id] = await insertQueuedPosts(app, c.id, 1);
    const { link } = await postRow(id!);
    await staff.post(`/api/posts/${id}/disqualify`, { version: 1, choice: 'none' });
    expect(
      (await staff.post(`/api/competitions/${c.id}/posts`, { email: 'a@b.test', creator: 'a', link }))
        .statusCode,
    ).toBe(201);
    const answer = await staff.post(`/api/posts/${id}/restore`, { version: 2 });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ code: 'DUPLICATE', message: POST_LINK_MESSAGES.duplicate });
  });
});

describe('editing a post', () => {
  it('changes only the fields sent, audited with what changed', async () => {
    const c = await liveCompetition(staff);
    const [id] = await insertQueuedPosts(app, c.id, 1, { likes: 3 });
    const before = await postRow(id!);
    const email = await staff.patch(`/api/posts/${id}`, { version: 1, email: ' New@Creators.TEST ' });
    expect(email.json().post).toMatchObject({
      email: 'new@creators.test',
      creator: before.creator,
      likes: 3,
    });
    const creator = await staff.patch(`/api/posts/${id}`, { version: 2, creator: ' Renamed ' });
    expect(creator.json().post).toMatchObject({ creator: 'Renamed', email: 'new@creators.test' });
    const likes = await staff.patch(`/api/posts/${id}`, { version: 3, likes: 1234 });
    // Likes typed by hand above 0 views: not taken for cheating (the flags wait for a refresh).
    expect(likes.json().post).toMatchObject({ likes: 1234, version: 4, deleted: false, flags: [] });
    const audit = await app.db
      .selectFrom('auditLog')
      .select('changes')
      .where('entityId', '=', id!)
      .where('action', '=', 'update')
      .orderBy('at')
      .execute();
    expect(audit.map((a) => JSON.parse(a.changes!))).toEqual([
      { email: { from: before.email, to: 'new@creators.test' } },
      { creator: { from: before.creator, to: 'Renamed' } },
      { likes: { from: 3, to: 1234 } },
    ]);
    // The same values again write nothing.
    const same = await staff.patch(`/api/posts/${id}`, { version: 4, likes: 1234 });
    expect(same.json().post.version).toBe(4);
  });

  it('a new link is parsed like an entry: platform and id follow it; short links are followed', async () => {
    const c = await liveCompetition(staff);
    const [id] = await insertQueuedPosts(app, c.id, 1);
    const youtube = await staff.patch(`/api/posts/${id}`, {
      version: 1,
      link: 'https://youtube.com/shorts/abcDEF12345?feature=share',
    });
    expect(youtube.statusCode, youtube.body).toBe(200);
    expect(youtube.json().post).toMatchObject({
      link: 'https://www.youtube.com/watch?v=abcDEF12345',
      platform: 'youtube',
      postId: 'abcDEF12345',
    });
    const short = await staff.patch(`/api/posts/${id}`, {
      version: 2,
      link: 'https://vm.tiktok.com/ZMedit1/',
    });
    expect(short.statusCode, short.body).toBe(200);
    expect(short.json().post).toMatchObject({ platform: 'tiktok', author: 'short.zmedit1' });
  });

  it('a bad link answers 400 with the entry message; a video already entered 409', async () => {
    const c = await liveCompetition(staff);
    const [id, other] = await insertQueuedPosts(app, c.id, 2);
    const bad = await staff.patch(`/api/posts/${id}`, { version: 1, link: 'https://example.com/video' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({ link: [POST_LINK_MESSAGES.invalid] });
    const taken = await staff.patch(`/api/posts/${id}`, { version: 1, link: (await postRow(other!)).link });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'DUPLICATE',
      fieldErrors: { link: [POST_LINK_MESSAGES.duplicate] },
    });
    expect((await postRow(id!)).version).toBe(1);
  });

  it('isDeleted removes (reason admin) and restores; a stale version is 409', async () => {
    const c = await liveCompetition(staff);
    const [id] = await insertQueuedPosts(app, c.id, 1);
    const removed = await staff.patch(`/api/posts/${id}`, { version: 1, isDeleted: true });
    expect(removed.json().post).toMatchObject({ deleted: true, deletedReason: 'admin' });
    const back = await staff.patch(`/api/posts/${id}`, { version: 2, isDeleted: false });
    expect(back.json().post).toMatchObject({ deleted: false, deletedReason: null, flagsCleared: true });
    const stale = await staff.patch(`/api/posts/${id}`, { version: 2, likes: 9 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ id, version: 3 });
  });

  it('validates the body (400 with field errors)', async () => {
    const c = await liveCompetition(staff);
    const [id] = await insertQueuedPosts(app, c.id, 1);
    const answer = await staff.patch(`/api/posts/${id}`, { version: 1, email: 'not-an-email', likes: -1 });
    expect(answer.statusCode).toBe(400);
    expect(Object.keys(answer.json().fieldErrors).sort()).toEqual(['email', 'likes']);
    for (const likes of [1e12 + 1, 2.5]) {
      const tooBig = await staff.patch(`/api/posts/${id}`, { version: 1, likes });
      expect(tooBig.statusCode).toBe(400);
      expect(tooBig.json().fieldErrors).toEqual({ likes: [FORM_MESSAGES.likesInvalid] });
    }
    expect((await staff.patch(`/api/posts/${id}`, { version: 1, likes: 1e12 })).statusCode).toBe(200);
    expect((await staff.patch('/api/posts/missing', { version: 1, likes: 1 })).statusCode).toBe(404);
  });
});

describe('who may review', () => {
  it("organizers read their own competitions' cards, get 403 on every action, and 404 on others' competitions", async () => {
    const own = await liveCompetition(staff, ORGANIZER);
    const [id] = await insertQueuedPosts(app, own.id, 1);
    for (const path of ['review', 'zero-likes', 'flagged']) {
      expect((await organizer.get(`/api/competitions/${own.id}/${path}`)).statusCode).toBe(200);
      const foreign = await otherOrganizer.get(`/api/competitions/${own.id}/${path}`);
      expect(foreign.statusCode).toBe(404);
      expect(
        (await app.inject({ method: 'GET', url: `/api/competitions/${own.id}/${path}` })).statusCode,
      ).toBe(401);
    }
    const actions = [
      () => organizer.post(`/api/posts/${id}/score`, { version: 1, score: 'love' }),
      () => organizer.post(`/api/posts/${id}/disqualify`, { version: 1, choice: 'general' }),
      () => organizer.post(`/api/posts/${id}/restore`, { version: 1 }),
      () => organizer.patch(`/api/posts/${id}`, { version: 1, likes: 5 }),
    ];
    for (const act of actions) expect((await act()).statusCode).toBe(403);
    expect(await postRow(id!)).toMatchObject({ version: 1, deleted: 0, bonusLikes: null, likes: 0 });
  });
});

describe('configuration and headers', () => {
  it('REFERRAL_BONUS_LIKES: 100 by default, a whole number of 0 or more', () => {
    const base = { DATA_DIR: '/tmp/preffy-test-unused', COOKIE_SECRET: 'x'.repeat(40) };
    expect(loadConfig(base).referralBonusLikes).toBe(100);
    expect(loadConfig({ ...base, REFERRAL_BONUS_LIKES: '0' }).referralBonusLikes).toBe(0);
    expect(() => loadConfig({ ...base, REFERRAL_BONUS_LIKES: '-5' })).toThrow(/REFERRAL_BONUS_LIKES/);
    expect(() => loadConfig({ ...base, REFERRAL_BONUS_LIKES: '2.5' })).toThrow(/REFERRAL_BONUS_LIKES/);
  });

  it('the CSP lets pages frame exactly the three platforms’ players', async () => {
    const answer = await app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(answer.headers['content-security-policy']);
    const frameSrc = /(?:^|;)frame-src ([^;]*)/.exec(csp)?.[1]?.trim().split(/\s+/);
    expect(frameSrc).toEqual([...EMBED_ORIGINS]);
  });
});
