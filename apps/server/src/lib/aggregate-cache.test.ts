import { afterEach, describe, expect, it, vi } from 'vitest';
import { aggregateCache } from './aggregate-cache.ts';

afterEach(() => vi.useRealTimers());

describe('the aggregates cache (decision 0045)', () => {
  it('keeps an answer for its time, with when it was computed, then computes afresh', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 0, 1, 12) });
    let runs = 0;
    const cached = aggregateCache<{ n: number }>(30_000);
    const compute = async () => ({ n: ++runs });
    expect(await cached('a', compute)).toEqual({ n: 1, computedAt: Date.UTC(2026, 0, 1, 12) });
    vi.setSystemTime(Date.UTC(2026, 0, 1, 12, 0, 29));
    expect(await cached('a', compute)).toEqual({ n: 1, computedAt: Date.UTC(2026, 0, 1, 12) });
    // Another key is its own answer.
    expect((await cached('b', compute)).n).toBe(2);
    vi.setSystemTime(Date.UTC(2026, 0, 1, 12, 0, 30));
    expect(await cached('a', compute)).toEqual({ n: 3, computedAt: Date.UTC(2026, 0, 1, 12, 0, 30) });
  });

  it('computes once for callers asking at the same time', async () => {
    let runs = 0;
    let finish: (v: { n: number }) => void = () => {};
    const cached = aggregateCache<{ n: number }>(30_000);
    const compute = () => {
      runs++;
      return new Promise<{ n: number }>((resolve) => (finish = resolve));
    };
    const answers = Promise.all([cached('a', compute), cached('a', compute), cached('a', compute)]);
    finish({ n: 7 });
    expect((await answers).map((a) => a.n)).toEqual([7, 7, 7]);
    expect(runs).toBe(1);
  });

  it('does not keep a failure, and with no time to keep computes every time', async () => {
    const cached = aggregateCache<{ n: number }>(30_000);
    await expect(cached('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect((await cached('a', async () => ({ n: 1 }))).n).toBe(1);
    let runs = 0;
    const never = aggregateCache<{ n: number }>(0);
    await never('a', async () => ({ n: ++runs }));
    await never('a', async () => ({ n: ++runs }));
    expect(runs).toBe(2);
  });

  it('holds at most its number of keys, dropping the oldest', async () => {
    let runs = 0;
    const cached = aggregateCache<{ n: number }>(30_000, 2);
    const compute = async () => ({ n: ++runs });
    await cached('a', compute);
    await cached('b', compute);
    await cached('c', compute);
    expect((await cached('b', compute)).n).toBe(2);
    expect((await cached('a', compute)).n).toBe(4);
  });
});
