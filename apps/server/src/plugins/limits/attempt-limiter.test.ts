import { afterEach, describe, expect, it, vi } from 'vitest';
import { AttemptLimiter } from './attempt-limiter.ts';

afterEach(() => vi.useRealTimers());

const storedKeys = (limiter: AttemptLimiter) =>
  (limiter as unknown as { windows: Map<string, unknown> }).windows.size;

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

  it('gives an attempt back within the window, never below zero', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const limiter = new AttemptLimiter({ max: 1, windowMs: 60_000 });
    expect(limiter.hit('a').limited).toBe(false);
    limiter.refund('a');
    limiter.refund('a');
    expect(limiter.hit('a').limited).toBe(false);
    expect(limiter.hit('a').limited).toBe(true);
  });

  it('keeps its memory bounded when flooded with new keys', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const limiter = new AttemptLimiter({ max: 3, windowMs: 60_000, maxKeys: 100 });
    for (let i = 0; i < 1000; i++) limiter.hit(`flood-${i}@preffy.test`);
    expect(storedKeys(limiter)).toBeLessThanOrEqual(100);
    // The newest keys are still counted.
    limiter.hit('flood-999@preffy.test');
    limiter.hit('flood-999@preffy.test');
    expect(limiter.hit('flood-999@preffy.test').limited).toBe(true);
  });

  it('a flood of new keys does not wipe a locked account (the attack: 100,000 other emails)', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const limiter = new AttemptLimiter({ max: 3, windowMs: 60_000, maxKeys: 10 });
    for (let i = 0; i <= 3; i++) limiter.hit('victim@preffy.test');
    expect(limiter.hit('victim@preffy.test').limited).toBe(true);
    for (let i = 0; i < 1000; i++) limiter.hit(`flood-${i}@preffy.test`);
    expect(storedKeys(limiter)).toBeLessThanOrEqual(10);
    expect(limiter.hit('victim@preffy.test').limited).toBe(true);
  });

  it('evicts the keys with the fewest attempts first, so a partial count survives one-off keys', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const limiter = new AttemptLimiter({ max: 3, windowMs: 60_000, maxKeys: 10 });
    limiter.hit('victim@preffy.test');
    limiter.hit('victim@preffy.test');
    for (let i = 0; i < 1000; i++) limiter.hit(`flood-${i}@preffy.test`);
    // One attempt left, not three: the victim's two failures were not forgotten.
    expect(limiter.hit('victim@preffy.test').limited).toBe(false);
    expect(limiter.hit('victim@preffy.test').limited).toBe(true);
  });

  it('when every slot holds a locked key, refuses a new key until the first window ends', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const limiter = new AttemptLimiter({ max: 1, windowMs: 60_000, maxKeys: 3 });
    for (const key of ['a', 'b', 'c']) limiter.hit(key);
    vi.advanceTimersByTime(10_000);
    expect(limiter.hit('new')).toEqual({ limited: true, retryAfterMs: 50_000 });
    expect(storedKeys(limiter)).toBe(3);
    for (const key of ['a', 'b', 'c']) expect(limiter.hit(key).limited).toBe(true);
    // Expired windows make room again.
    vi.advanceTimersByTime(50_000);
    expect(limiter.hit('new').limited).toBe(false);
  });
});
