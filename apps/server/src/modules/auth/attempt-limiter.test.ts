import { afterEach, describe, expect, it, vi } from 'vitest';
import { AttemptLimiter } from './attempt-limiter.ts';

afterEach(() => vi.useRealTimers());

describe('AttemptLimiter', () => {
  it('refuses past the limit until the window ends, and a success wipes the count', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const limiter = new AttemptLimiter({ max: 2, windowMs: 60_000 });
    expect(limiter.hit('a').limited).toBe(false);
    expect(limiter.hit('a').limited).toBe(false);
    expect(limiter.hit('a')).toEqual({ limited: true, retryAfterMs: 60_000 });
    expect(limiter.hit('b').limited).toBe(false);
    vi.advanceTimersByTime(60_000);
    expect(limiter.hit('a').limited).toBe(false);
    limiter.hit('a');
    limiter.clear('a');
    expect(limiter.hit('a').limited).toBe(false);
  });

  it('keeps its memory bounded when flooded with new keys', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const limiter = new AttemptLimiter({ max: 1, windowMs: 60_000, maxKeys: 100 });
    for (let i = 0; i < 1000; i++) limiter.hit(`flood-${i}@preffy.test`);
    expect((limiter as unknown as { windows: Map<string, unknown> }).windows.size).toBeLessThanOrEqual(100);
    // The newest keys are still counted.
    expect(limiter.hit('flood-999@preffy.test').limited).toBe(true);
  });
});
