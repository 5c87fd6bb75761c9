import type { ProviderEndpoint } from '../../config/env.ts';
import type { PostStats } from '../posts/index.ts';
import { type ProviderClient, ProviderError } from './provider-client.ts';
import { num, roundedAmong, seconds, viewsOf } from './provider-numbers.ts';

/** A TikTok photo post (/@handle/photo/{id}): the video providers, asked by link, do not know it. */
export const isTikTokPhotoLink = (link: string) => /^https?:\/\/[^/]+\/@[^/]+\/photo\/\d+/i.test(link);

/** The fields read from a post detail, named as TikTok's own API names them (an "aweme"). */
type PhotoPost = {
  aweme_id?: string;
  create_time?: number;
  region?: string;
  author?: { unique_id?: string; nickname?: string };
  statistics?: { digg_count?: number; play_count?: number; comment_count?: number; share_count?: number };
};

/**
 * The TikTok photo-details provider: GET {url}/photo?post_id={id} with the key in x-api-key. It
 * answers the post detail the way the RapidAPI TikTok scrapers pass TikTok's own on:
 * { data: { aweme_id, create_time, region, author: { unique_id, nickname },
 * statistics: { digg_count, play_count, comment_count, share_count }, image_post_info } }.
 * A photo post is seldom given a play_count; its views are then unknown, never 0 (decision 0097).
 * The author is null when the answer names none (the caller then asks oEmbed).
 */
export async function tiktokPhotoStats(
  client: ProviderClient,
  endpoint: ProviderEndpoint,
  postId: string,
): Promise<PostStats> {
  const body = await client.getJson<{ data?: PhotoPost | null }>(
    `${endpoint.url}/photo?post_id=${encodeURIComponent(postId)}`,
    { 'x-api-key': endpoint.key },
  );
  const post = body.data;
  // Some scrapers answer an unknown post with 200 and an empty or error body.
  if (!post?.statistics)
    throw new ProviderError(`${client.name}: no photo post ${postId} in the answer`, false, 'not-found');
  return {
    likes: num(post.statistics.digg_count),
    ...viewsOf(post.statistics.play_count),
    comments: num(post.statistics.comment_count),
    shares: num(post.statistics.share_count),
    rounded: roundedAmong(
      post.statistics.digg_count,
      post.statistics.play_count,
      post.statistics.comment_count,
      post.statistics.share_count,
    ),
    postedDate: seconds(post.create_time),
    author: post.author?.unique_id ?? null,
    country: post.region ?? null,
  };
}
