/**
 * Why a refresh could not read a post's numbers, as people understand it (issue 39): stored with
 * the failure on the post and on the job's task, counted in the job's result, and translated on
 * the web (decision 0111). The provider's own words stay in the post's statsError for staff.
 */
export const REFRESH_FAILURES = [
  /** No provider (or no key) is configured for the platform. */
  'no-provider',
  /** The provider refused the key (HTTP 401 or 403). */
  'key-refused',
  /** The provider knows no such public video: deleted, private or never there (HTTP 400, 404, 410). */
  'not-found',
  /** The provider's rate or quota is used up (HTTP 429). */
  'rate-limited',
  /** No answer in time, the network failed, or the provider is paused after repeated failures. */
  'no-answer',
  /** The provider failed (HTTP 5xx) or answered something without the numbers. */
  'provider-error',
  /** The post's link is not a video any provider can be asked about. */
  'invalid-link',
  /** The post was removed before its turn came. */
  'post-gone',
] as const;
export type RefreshFailure = (typeof REFRESH_FAILURES)[number];

/**
 * The reason an HTTP answer other than 2xx from a provider stands for. YouTube answers a spent
 * daily quota with 403 and 'quotaExceeded' in the body: that is a limit, not a refused key.
 */
export function refreshFailureOfStatus(status: number, body = ''): RefreshFailure {
  if (status === 403 && /quota|rateLimit/i.test(body)) return 'rate-limited';
  if (status === 401 || status === 403) return 'key-refused';
  if (status === 400 || status === 404 || status === 410) return 'not-found';
  if (status === 429) return 'rate-limited';
  return 'provider-error';
}
