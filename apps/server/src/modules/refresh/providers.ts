import { type PostPlatform, type RefreshFailure, estimateViews } from '@preffy/domain';
import type { ProviderEndpoint, ProvidersConfig } from '../../config/env.ts';
import type { PostStats } from '../posts/index.ts';
import { ProviderClient, ProviderError } from './provider-client.ts';
import { embedPageLikes } from './instagram-embed.ts';
import { countOrNull, num, roundedAmong, seconds, viewsOf } from './provider-numbers.ts';
import { isTikTokPhotoLink, tiktokPhotoStats } from './tiktok-photo.ts';
import { channelFacts } from './youtube-channels.ts';

/** What a refresh learns about one post. */
export type { PostStats };

export type StatsTarget = { postId: string; link: string };
/** A failure keeps the provider's words (`error`) and what they mean for the post (`reason`). */
export type StatsResult =
  { ok: true; stats: PostStats; provider: string } | { ok: false; error: string; reason: RefreshFailure };

/** One platform's stats, for a batch of posts: an answer (stats or a reason) for each. */
export interface StatsSource {
  platform: PostPlatform;
  /** How many posts one call may take (YouTube: 50 ids per videos.list). */
  batchSize: number;
  fetch(targets: StatsTarget[]): Promise<Map<string, StatsResult>>;
}

export type { ProviderEndpoint, ProvidersConfig };

const reasonOf = (error: unknown): RefreshFailure =>
  error instanceof ProviderError ? error.reason : 'provider-error';
const failed = (error: unknown): StatsResult => ({
  ok: false,
  error: (error as Error).message,
  reason: reasonOf(error),
});
/** No provider is configured for what the post needs. */
export const noProvider = (error: string): StatsResult => ({ ok: false, error, reason: 'no-provider' });
const found = (client: ProviderClient, stats: PostStats): StatsResult => ({
  ok: true,
  provider: client.name,
  stats,
});

/** For providers that take one post a call: asks for each in turn. */
async function oneByOne(targets: StatsTarget[], one: (target: StatsTarget) => Promise<StatsResult>) {
  const out = new Map<string, StatsResult>();
  for (const target of targets) out.set(target.postId, await one(target));
  return out;
}

/** A client for one provider, with the rate, timeout and backoff every provider shares. */
const providerClient = (name: string, config: ProvidersConfig) =>
  new ProviderClient({
    name,
    requestsPerSecond: config.requestsPerSecond,
    timeoutMs: config.timeoutMs,
    backoffMs: config.backoffMs,
  });

/** A platform whose stats one configured provider answers: its endpoint and its client. */
abstract class EndpointSource {
  constructor(
    protected readonly client: ProviderClient,
    protected readonly endpoint: ProviderEndpoint,
  ) {}
}

/**
 * TikTok metadata providers: GET {url}/video?url={video link} with the key in x-api-key, answering
 * { id, createTime, author: { uniqueId }, stats: { diggCount, playCount, commentCount, shareCount },
 * region }. The fallback provider speaks the same and is asked when the first fails. Photo posts
 * go to the photo-details provider instead (tiktok-photo.ts), by post id.
 */
class TikTokSource implements StatsSource {
  platform = 'tiktok' as const;
  batchSize = 1;
  private clients: { client: ProviderClient; endpoint: ProviderEndpoint }[];
  private photo: { client: ProviderClient; endpoint: ProviderEndpoint } | null;
  private oembed: ProviderClient;

  constructor(private readonly config: ProvidersConfig) {
    this.clients = config.tiktok
      ? [{ client: providerClient('tiktok', config), endpoint: config.tiktok }]
      : [];
    if (config.tiktokFallback)
      this.clients.push({
        client: providerClient('tiktok-fallback', config),
        endpoint: config.tiktokFallback,
      });
    this.photo = config.tiktokPhoto
      ? { client: providerClient('tiktok-photo', config), endpoint: config.tiktokPhoto }
      : null;
    this.oembed = providerClient('tiktok-oembed', config);
  }

  fetch(targets: StatsTarget[]) {
    return oneByOne(targets, (target) => this.one(target));
  }

  private async one(target: StatsTarget): Promise<StatsResult> {
    if (isTikTokPhotoLink(target.link)) return this.photoPost(target).catch(failed);
    if (!this.clients.length) return noProvider('No TikTok data provider is configured');
    const errors: string[] = [];
    let reason: RefreshFailure = 'provider-error';
    for (const { client, endpoint } of this.clients) {
      try {
        const body = await client.getJson<{
          id?: string;
          createTime?: number;
          region?: string;
          author?: { uniqueId?: string; nickname?: string };
          authorStats?: { followerCount?: number | string };
          video?: { cover?: string; originCover?: string };
          stats?: { diggCount?: number; playCount?: number; commentCount?: number; shareCount?: number };
        }>(`${endpoint.url}/video?url=${encodeURIComponent(target.link)}`, { 'x-api-key': endpoint.key });
        if (!body.stats) throw new ProviderError(`${client.name}: no stats in the answer`, true, 'not-found');
        return found(client, {
          likes: num(body.stats.diggCount),
          ...viewsOf(body.stats.playCount),
          comments: num(body.stats.commentCount),
          shares: num(body.stats.shareCount),
          rounded: roundedAmong(
            body.stats.diggCount,
            body.stats.playCount,
            body.stats.commentCount,
            body.stats.shareCount,
          ),
          postedDate: seconds(body.createTime),
          author: body.author?.uniqueId ?? (await this.oembedAuthor(target.link)),
          country: body.region ?? null,
          followers: countOrNull(body.authorStats?.followerCount),
          coverUrl: body.video?.cover ?? body.video?.originCover ?? null,
        });
      } catch (error) {
        // The last provider asked has the last word: the fallback is asked when the first fails.
        reason = reasonOf(error);
        errors.push((error as Error).message);
      }
    }
    return { ok: false, error: errors.join('; '), reason };
  }

  private async photoPost(target: StatsTarget): Promise<StatsResult> {
    if (!this.photo) return noProvider('No TikTok photo provider is configured');
    const { client, endpoint } = this.photo;
    const stats = await tiktokPhotoStats(client, endpoint, target.postId);
    return found(client, { ...stats, author: stats.author ?? (await this.oembedAuthor(target.link)) });
  }

  /** TikTok's public oEmbed names the author when a provider does not. */
  private async oembedAuthor(link: string) {
    try {
      const body = await this.oembed.getJson<{ author_unique_id?: string; author_name?: string }>(
        `${this.config.tiktokOembedUrl}?url=${encodeURIComponent(link)}`,
      );
      return body.author_unique_id ?? body.author_name ?? null;
    } catch {
      return null;
    }
  }
}

/**
 * Instagram post-info provider: GET {url}/post?code={shortcode} with x-api-key, answering
 * { like_count, play_count, comment_count, taken_at, user: { username }, country }. Photos and
 * some reels come without play_count: then, with a scraping proxy configured, the embed page's
 * likes give the spec's estimate of 4 × likes views; without one the views stay unknown.
 */
class InstagramSource extends EndpointSource implements StatsSource {
  platform = 'instagram' as const;
  batchSize = 1;
  constructor(
    client: ProviderClient,
    endpoint: ProviderEndpoint,
    private readonly embed: { client: ProviderClient; proxy: ProviderEndpoint } | null,
  ) {
    super(client, endpoint);
  }
  fetch(targets: StatsTarget[]) {
    return oneByOne(targets, (target) => this.one(target).catch(failed));
  }
  private async one(target: StatsTarget): Promise<StatsResult> {
    const body = await this.client.getJson<{
      like_count?: number;
      play_count?: number;
      comment_count?: number;
      taken_at?: number;
      country?: string;
      user?: { username?: string; follower_count?: number | string };
      thumbnail_url?: string;
      image_versions2?: { candidates?: { url?: string }[] };
    }>(`${this.endpoint.url}/post?code=${encodeURIComponent(target.postId)}`, {
      'x-api-key': this.endpoint.key,
    });
    const likes = num(body.like_count);
    let views = viewsOf(body.play_count);
    if (views.viewsKind === 'unknown' && this.embed) {
      const embedLikes = await embedPageLikes(this.embed.client, this.embed.proxy, target.postId);
      if (embedLikes !== null) views = { views: estimateViews(embedLikes), viewsKind: 'estimated' };
    }
    return found(this.client, {
      likes,
      ...views,
      comments: num(body.comment_count),
      shares: 0,
      rounded: roundedAmong(body.like_count, body.play_count, body.comment_count),
      postedDate: seconds(body.taken_at),
      author: body.user?.username ?? null,
      country: body.country ?? null,
      followers: countOrNull(body.user?.follower_count),
      coverUrl: body.image_versions2?.candidates?.[0]?.url ?? body.thumbnail_url ?? null,
    });
  }
}

type YouTubeVideo = {
  id: string;
  snippet?: {
    publishedAt?: string;
    channelId?: string;
    channelTitle?: string;
    thumbnails?: Partial<Record<'default' | 'medium' | 'high', { url?: string }>>;
  };
  statistics?: { viewCount?: string; likeCount?: string; commentCount?: string };
};

/**
 * YouTube Data API v3: videos.list with part=snippet,statistics, up to 50 ids a call; then the
 * videos' channels for their country (youtube-channels.ts).
 */
class YouTubeSource extends EndpointSource implements StatsSource {
  platform = 'youtube' as const;
  batchSize = 50;
  async fetch(targets: StatsTarget[]) {
    const out = new Map<string, StatsResult>();
    const videos = new Map<string, YouTubeVideo>();
    for (let i = 0; i < targets.length; i += this.batchSize) {
      const batch = targets.slice(i, i + this.batchSize);
      const query = new URLSearchParams({
        part: 'snippet,statistics',
        id: batch.map((t) => t.postId).join(','),
        key: this.endpoint.key,
        maxResults: String(this.batchSize),
      });
      try {
        const body = await this.client.getJson<{ items?: YouTubeVideo[] }>(
          `${this.endpoint.url}/youtube/v3/videos?${query}`,
        );
        for (const item of body.items ?? []) videos.set(item.id, item);
      } catch (error) {
        for (const target of batch) out.set(target.postId, failed(error));
      }
    }
    const channels = await channelFacts(
      this.client,
      this.endpoint,
      [...videos.values()].flatMap((item) => item.snippet?.channelId ?? []),
    );
    for (const target of targets) {
      if (out.has(target.postId)) continue;
      const item = videos.get(target.postId);
      out.set(
        target.postId,
        item
          ? found(this.client, {
              likes: num(item.statistics?.likeCount),
              ...viewsOf(item.statistics?.viewCount),
              comments: num(item.statistics?.commentCount),
              shares: 0,
              rounded: roundedAmong(
                item.statistics?.likeCount,
                item.statistics?.viewCount,
                item.statistics?.commentCount,
              ),
              postedDate: item.snippet?.publishedAt ? Date.parse(item.snippet.publishedAt) : null,
              author: item.snippet?.channelTitle ?? null,
              country: channels.get(item.snippet?.channelId ?? '')?.country ?? null,
              followers: channels.get(item.snippet?.channelId ?? '')?.subscribers ?? null,
              // 480 × 360 is plenty for a 9 × 8 hash, and every video has it.
              coverUrl:
                item.snippet?.thumbnails?.high?.url ??
                item.snippet?.thumbnails?.medium?.url ??
                item.snippet?.thumbnails?.default?.url ??
                null,
            })
          : { ok: false, error: 'youtube: the video is private, deleted or unknown', reason: 'not-found' },
      );
    }
    return out;
  }
}

export type StatsSources = Record<PostPlatform, StatsSource>;

/** A platform without a configured provider: every post gets that reason, none is skipped silently. */
const unconfigured = (platform: PostPlatform, name: string): StatsSource => ({
  platform,
  batchSize: 50,
  fetch: async (targets) =>
    new Map(targets.map((t) => [t.postId, noProvider(`No ${name} data provider is configured`)])),
});

export function createStatsSources(config: ProvidersConfig): StatsSources {
  return {
    tiktok: new TikTokSource(config),
    instagram: config.instagram
      ? new InstagramSource(
          providerClient('instagram', config),
          config.instagram,
          config.instagramEmbedProxy
            ? { client: providerClient('instagram-embed', config), proxy: config.instagramEmbedProxy }
            : null,
        )
      : unconfigured('instagram', 'Instagram'),
    youtube: config.youtube
      ? new YouTubeSource(providerClient('youtube', config), config.youtube)
      : unconfigured('youtube', 'YouTube'),
  };
}
