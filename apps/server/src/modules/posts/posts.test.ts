import { FORM_MESSAGES, POST_LINK_MESSAGES } from '@preffy/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestClient, createTestApp, signedInClient } from '../../../test/test-app.ts';
import { createFakeProviders, fakeProvidersConfig } from '../stats/fake-providers.ts';

let app: FastifyInstance;
let staff: TestClient;
let fake: ReturnType<typeof createFakeProviders>;
let ipCounter = 0;

beforeAll(async () => {
  fake = createFakeProviders();
  const base = await fake.listen();
  const { shortLinkBaseUrl, ...providers } = fakeProvidersConfig(base);
  app = await createTestApp({ shortLinkBaseUrl });
  app.config.providers = { ...app.config.providers, ...providers, timeoutMs: 500 };
  staff = (await signedInClient(app, 'staff')).client;
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

async function competition(flags: { isClosed?: boolean } = {}) {
  const defaults = (await staff.get('/api/competitions/defaults')).json();
  const c = (
    await staff.post('/api/competitions', {
      email: 'artist@label.test',
      name: 'Entry Song',
      organizer: 'Luna Vega',
      audio: 'https://soundcloud.com/luna/entry',
      startDate: defaults.startDate,
      endDate: defaults.endDate,
      invoiceAmount: 1000,
      prizes: [],
      isClosed: flags.isClosed ?? false,
    })
  ).json().competition;
  return c.id as string;
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

describe('public submission', () => {
  it('stores the canonical link, platform, id and handle, unscored, with the ref as its referral', async () => {
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
    const referral = await app.db
      .selectFrom('referrals')
      .selectAll()
      .where('postId', '=', post!.id)
      .executeTakeFirst();
    expect(referral?.referringLink).toBe('fancy');
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
