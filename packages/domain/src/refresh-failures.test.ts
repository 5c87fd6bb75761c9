import { describe, expect, it } from 'vitest';
import { refreshFailureOfStatus } from './refresh-failures.ts';

describe("a provider's HTTP answer as a refresh failure", () => {
  it('tells a missing video, a refused key, a limit and a broken provider apart', () => {
    expect([404, 410, 400].map((s) => refreshFailureOfStatus(s))).toEqual([
      'not-found',
      'not-found',
      'not-found',
    ]);
    expect([401, 403].map((s) => refreshFailureOfStatus(s))).toEqual(['key-refused', 'key-refused']);
    expect(refreshFailureOfStatus(429)).toBe('rate-limited');
    expect(refreshFailureOfStatus(403, '{"error":{"errors":[{"reason":"quotaExceeded"}]}}')).toBe(
      'rate-limited',
    );
    expect([500, 502, 418].map((s) => refreshFailureOfStatus(s))).toEqual([
      'provider-error',
      'provider-error',
      'provider-error',
    ]);
  });
});
