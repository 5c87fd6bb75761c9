import type { ProviderEndpoint } from '../../config/env.ts';
import type { ProviderClient } from './provider-client.ts';

/** channels.list takes at most 50 ids a call, like videos.list. */
const CHANNELS_PER_CALL = 50;

/**
 * The country each channel declares (YouTube Data API v3 channels.list, part=snippet:
 * items[].snippet.country, an ISO 3166-1 alpha-2 code that many channels leave out). A video
 * carries no country of its own, so its channel's is the only one YouTube gives. Each channel is
 * asked once; a failed call leaves its channels without a country rather than failing the stats.
 */
export async function channelCountries(
  client: ProviderClient,
  endpoint: ProviderEndpoint,
  channelIds: Iterable<string>,
): Promise<Map<string, string>> {
  const unique = [...new Set(channelIds)];
  const countries = new Map<string, string>();
  for (let i = 0; i < unique.length; i += CHANNELS_PER_CALL) {
    const query = new URLSearchParams({
      part: 'snippet',
      id: unique.slice(i, i + CHANNELS_PER_CALL).join(','),
      key: endpoint.key,
      maxResults: String(CHANNELS_PER_CALL),
    });
    try {
      const body = await client.getJson<{ items?: { id: string; snippet?: { country?: string } }[] }>(
        `${endpoint.url}/youtube/v3/channels?${query}`,
      );
      for (const item of body.items ?? [])
        if (item.snippet?.country) countries.set(item.id, item.snippet.country.toUpperCase());
    } catch {
      // The card says the country is unknown; the video's numbers still count.
    }
  }
  return countries;
}
