import { createHash } from 'node:crypto';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CoverCopy, copyCover, drawCover } from './fake-covers.ts';

/**
 * A stand-in for the social-data providers, on 127.0.0.1 only: deterministic stats for
 * development, the demo and the tests, speaking the same API as the real adapters expect.
 * Numbers grow by a fixed step each time a video is asked for, so a refresh visibly changes them.
 *
 * Scripted failures, by the video id's ending (TikTok) or prefix (Instagram, YouTube):
 * TikTok …0429 answers 429 once, …0500 always 500 on the primary (the fallback answers),
 * …0504 never answers on the primary (timeout; the fallback answers), …0404 is unknown to both;
 * TikTok photo posts (by post id) answer without a play count, as photo posts often do; …0404 is
 * unknown, …0200 is unknown too but answered 200 with an error body, as some scrapers do. Instagram ERR… answers 500;
 * Instagram LIMIT… always answers 429 (a spent plan); YouTube Gone… is missing from the answer;
 * a YouTube call with a Quota… id answers 403 quotaExceeded, as YouTube does once the day's
 * quota is spent.
 * A YouTube video's channel is UC + its id up to the first '-' (Chan-1 and Chan-2 share UCChan);
 * every channel is in the US, except channels of NoCountry… videos, which name no country, and
 * those of Down… videos, whose channels.list call answers 500.
 * Instagram Photo… answers likes without play_count (a photo post), and its embed page, read
 * through the fake scraping proxy, shows the same likes; PhotoNoEmbed… has no embed page.
 * Every video has a cover at /covers/{platform}:{id} (a picture of its own, fake-covers.ts) and
 * an author with followers; `covers.set(key, { of, copy })` makes a video's cover another's
 * copied (a repost), `covers.set(key, null)` leaves it without one. `numbers.set(key, …)` makes
 * a video answer those numbers (and `followers.set` its author's followers) until changed.
 */
export const FAKE_PROVIDER_KEY = 'fake-provider-key';

/** A count as a display shows it: as is below 10,000, else two significant figures and K, M or B. */
export function roundedFigure(n: number): number | string {
  if (n < 10_000) return n;
  const [scale, suffix] = n >= 1e9 ? [1e9, 'B'] : n >= 1e6 ? [1e6, 'M'] : [1e3, 'K'];
  return `${Number((n / scale).toPrecision(2))}${suffix}`;
}

/** The fake YouTube channel of a video (see above). */
const youtubeChannelOf = (videoId: string) => `UC${videoId.split('-')[0]}`;

const hash = (s: string) => createHash('sha256').update(s).digest().readUInt32BE(0);

/** delayMs: every answer waits this long (changeable while running), like a slow provider. */
export function createFakeProviders(options: { delayMs?: number } = {}) {
  let delayMs = options.delayMs ?? 0;
  // How often each video was asked for ('youtube:<id>', 'tiktok:<id>', …).
  const asked = new Map<string, number>();
  const firstSeen = new Map<string, number>();
  const requests: string[] = [];
  // `again`: the numbers of the last answer, not a new asking (the embed page of the same post).
  // Scripted numbers, by 'platform:id', answered instead of the growing ones.
  // `postedAt` (ms): when the video says it was published (else an hour before it was first asked for).
  const numbers = new Map<string, { views: number; likes: number; comments: number; postedAt?: number }>();
  const followers = new Map<string, number>();
  const stats = (id: string, again = false) => {
    const n = (asked.get(id) ?? 0) + (again ? 0 : 1);
    asked.set(id, n);
    if (!firstSeen.has(id)) firstSeen.set(id, Math.floor(Date.now() / 1000) - 3600);
    const scripted = numbers.get(id);
    if (scripted) {
      const { postedAt, ...counts } = scripted;
      const createTime = postedAt === undefined ? firstSeen.get(id)! : Math.floor(postedAt / 1000);
      return { ...counts, shares: 0, createTime };
    }
    const views = (hash(id) % 50_000) * 10 + 1000 + n * 250;
    const likes = Math.round(views * 0.08);
    return {
      views,
      likes,
      comments: Math.round(likes * 0.05),
      shares: Math.round(likes * 0.02),
      createTime: firstSeen.get(id)!,
    };
  };
  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const tiktokId = (link: string) => /\/(?:video|photo)\/(\d+)/.exec(link)?.[1];
  const once = new Set<string>();
  // Scripted covers, by 'platform:id': a copy of another video's, or none.
  const covers = new Map<string, { of: string; copy: CoverCopy } | null>();
  const coverUrl = (req: IncomingMessage, key: string) =>
    covers.get(key) === null ? undefined : `http://${req.headers.host}/covers/${encodeURIComponent(key)}`;
  const followersOf = (key: string) => followers.get(key) ?? (hash(`followers:${key}`) % 500_000) + 200;
  const sendCover = async (res: ServerResponse, key: string) => {
    const scripted = covers.get(key);
    const picture = scripted
      ? await copyCover(await drawCover(scripted.of), scripted.copy)
      : await drawCover(key);
    res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': String(picture.length) });
    res.end(picture);
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    const keyed = req.headers['x-api-key'] === FAKE_PROVIDER_KEY;
    const [first, ...rest] = url.pathname.split('/').filter(Boolean);

    // The providers' CDN: each video's cover.
    if (first === 'covers' && rest[0]) {
      const key = decodeURIComponent(rest[0]);
      if (covers.get(key) === null) return json(res, 404, { error: 'no cover' });
      return void sendCover(res, key).catch(() => json(res, 500, { error: 'cover' }));
    }

    // Short links: /vm.tiktok.com/{code}/ → 301 to a canonical video link.
    if (
      first === 'vm.tiktok.com' ||
      first === 'vt.tiktok.com' ||
      (first === 'www.tiktok.com' && rest[0] === 't')
    ) {
      const code = first === 'www.tiktok.com' ? rest[1] : rest[0];
      if (!code || code.startsWith('dead')) return json(res, 404, { error: 'not found' });
      const id = `73${String(hash(code)).padStart(17, '0')}`;
      res.writeHead(301, {
        location: `https://www.tiktok.com/@short.${code.toLowerCase()}/video/${id}?_r=1`,
      });
      return res.end();
    }
    if ((first === 'tiktok' || first === 'tiktok-fallback') && rest[0] === 'video') {
      if (!keyed) return json(res, 401, { error: 'bad key' });
      const id = tiktokId(url.searchParams.get('url') ?? '');
      if (!id || id.endsWith('0404')) return json(res, 404, { error: 'video not found' });
      if (first === 'tiktok' && id.endsWith('0500')) return json(res, 500, { error: 'down' });
      if (first === 'tiktok' && id.endsWith('0504')) return; // never answers
      if (first === 'tiktok' && id.endsWith('0429') && !once.has(id)) {
        once.add(id);
        return json(res, 429, { error: 'slow down' }, { 'retry-after': '0' });
      }
      const s = stats(`tiktok:${id}`);
      // Videos ending in 0770 come as some scrapers show them: rounded above 10,000 ("1.2M", "52K").
      const shown = (n: number) => (id.endsWith('0770') ? roundedFigure(n) : n);
      return json(res, 200, {
        id,
        createTime: s.createTime,
        region: 'US',
        author: { uniqueId: /@([^/]+)/.exec(url.searchParams.get('url') ?? '')?.[1] ?? 'creator' },
        authorStats: { followerCount: followersOf(`tiktok:${id}`) },
        video: { cover: coverUrl(req, `tiktok:${id}`) },
        stats: {
          diggCount: shown(s.likes),
          playCount: shown(s.views),
          commentCount: shown(s.comments),
          shareCount: shown(s.shares),
        },
      });
    }
    if (first === 'tiktok-photo' && rest[0] === 'photo') {
      if (!keyed) return json(res, 401, { error: 'bad key' });
      const id = url.searchParams.get('post_id') ?? '';
      if (!/^\d+$/.test(id) || id.endsWith('0404')) return json(res, 404, { error: 'post not found' });
      if (id.endsWith('0200')) return json(res, 200, { code: -1, msg: 'item not exist', data: null });
      const s = stats(`tiktok:${id}`);
      return json(res, 200, {
        data: {
          aweme_id: id,
          create_time: s.createTime,
          region: 'US',
          author: { unique_id: 'photo.creator', nickname: 'Photo Creator' },
          statistics: { digg_count: s.likes, comment_count: s.comments, share_count: s.shares },
          image_post_info: { images: [{ display_image: { url_list: [`https://fake/${id}/1.jpg`] } }] },
        },
      });
    }
    if (first === 'tiktok' && rest[0] === 'oembed') {
      const link = url.searchParams.get('url') ?? '';
      return json(res, 200, {
        author_unique_id: /@([^/]+)/.exec(link)?.[1] ?? 'creator',
        embed_product_id: tiktokId(link),
      });
    }
    if (first === 'instagram' && rest[0] === 'post') {
      if (!keyed) return json(res, 401, { error: 'bad key' });
      const code = url.searchParams.get('code') ?? '';
      if (code.startsWith('ERR')) return json(res, 500, { error: 'down' });
      if (code.startsWith('LIMIT')) return json(res, 429, { error: 'monthly quota reached' });
      const s = stats(`instagram:${code}`);
      return json(res, 200, {
        like_count: s.likes,
        ...(code.startsWith('Photo') ? {} : { play_count: s.views }),
        comment_count: s.comments,
        taken_at: s.createTime,
        country: 'US',
        user: { username: 'insta.creator', follower_count: followersOf(`instagram:${code}`) },
        image_versions2: { candidates: [{ url: coverUrl(req, `instagram:${code}`) }] },
      });
    }
    // A scraping proxy (GET /scrape?api_key=…&url=…) in front of Instagram's embed pages.
    if (first === 'scrape') {
      if (url.searchParams.get('api_key') !== FAKE_PROVIDER_KEY) return json(res, 401, { error: 'bad key' });
      const code = /instagram\.com\/p\/([^/]+)\/embed/.exec(url.searchParams.get('url') ?? '')?.[1] ?? '';
      if (!code || code.startsWith('PhotoNoEmbed')) return json(res, 404, { error: 'page not found' });
      const { likes } = stats(`instagram:${code}`, true);
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end(
        `<html><body><div class="SocialProof">${likes.toLocaleString('en')} likes</div>` +
          `<script>window.__data = {"edge_liked_by":{"count":${likes}}};</script></body></html>`,
      );
    }
    const youtubeList = first === 'youtube' && rest[0] === 'v3' ? rest[1] : undefined;
    const ids = (url.searchParams.get('id') ?? '').split(',').filter(Boolean);
    // videos.list and channels.list refuse a call without a key, or with more than 50 ids.
    if (youtubeList === 'videos' || youtubeList === 'channels') {
      if (!url.searchParams.get('key')) return json(res, 403, { error: { message: 'API key missing' } });
      if (ids.length > 50) return json(res, 400, { error: { message: 'too many ids' } });
      if (ids.some((id) => id.startsWith('Quota')))
        return json(res, 403, { error: { errors: [{ reason: 'quotaExceeded' }], message: 'quota' } });
    }
    if (youtubeList === 'videos') {
      return json(res, 200, {
        items: ids
          .filter((id) => !id.startsWith('Gone'))
          .map((id) => {
            const s = stats(`youtube:${id}`);
            return {
              id,
              snippet: {
                publishedAt: new Date(s.createTime * 1000).toISOString(),
                channelId: youtubeChannelOf(id),
                channelTitle: 'Tube Creator',
                thumbnails: { high: { url: coverUrl(req, `youtube:${id}`) } },
              },
              statistics: {
                viewCount: String(s.views),
                likeCount: String(s.likes),
                commentCount: String(s.comments),
              },
            };
          }),
      });
    }
    if (youtubeList === 'channels') {
      if (ids.some((id) => id.startsWith('UCDown'))) return json(res, 500, { error: { message: 'down' } });
      return json(res, 200, {
        items: ids.map((id) => ({
          id,
          snippet: { title: `Channel ${id}`, ...(id.startsWith('UCNoCountry') ? {} : { country: 'US' }) },
          statistics: { subscriberCount: String(followersOf(`youtube:${id}`)), hiddenSubscriberCount: false },
        })),
      });
    }
    json(res, 404, { error: 'no such endpoint' });
  };

  // Requests waiting out the delay, not yet answered nor listed in `requests`.
  let held = 0;
  const server: Server = createServer((req, res) => {
    if (delayMs > 0) {
      held++;
      // Unref'd: an answer held for a killed client must not keep the test process alive.
      setTimeout(() => {
        held--;
        handle(req, res);
      }, delayMs).unref();
    } else handle(req, res);
  });
  return {
    server,
    requests,
    asked: asked as ReadonlyMap<string, number>,
    covers,
    numbers,
    followers,
    /** How many requests are waiting out the delay now. */
    held: () => held,
    setDelay(ms: number) {
      delayMs = ms;
    },
    async listen(port = 0): Promise<string> {
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The adapters' configuration for a fake server at `base`. */
export const fakeProvidersConfig = (base: string) => ({
  tiktok: { url: `${base}/tiktok`, key: FAKE_PROVIDER_KEY },
  tiktokFallback: { url: `${base}/tiktok-fallback`, key: FAKE_PROVIDER_KEY },
  tiktokPhoto: { url: `${base}/tiktok-photo`, key: FAKE_PROVIDER_KEY },
  tiktokOembedUrl: `${base}/tiktok/oembed`,
  instagram: { url: `${base}/instagram`, key: FAKE_PROVIDER_KEY },
  instagramEmbedProxy: { url: `${base}/scrape`, key: FAKE_PROVIDER_KEY },
  youtube: { url: base, key: FAKE_PROVIDER_KEY },
  shortLinkBaseUrl: base,
});
