import { FORM_MESSAGES, PLATFORM_NOT_TAKEN_MESSAGES, POST_LINK_MESSAGES } from '@preffy/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVERY_PLATFORM, createCompetition } from '../../../test/fixtures/competitions.ts';
import { signedInApp, type SignedInClient } from '../../../test/fixtures/signed-in.ts';
import { signedInClient } from '../../../test/test-app.ts';
import { createFakeProviders, fakeProvidersConfig } from '../refresh/fake-providers.ts';

let app: FastifyInstance;
let staff: SignedInClient;
let fake: ReturnType<typeof createFakeProviders>;
let ipCounter = 0;

beforeAll(async () => {
  fake = createFakeProviders();
  const base = await fake.listen();
  const { shortLinkBaseUrl, ...providers } = fakeProvidersConfig(base);
  ({ app, staff } = await signedInApp({ staff: 'staff' }, { shortLinkBaseUrl }));
  // The fake answers at once; the timeout only bounds a hang, well above what a busy machine needs.
  app.config.providers = { ...app.config.providers, ...providers, timeoutMs: 5_000 };
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

/**
 * A confirmed competition that started yesterday (holds and future ones take no entries), taking
 * every platform unless told which.
 */
async function competition(
  flags: { isClosed?: boolean; confirmed?: boolean; startDate?: number; platforms?: string[] } = {},
) {
  const { isClosed = false, confirmed = true, startDate = 'yesterday', platforms = EVERY_PLATFORM } = flags;
  return (await createCompetition(staff, { isClosed, confirmed, startDate, platforms })).id;
}

/** A visitor's submission from the public page; each test comes from its own address. */
function submit(competitionId: string, body: Record<string, unknown>, ip = `10.0.0.${++ipCounter}`) {
  return app.inject({
    method: 'POST',
    url: `/api/public/competitions/${competitionId}/posts`,
    payload: body,
    remoteAddress: ip,
  });
}
const posts = (competitionId: string) =>
  app.db.selectFrom('posts').selectAll().where('competitionId', '=', competitionId).execute();
const referralsTo = (postId: string) =>
  app.db.selectFrom('referrals').select(['referringLink']).where('postId', '=', postId).execute();

describe('public submission', () => {
  it('stores the canonical link, platform, id and handle, unscored; an email tag as ref makes no referral', async () => {
    const id = await competition();
    const response = await submit(id, {
      email: 'Dancer@Creators.test',
      creator: '@dancer',
      link: 'https://www.tiktok.com/@dancer/video/7301234567890123456?is_from_webapp=1',
      ref: 'fancy',
    });
    expect(response.statusCode).toBe(201);
    const [post] = await posts(id);
    expect(post).toMatchObject({
      link: 'https://www.tiktok.com/@dancer/video/7301234567890123456',
      platform: 'tiktok',
      postId: '7301234567890123456',
      email: 'dancer@creators.test',
      creator: 'dancer',
      author: 'dancer',
      bonusLikes: null,
      source: '',
    });
    expect(await referralsTo(post!.id)).toEqual([]);
  });

  it("gives the post named by ?ref= a referral whose link is the new post's (decision 0024)", async () => {
    const id = await competition();
    const other = await competition();
    expect(
      (await submit(id, { email: 'ana@c.test', creator: 'ana', link: 'https://youtu.be/aaaaaaaaaaa' }))
        .statusCode,
    ).toBe(201);
    const [referrer] = await posts(id);
    const viaAna = await submit(id, {
      email: 'ben@c.test',
      creator: 'ben',
      link: 'https://www.youtube.com/shorts/bbbbbbbbbbb',
      ref: referrer!.id,
    });
    expect(viaAna.statusCode).toBe(201);
    // Not a referral: ana's own second video, and a video in another competition.
    await submit(id, {
      email: 'ANA@c.test',
      creator: 'ana',
      link: 'https://youtu.be/ccccccccccc',
      ref: referrer!.id,
    });
    await submit(other, {
      email: 'cai@c.test',
      creator: 'cai',
      link: 'https://youtu.be/ddddddddddd',
      ref: referrer!.id,
    });
    // The new post's canonical link, as stored on it.
    expect((await referralsTo(referrer!.id)).map((r) => r.referringLink)).toEqual([
      'https://www.youtube.com/watch?v=bbbbbbbbbbb',
    ]);
    const ben = (await posts(id)).find((p) => p.creator === 'ben')!;
    expect(await referralsTo(ben.id)).toEqual([]);
  });

  it('refuses the same video twice, however it was pasted', async () => {
    const id = await competition();
    const first = await submit(id, { email: 'a@c.test', creator: 'a', link: 'https://youtu.be/dQw4w9WgXcQ' });
    expect(first.statusCode).toBe(201);
    const again = await submit(id, {
      email: 'b@c.test',
      creator: 'b',
      link: 'https://www.youtube.com/shorts/dQw4w9WgXcQ?feature=share',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().fieldErrors).toEqual({ link: [POST_LINK_MESSAGES.duplicate] });
    // Another competition may have it.
    expect(
      (
        await submit(await competition(), {
          email: 'a@c.test',
          creator: 'a',
          link: 'https://youtu.be/dQw4w9WgXcQ',
        })
      ).statusCode,
    ).toBe(201);
  });

  it('follows TikTok short links through their redirect, and says so when one leads nowhere', async () => {
    const id = await competition();
    const response = await submit(id, {
      email: 'a@c.test',
      creator: 'a',
      link: 'https://vm.tiktok.com/ZMshort1/',
    });
    expect(response.statusCode).toBe(201);
    const [post] = await posts(id);
    expect(post!.link).toMatch(/^https:\/\/www\.tiktok\.com\/@short\.zmshort1\/video\/73\d+$/);
    expect(fake.requests).toContain('GET /vm.tiktok.com/ZMshort1/');
    const dead = await submit(id, {
      email: 'a@c.test',
      creator: 'a',
      link: 'https://www.tiktok.com/t/deadlink/',
    });
    expect(dead.statusCode).toBe(400);
    expect(dead.json().fieldErrors).toEqual({ link: [POST_LINK_MESSAGES.unresolved] });
  });

  it('checks the fields with their messages and refuses links that are not videos', async () => {
    const id = await competition();
    const empty = await submit(id, { email: '', creator: ' ', link: '' });
    expect(empty.json().fieldErrors).toEqual({
      email: [FORM_MESSAGES.creatorEmailRequired],
      creator: [FORM_MESSAGES.creatorRequired],
      link: [FORM_MESSAGES.postLinkRequired],
    });
    const notVideo = await submit(id, {
      email: 'a@c.test',
      creator: 'a',
      link: 'https://example.com/watch?v=1',
    });
    expect(notVideo.json().fieldErrors).toEqual({ link: [POST_LINK_MESSAGES.invalid] });
  });

  it('accepts nothing for closed competitions, but staff can add by hand', async () => {
    const id = await competition({ isClosed: true });
    const closed = await submit(id, {
      email: 'a@c.test',
      creator: 'a',
      link: 'https://www.instagram.com/reel/C9zYx8WvU7t/',
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(POST_LINK_MESSAGES.closed);
    const byHand = await staff.post(`/api/competitions/${id}/posts`, {
      email: 'a@c.test',
      creator: 'a',
      link: 'https://www.instagram.com/reel/C9zYx8WvU7t/',
      likes: 12,
    });
    expect(byHand.statusCode).toBe(201);
    expect(byHand.json().post).toMatchObject({ platform: 'instagram', postId: 'C9zYx8WvU7t', likes: 12 });
  });

  it('refuses likes and views no platform could report (1e308 was stored)', async () => {
    const id = await competition({});
    for (const counts of [{ views: 1e308 }, { likes: 1.5 }, { likes: -1 }, { views: 1e13 }]) {
      const refused = await staff.post(`/api/competitions/${id}/posts`, {
        email: 'big@c.test',
        creator: 'big',
        link: 'https://youtu.be/bignumbers1',
        ...counts,
      });
      expect(refused.statusCode, JSON.stringify(counts)).toBe(400);
      expect(Object.keys(refused.json().fieldErrors)).toEqual(Object.keys(counts));
    }
    const imported = await staff.post(`/api/competitions/${id}/posts/import`, {
      csv: 'link,email,creator,platform,views\nhttps://youtu.be/bignumbers2,big@c.test,big,youtube,1e308\n',
    });
    expect(imported.json()).toMatchObject({ accepted: 0, refused: 1 });
    const { n } = await app.db
      .selectFrom('posts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('competitionId', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(0);
  });

  it('refuses entries to a hold and to a competition not started yet, but staff can add by hand', async () => {
    const hold = await competition({ confirmed: false });
    const future = await competition({ startDate: Date.now() + 3 * 24 * 3600_000 });
    for (const [id, n] of [
      [hold, 1],
      [future, 2],
    ] as const) {
      const refused = await submit(id, {
        email: 'early@c.test',
        creator: 'early',
        link: `https://youtu.be/earlyentry${n}`,
      });
      if (id === hold) {
        // A hold is not announced: it answers exactly like a competition that does not exist.
        const missing = await submit('no-such-competition', {
          email: 'early@c.test',
          creator: 'early',
          link: `https://youtu.be/earlyentry${n}`,
        });
        expect(refused.statusCode).toBe(404);
        expect(refused.json()).toEqual(missing.json());
      } else {
        expect(refused.statusCode).toBe(409);
        expect(refused.json()).toMatchObject({ code: 'NOT_STARTED', message: POST_LINK_MESSAGES.notStarted });
      }
      expect(await posts(id)).toEqual([]);
      const byHand = await staff.post(`/api/competitions/${id}/posts`, {
        email: 'early@c.test',
        creator: 'early',
        link: `https://youtu.be/earlyentry${n}`,
      });
      expect(byHand.statusCode).toBe(201);
    }
  });

  it('refuses entries once the end date has passed, even before staff mark it Completed; the public page says it ended', async () => {
    const id = await competition();
    await app.db
      .updateTable('competitions')
      .set({ endDate: Date.now() - 60_000 })
      .where('id', '=', id)
      .execute();
    const late = await submit(id, {
      email: 'late@c.test',
      creator: 'late',
      link: 'https://youtu.be/lateentry01',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'CLOSED', message: POST_LINK_MESSAGES.closed });
    expect(await posts(id)).toEqual([]);
    const page = (await app.inject({ method: 'GET', url: `/api/public/competitions/${id}` })).json();
    expect(page).toMatchObject({ isOpen: false, hasStarted: true, hasEnded: true });
  });

  it('drops what a bot puts in the honeypot, and rate-limits one address', async () => {
    const id = await competition();
    const bot = await submit(id, {
      email: 'bot@spam.test',
      creator: 'bot',
      link: 'https://youtu.be/aaaaaaaaaaa',
      website: 'http://spam.test',
    });
    expect(bot.statusCode).toBe(201);
    expect(await posts(id)).toEqual([]);
    const codes: number[] = [];
    for (let i = 0; i < 11; i++)
      codes.push(
        (
          await submit(
            id,
            {
              email: 'a@c.test',
              creator: 'a',
              link: `https://youtu.be/bbbbbbbbb${String(i).padStart(2, '0')}`,
            },
            '10.9.9.9',
          )
        ).statusCode,
      );
    expect(codes.slice(0, 10).every((c) => c === 201)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});

describe('CSV import', () => {
  it('accepts good rows and says for each refused row why', async () => {
    const id = await competition({ isClosed: true });
    const csv = [
      'Link,Email,Creator,Platform,Likes,Views',
      'https://www.tiktok.com/@ana/video/7301234500000000001,ana@c.test,ana,tiktok,120,"1,500"',
      'https://youtu.be/ccccccccccc,ben@c.test,@ben,youtube,,',
      'https://youtu.be/ccccccccccc,cai@c.test,cai,youtube,,',
      'https://example.com/x,dee@c.test,dee,tiktok,,',
      ',not-an-email,,myspace,lots,',
      'https://www.instagram.com/reel/C9zYx8WvU7t/,eve@c.test,eve,tiktok,,',
    ].join('\n');
    const response = await staff.post(`/api/competitions/${id}/posts/import`, { csv });
    expect(response.statusCode).toBe(200);
    const report = response.json();
    expect(report).toMatchObject({ accepted: 2, refused: 4 });
    expect(report.rows).toEqual([
      { row: 2, ok: true, link: 'https://www.tiktok.com/@ana/video/7301234500000000001' },
      { row: 3, ok: true, link: 'https://www.youtube.com/watch?v=ccccccccccc' },
      { row: 4, ok: false, errors: [POST_LINK_MESSAGES.duplicate] },
      { row: 5, ok: false, errors: [POST_LINK_MESSAGES.invalid] },
      {
        row: 6,
        ok: false,
        errors: [
          FORM_MESSAGES.emailInvalid,
          FORM_MESSAGES.creatorRequired,
          FORM_MESSAGES.postLinkRequired,
          "Unknown platform 'myspace': use tiktok, instagram or youtube",
          "Likes must be a number: 'lots'",
        ],
      },
      { row: 7, ok: false, errors: ['This link is for Instagram, not TikTok'] },
    ]);
    const stored = await posts(id);
    expect(stored.find((p) => p.creator === 'ana')).toMatchObject({ likes: 120, views: 1500 });
    expect(stored.find((p) => p.creator === 'ben')).toBeDefined();

    const noColumns = await staff.post(`/api/competitions/${id}/posts/import`, { csv: 'url,mail\nx,y' });
    expect(noColumns.statusCode).toBe(400);
    expect(noColumns.json().message).toBe(
      'The file needs the columns link, email, creator, platform (missing: link, email, creator, platform)',
    );
  });
});

describe('partner ingestion', () => {
  it('takes posts with a valid key as source genni, answers each one, and stops when the key is revoked', async () => {
    const admin = (await signedInClient(app, 'admin')).client;
    const made = await admin.post('/api/partner-keys', { name: 'Genni' });
    expect(made.statusCode).toBe(201);
    const { key, item } = made.json();
    expect(key).toMatch(/^pk_/);
    expect(JSON.stringify((await admin.get('/api/partner-keys')).json())).not.toContain(key);
    const id = await competition();
    const ingest = (apiKey: string | undefined, body: Record<string, unknown>) =>
      app.inject({
        method: 'POST',
        url: '/api/ingest/posts',
        payload: body,
        headers: apiKey ? { 'x-api-key': apiKey } : {},
      });
    const body = {
      competitionId: id,
      posts: [
        { email: 'g1@genni.test', creator: 'g1', link: 'https://youtu.be/ggggggggggg' },
        { email: 'g2@genni.test', creator: 'g2', link: 'https://youtu.be/ggggggggggg' },
      ],
    };
    expect((await ingest(undefined, body)).statusCode).toBe(401);
    expect((await ingest('pk_wrong', body)).statusCode).toBe(401);
    const response = await ingest(key, body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      accepted: 1,
      results: [
        { index: 0, ok: true, link: 'https://www.youtube.com/watch?v=ggggggggggg' },
        { index: 1, ok: false, error: POST_LINK_MESSAGES.duplicate },
      ],
    });
    expect((await posts(id))[0]).toMatchObject({ source: 'genni', email: 'g1@genni.test' });
    expect((await admin.delete(`/api/partner-keys/${item.id}?version=1`)).statusCode).toBe(200);
    expect((await ingest(key, body)).statusCode).toBe(401);
    expect((await staff.post('/api/partner-keys', { name: 'x' })).statusCode).toBe(403);
  });
});

describe('entries on a platform the competition does not list (issue 39)', () => {
  const reel = 'https://www.instagram.com/reel/C9zYx8WvU7t/';
  const short = 'https://www.youtube.com/shorts/tiktokonly1';
  const video = 'https://www.tiktok.com/@ana/video/7301234500000000039';
  const tiktokOnly = PLATFORM_NOT_TAKEN_MESSAGES.tiktok;

  it('the public form refuses an Instagram reel and a YouTube Short on a TikTok-only contest, under the link', async () => {
    const id = await competition({ platforms: ['TikTok'] });
    for (const link of [reel, short]) {
      const refused = await submit(id, { email: 'ana@c.test', creator: 'ana', link });
      expect(refused.statusCode, link).toBe(400);
      expect(refused.json().fieldErrors, link).toEqual({ link: [tiktokOnly] });
    }
    expect((await submit(id, { email: 'ana@c.test', creator: 'ana', link: video })).statusCode).toBe(201);
    expect((await posts(id)).map((p) => p.platform)).toEqual(['tiktok']);

    const both = await competition({ platforms: ['TikTok + Instagram Reel'] });
    expect((await submit(both, { email: 'ana@c.test', creator: 'ana', link: reel })).statusCode).toBe(201);
    const refused = await submit(both, { email: 'ana@c.test', creator: 'ana', link: short });
    expect(refused.json().fieldErrors).toEqual({
      link: [PLATFORM_NOT_TAKEN_MESSAGES['tiktok+instagram']],
    });
  });

  it('a CSV import refuses such a row on its own, with the reason', async () => {
    const id = await competition({ platforms: ['TikTok'] });
    const csv = [
      'link,email,creator,platform',
      `${video},ana@c.test,ana,tiktok`,
      `${reel},eve@c.test,eve,instagram`,
    ].join('\n');
    const response = await staff.post(`/api/competitions/${id}/posts/import`, { csv });
    expect(response.json()).toEqual({
      accepted: 1,
      refused: 1,
      rows: [
        { row: 2, ok: true, link: video },
        { row: 3, ok: false, errors: [tiktokOnly] },
      ],
    });
  });

  it('the partner API refuses such an entry and takes the others', async () => {
    const admin = (await signedInClient(app, 'admin')).client;
    const { key } = (await admin.post('/api/partner-keys', { name: 'Genni 39' })).json();
    const id = await competition({ platforms: ['TikTok'] });
    const response = await app.inject({
      method: 'POST',
      url: '/api/ingest/posts',
      headers: { 'x-api-key': key },
      payload: {
        competitionId: id,
        posts: [
          { email: 'g1@genni.test', creator: 'g1', link: short },
          { email: 'g2@genni.test', creator: 'g2', link: video },
        ],
      },
    });
    expect(response.json()).toEqual({
      accepted: 1,
      results: [
        { index: 0, ok: false, error: tiktokOnly },
        { index: 1, ok: true, link: video },
      ],
    });
  });
});
