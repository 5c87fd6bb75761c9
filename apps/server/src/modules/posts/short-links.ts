import { parsePostLink } from '@preffy/domain';

const MAX_HOPS = 5;

/**
 * Follows a TikTok short link (vm.tiktok.com/…, vt.tiktok.com/…, tiktok.com/t/…) to the video
 * it stands for. Only redirects to tiktok.com hosts are followed, so a submitted link cannot
 * make the server fetch anything else. `baseUrl` sends the requests to a stand-in server
 * (development and tests): https://vm.tiktok.com/X/ is asked as {baseUrl}/vm.tiktok.com/X/.
 */
export async function resolveShortLink(
  link: string,
  options: { baseUrl?: string; timeoutMs: number },
): Promise<string | null> {
  let current = link;
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    const url = new URL(current);
    if (!/(^|\.)tiktok\.com$/i.test(url.hostname)) return null;
    const target = options.baseUrl
      ? `${options.baseUrl}/${url.hostname}${url.pathname}${url.search}`
      : current;
    let response: Response;
    try {
      response = await fetch(target, {
        method: 'GET',
        redirect: 'manual',
        headers: { 'user-agent': 'Mozilla/5.0 (compatible; PreffyAdmin/1.0)' },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch {
      return null;
    }
    const location = response.headers.get('location');
    await response.body?.cancel();
    if (response.status < 300 || response.status >= 400 || !location) return null;
    const next = new URL(location, current).toString();
    const parsed = parsePostLink(next);
    if (parsed.kind === 'post') return parsed.url;
    if (parsed.kind !== 'short' && !/(^|\.)tiktok\.com$/i.test(new URL(next).hostname)) return null;
    current = next;
  }
  return null;
}
