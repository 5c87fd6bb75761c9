import type { ProviderEndpoint } from '../../config/env.ts';
import type { ProviderClient } from './provider-client.ts';

/** The page Instagram serves to embed a post: public, and it shows the like count. */
export const embedPageOf = (shortcode: string) =>
  `https://www.instagram.com/p/${encodeURIComponent(shortcode)}/embed/captioned/`;

/**
 * The like count on an embed page, or null when the page shows none. The page carries it in
 * its inline data (edge_liked_by, edge_media_preview_like or like_count, by page version) and
 * in its text ('1,234 likes'); the data is read first, being exact.
 */
export function likesFromEmbedPage(html: string): number | null {
  const data =
    /"(?:edge_liked_by|edge_media_preview_like)"\s*:\s*\{\s*"count"\s*:\s*(\d+)/.exec(html) ??
    /"like_count"\s*:\s*(\d+)/.exec(html);
  if (data) return Number(data[1]);
  const text = /(\d[\d,.]*)\s+likes?\b/i.exec(html);
  return text ? Number(text[1]!.replace(/[,.]/g, '')) : null;
}

/**
 * Reads a post's embed page through the configured scraping proxy (GET {url}?api_key=…&url=…),
 * answering its like count or null. A failure is not an error of the refresh: the views then
 * stay unknown.
 */
export async function embedPageLikes(
  client: ProviderClient,
  proxy: ProviderEndpoint,
  shortcode: string,
): Promise<number | null> {
  const query = new URLSearchParams({ api_key: proxy.key, url: embedPageOf(shortcode) });
  try {
    return likesFromEmbedPage(await client.getText(`${proxy.url}?${query}`));
  } catch {
    return null;
  }
}
