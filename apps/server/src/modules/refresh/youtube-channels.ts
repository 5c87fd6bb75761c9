import type { ProviderEndpoint } from '../../config/env.ts';
import type { ProviderClient } from './provider-client.ts';
import { countOrNull } from './provider-numbers.ts';

/** channels.list takes at most 50 ids a call, like videos.list. */
const CHANNELS_PER_CALL = 50;

/** What a video's channel tells: its country and how many subscribe, when it says. */
export type ChannelFacts = { country: string | null; subscribers: number | null };

/**
 * The country each channel declares (YouTube Data API v3 channels.list, part=snippet:
 * items[].snippet.country, an ISO 3166-1 alpha-2 code that many channels leave out), and its
 * subscribers (part=statistics: statistics.subscriberCount, unless hiddenSubscriberCount). A
 * video carries no country of its own, so its channel's is the only one YouTube gives. Each
 * channel is asked once; a failed call leaves its channels unknown rather than failing the stats.
 */
export async function channelFacts(
  client: ProviderClient,
  endpoint: ProviderEndpoint,
  channelIds: Iterable<string>,
): Promise<Map<string, ChannelFacts>> {
  const unique = [...new Set(channelIds)];
  const facts = new Map<string, ChannelFacts>();
  for (let i = 0; i < unique.length; i += CHANNELS_PER_CALL) {
    const query = new URLSearchParams({
      part: 'snippet,statistics',
      id: unique.slice(i, i + CHANNELS_PER_CALL).join(','),
      key: endpoint.key,
      maxResults: String(CHANNELS_PER_CALL),
    });
    try {
      const body = await client.getJson<{
        items?: {
          id: string;
          snippet?: { country?: string };
          statistics?: { subscriberCount?: string; hiddenSubscriberCount?: boolean };
        }[];
      }>(`${endpoint.url}/youtube/v3/channels?${query}`);
      for (const item of body.items ?? [])
        facts.set(item.id, {
          country: item.snippet?.country?.toUpperCase() ?? null,
          subscribers: item.statistics?.hiddenSubscriberCount
            ? null
            : countOrNull(item.statistics?.subscriberCount),
        });
    } catch {
      // The card says the country is unknown; the video's numbers still count.
    }
  }
  return facts;
}
