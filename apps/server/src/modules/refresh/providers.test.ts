import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeProviders, fakeProvidersConfig } from './fake-providers.ts';
import { ProviderClient } from './provider-client.ts';
import {
  type ProvidersConfig,
  type StatsResult,
  type StatsSources,
  createStatsSources,
} from './providers.ts';

let fake: ReturnType<typeof createFakeProviders>;
let sources: StatsSources;
let config: ProvidersConfig;

beforeAll(async () => {
  fake = createFakeProviders();
  const base = await fake.listen();
  const { shortLinkBaseUrl: _unused, ...endpoints } = fakeProvidersConfig(base);
  config = { ...endpoints, requestsPerSecond: 1000, timeoutMs: 300, backoffMs: 5 };
  sources = createStatsSources(config);
});
afterAll(() => fake.close());

const tiktok = (id: string) => ({ postId: id, link: `https://www.tiktok.com/@luna/video/${id}` });
const only = async (source: keyof StatsSources, target: { postId: string; link: string }) =>
  (await sources[source].fetch([target])).get(target.postId)!;

describe('TikTok', () => {
  it('reads likes, views, comments, shares, the posted date, the author and the country', async () => {
    const result = await only('tiktok', tiktok('7301111111111111111'));
    expect(result).toMatchObject({ ok: true, provider: 'tiktok' });
    if (!result.ok) return;
    expect(result.stats).toMatchObject({ author: 'luna', country: 'US' });
    expect(result.stats.followers).toBeGreaterThan(0);
    expect(result.stats.coverUrl).toMatch(/\/covers\/tiktok%3A7301111111111111111$/);
    expect(result.stats.views).toBeGreaterThan(result.stats.likes);
    expect(result.stats.postedDate).toBeGreaterThan(Date.now() - 2 * 3600_000);
    // Asked again, the numbers have grown: the fake is deterministic per request.
    const again = await only('tiktok', tiktok('7301111111111111111'));
    expect(again.ok && again.stats.views).toBe(result.stats.views + 250);
  });

  it('reads counts a provider rounds ("52K", "1.2M") as numbers, and says they are rounded', async () => {
    const result = await only('tiktok', tiktok('7301111111110770'));
    expect(result).toMatchObject({ ok: true, provider: 'tiktok', stats: { rounded: true } });
    if (!result.ok) return;
    // Two significant figures: a multiple of 1,000 (the fake's views are 1,000 to 501,000).
    expect(result.stats.views % 1000).toBe(0);
    const exact = await only('tiktok', tiktok('7301111111111111111'));
    expect(exact.ok && exact.stats.rounded).toBe(false);
  });

  it('retries a 429, and falls back to the second provider on 500 and on a timeout', async () => {
    expect(await only('tiktok', tiktok('7301111111110429'))).toMatchObject({ ok: true, provider: 'tiktok' });
    expect(
      fake.requests.filter((r) => r.includes('7301111111110429') && r.startsWith('GET /tiktok/video')),
    ).toHaveLength(2);
    expect(await only('tiktok', tiktok('7301111111110500'))).toMatchObject({
      ok: true,
      provider: 'tiktok-fallback',
    });
    const started = Date.now();
    expect(await only('tiktok', tiktok('7301111111110504'))).toMatchObject({
      ok: true,
      provider: 'tiktok-fallback',
    });
    // Three tries of 300 ms on the primary, then the fallback: bounded, not hanging.
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('reports why when no provider knows the video', async () => {
    const result = await only('tiktok', tiktok('7301111111110404'));
    expect(result).toEqual({
      ok: false,
      error: 'tiktok: HTTP 404; tiktok-fallback: HTTP 404',
      reason: 'not-found',
    });
  });
});

describe('TikTok photo posts', () => {
  const photo = (id: string) => ({ postId: id, link: `https://www.tiktok.com/@luna/photo/${id}` });
  /** A TikTok post's result, and the requests the providers got for it. */
  const refreshed = async (target: { postId: string; link: string }) => {
    const before = fake.requests.length;
    const result = await only('tiktok', target);
    return { result, asked: fake.requests.slice(before) };
  };

  it('asks the photo provider by post id, and reads the numbers, the author and the country', async () => {
    const { result, asked } = await refreshed(photo('7302222222222222222'));
    expect(asked).toEqual(['GET /tiktok-photo/photo?post_id=7302222222222222222']);
    expect(result).toMatchObject({
      ok: true,
      provider: 'tiktok-photo',
      stats: { author: 'photo.creator', country: 'US' },
    });
    if (!result.ok) return;
    expect(result.stats.likes).toBeGreaterThan(0);
    expect(result.stats.comments).toBeGreaterThan(0);
    expect(result.stats.postedDate).toBeGreaterThan(Date.now() - 2 * 3600_000);
    // The answer has no play count: the views are unknown, not 0 views.
    expect(result.stats).toMatchObject({ views: 0, viewsKind: 'unknown' });
  });

  it('a video link still goes to the video providers', async () => {
    const { result, asked } = await refreshed(tiktok('7302222222222222223'));
    expect(result).toMatchObject({ ok: true, provider: 'tiktok' });
    expect(asked).toEqual([expect.stringMatching(/^GET \/tiktok\/video\?url=/)]);
  });

  it('reports an unknown photo post, without asking the video providers', async () => {
    const { result, asked } = await refreshed(photo('7302222222220404'));
    expect(result).toEqual({ ok: false, error: 'tiktok-photo: HTTP 404', reason: 'not-found' });
    expect(asked).toEqual(['GET /tiktok-photo/photo?post_id=7302222222220404']);
    // Some providers answer an unknown post with 200 and no post in it.
    expect(await only('tiktok', photo('7302222222220200'))).toEqual({
      ok: false,
      error: 'tiktok-photo: no photo post 7302222222220200 in the answer',
      reason: 'not-found',
    });
  });

  it("without a photo provider, a photo post fails with that reason, not a video provider's", async () => {
    const noPhoto = createStatsSources({ ...config, tiktokPhoto: null });
    const before = fake.requests.length;
    const result = (await noPhoto.tiktok.fetch([photo('7302222222222222224')])).get('7302222222222222224');
    expect(result).toEqual({
      ok: false,
      error: 'No TikTok photo provider is configured',
      reason: 'no-provider',
    });
    expect(fake.requests.length).toBe(before);
  });
});

describe('Instagram and YouTube', () => {
  it('reads an Instagram post by shortcode, and reports a failing provider', async () => {
    const ok = await only('instagram', { postId: 'C9zYx8WvU7t', link: '' });
    expect(ok).toMatchObject({ ok: true, stats: { author: 'insta.creator' } });
    expect(ok.ok && ok.stats.followers).toBeGreaterThan(0);
    expect(ok.ok && ok.stats.coverUrl).toMatch(/\/covers\/instagram%3AC9zYx8WvU7t$/);
    expect(await only('instagram', { postId: 'ERRbroken', link: '' })).toEqual({
      ok: false,
      error: 'instagram: HTTP 500',
      reason: 'provider-error',
    });
  });

  it('an Instagram answer with no views is unknown, not 0; the embed page then gives 4 × likes as an estimate', async () => {
    const counted = await only('instagram', { postId: 'C9zYx8WvU7t', link: '' });
    expect(counted.ok && counted.stats.viewsKind).toBe('reported');

    const noEmbed = createStatsSources({ ...config, instagramEmbedProxy: null });
    const unknown = await noEmbed.instagram.fetch([{ postId: 'PhotoAbc1', link: '' }]);
    const photo = unknown.get('PhotoAbc1')!;
    expect(photo).toMatchObject({ ok: true, stats: { views: 0, viewsKind: 'unknown' } });
    expect(photo.ok && photo.stats.likes).toBeGreaterThan(0);

    const before = fake.requests.length;
    const estimated = await only('instagram', { postId: 'PhotoAbc2', link: '' });
    if (!estimated.ok) throw new Error(estimated.error);
    expect(estimated.stats).toMatchObject({ viewsKind: 'estimated', views: 4 * estimated.stats.likes });
    // The proxy was asked for the post's embed page, with its key.
    const scraped = fake.requests.slice(before).find((r) => r.startsWith('GET /scrape'))!;
    const asked = new URL(scraped.slice(4), 'http://x').searchParams;
    expect(asked.get('url')).toBe('https://www.instagram.com/p/PhotoAbc2/embed/captioned/');
    expect(asked.get('api_key')).toBe(config.instagramEmbedProxy!.key);

    // No embed page either: the views stay unknown, and the refresh of the post still works.
    expect(await only('instagram', { postId: 'PhotoNoEmbed1', link: '' })).toMatchObject({
      ok: true,
      stats: { views: 0, viewsKind: 'unknown' },
    });
  });

  it('asks YouTube for at most 50 ids a call, and names the videos it did not return', async () => {
    const ids = Array.from({ length: 60 }, (_, i) => `Yt${String(i).padStart(9, '0')}`);
    ids[7] = 'GoneVideo01';
    const before = fake.requests.length;
    const results = await sources.youtube.fetch(ids.map((postId) => ({ postId, link: '' })));
    const calls = fake.requests.slice(before).filter((r) => r.startsWith('GET /youtube/v3/videos'));
    expect(calls).toHaveLength(2);
    expect(calls[0]).toContain('part=snippet%2Cstatistics');
    expect(results.get('GoneVideo01')).toEqual({
      ok: false,
      error: 'youtube: the video is private, deleted or unknown',
      reason: 'not-found',
    });
    expect([...results.values()].filter((r) => r.ok)).toHaveLength(59);
  });

  const channelCalls = (from: number) =>
    fake.requests
      .slice(from)
      .filter((r) => r.startsWith('GET /youtube/v3/channels'))
      .map((r) => new URL(r.slice(4), 'http://x').searchParams);
  const youtube = (ids: string[]) => sources.youtube.fetch(ids.map((postId) => ({ postId, link: '' })));
  const countryOf = (result: StatsResult | undefined) => (result?.ok ? result.stats.country : result);

  it("YouTube stats carry the country and subscribers of the video's channel, and its cover", async () => {
    const before = fake.requests.length;
    const results = await youtube(['Luna-a1b2c3d']);
    const result = results.get('Luna-a1b2c3d');
    expect(result).toMatchObject({ ok: true, stats: { country: 'US' } });
    expect(result?.ok && result.stats.followers).toBeGreaterThan(0);
    expect(result?.ok && result.stats.coverUrl).toMatch(/\/covers\/youtube%3ALuna-a1b2c3d$/);
    const [call, ...more] = channelCalls(before);
    expect(more).toHaveLength(0);
    expect(Object.fromEntries(call!)).toEqual({
      part: 'snippet,statistics',
      id: 'UCLuna',
      key: config.youtube!.key,
      maxResults: '50',
    });
  });

  it('asks for each channel once, at most 50 channel ids a call', async () => {
    // 60 videos of 60 channels, and 3 more videos of a channel already asked for.
    const ids = Array.from({ length: 60 }, (_, i) => `Ch${String(i).padStart(2, '0')}-video`);
    ids.push('Ch07-second', 'Ch07-third', 'Ch42-second');
    const before = fake.requests.length;
    const results = await youtube(ids);
    const calls = channelCalls(before).map((query) => query.get('id')!.split(','));
    expect(calls.map((asked) => asked.length)).toEqual([50, 10]);
    const asked = calls.flat();
    expect(new Set(asked).size).toBe(asked.length);
    expect(ids.map((id) => countryOf(results.get(id)))).toEqual(ids.map(() => 'US'));
  });

  it('a channel without a country, or a failed channels call, leaves the country unknown and the stats ok', async () => {
    const results = await youtube(['NoCountry-1', 'Down-1', 'Luna-e5f6g7h']);
    for (const id of ['NoCountry-1', 'Down-1'])
      expect(results.get(id)).toMatchObject({ ok: true, provider: 'youtube', stats: { country: null } });
    const noCountry = results.get('NoCountry-1')!;
    expect(noCountry.ok && noCountry.stats.likes).toBeGreaterThan(0);
    // One channels call for the three: its failure costs all three their country, nothing else.
    expect(countryOf(results.get('Luna-e5f6g7h'))).toBeNull();
    expect(countryOf((await youtube(['Luna-e5f6g7h'])).get('Luna-e5f6g7h'))).toBe('US');
  });

  it('says which platform has no provider configured', async () => {
    const none = createStatsSources({
      ...config,
      instagram: null,
      youtube: null,
      tiktok: null,
      tiktokFallback: null,
    });
    expect((await none.youtube.fetch([{ postId: 'x', link: '' }])).get('x')).toEqual({
      ok: false,
      error: 'No YouTube data provider is configured',
      reason: 'no-provider',
    });
    expect(
      (await none.tiktok.fetch([tiktok('7301111111111111112')])).get('7301111111111111112'),
    ).toMatchObject({
      ok: false,
      error: 'No TikTok data provider is configured',
      reason: 'no-provider',
    });
  });
});

describe('why a refresh failed, in fixed reasons (issue 39)', () => {
  const reasonOf = (result: StatsResult | undefined) => (result?.ok ? 'ok' : result?.reason);

  it('a spent plan or daily quota is "provider limit reached"', async () => {
    expect(reasonOf(await only('instagram', { postId: 'LIMITed1', link: '' }))).toBe('rate-limited');
    const quota = await sources.youtube.fetch([{ postId: 'QuotaVideo1', link: '' }]);
    expect(quota.get('QuotaVideo1')).toEqual({
      ok: false,
      error: 'youtube: HTTP 403',
      reason: 'rate-limited',
    });
  });

  it('a key the provider refuses is "key refused", not a missing video', async () => {
    const wrongKey = createStatsSources({
      ...config,
      tiktok: { ...config.tiktok!, key: 'not-the-key' },
      tiktokFallback: null,
      instagram: { ...config.instagram!, key: 'not-the-key' },
    });
    const video = tiktok('7301111111111111113');
    expect(reasonOf((await wrongKey.tiktok.fetch([video])).get(video.postId))).toBe('key-refused');
    const post = (await wrongKey.instagram.fetch([{ postId: 'C9zYx8WvU7t', link: '' }])).get('C9zYx8WvU7t');
    expect(post).toEqual({ ok: false, error: 'instagram: HTTP 401', reason: 'key-refused' });
  });

  it('a provider that never answers is "provider did not answer"', async () => {
    const noFallback = createStatsSources({ ...config, tiktokFallback: null });
    const video = tiktok('7301111111120504');
    expect((await noFallback.tiktok.fetch([video])).get(video.postId)).toEqual({
      ok: false,
      error: 'tiktok: no answer within 300 ms',
      reason: 'no-answer',
    });
  });

  it('the fallback has the last word: a refused key on the first and no such video on the second is "not found"', async () => {
    const firstRefused = createStatsSources({ ...config, tiktok: { ...config.tiktok!, key: 'not-the-key' } });
    const video = tiktok('7301111111120404');
    expect((await firstRefused.tiktok.fetch([video])).get(video.postId)).toEqual({
      ok: false,
      error: 'tiktok: HTTP 401; tiktok-fallback: HTTP 404',
      reason: 'not-found',
    });
  });
});

describe('the provider client', () => {
  it('keeps to its request rate', async () => {
    const client = new ProviderClient({ name: 'paced', requestsPerSecond: 20, timeoutMs: 500 });
    const key = fakeProvidersConfig('').youtube.key;
    const started = Date.now();
    const url = `${config.youtube!.url}/youtube/v3/videos?part=statistics&id=Yt000000001&key=${key}`;
    await Promise.all(Array.from({ length: 6 }, () => client.getJson(url)));
    // 6 requests at 20 per second: the last starts 250 ms after the first.
    expect(Date.now() - started).toBeGreaterThanOrEqual(240);
  });

  it('opens its circuit after repeated failures and then fails fast', async () => {
    const client = new ProviderClient({
      name: 'flaky',
      requestsPerSecond: 1000,
      timeoutMs: 300,
      retries: 0,
      breakerThreshold: 2,
      breakerOpenMs: 60_000,
    });
    const url = `${config.instagram!.url}/post?code=ERRx`;
    const headers = { 'x-api-key': config.instagram!.key };
    for (let i = 0; i < 2; i++) await expect(client.getJson(url, headers)).rejects.toThrow('flaky: HTTP 500');
    const before = fake.requests.length;
    await expect(client.getJson(url, headers)).rejects.toThrow('flaky: paused after repeated failures');
    expect(fake.requests.length).toBe(before);
  });
});
