import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STALE_FACTOR, aggregateCache } from './aggregate-cache.ts';

/** The kept aggregates (decisions 0045 and 0057): fresh, then given while recounted, then waited for. */
const TTL = 30_000;
let counts = 0;
let fail = false;
const compute = async () => {
  await Promise.resolve();
  if (fail) throw new Error('database gone');
  return { value: ++counts };
};
const settle = () => new Promise((resolve) => setImmediate(resolve));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.parse('2026-11-26T12:00:00Z'));
  counts = 0;
  fail = false;
});
afterEach(() => vi.useRealTimers());

describe('aggregateCache', () => {
  it('shares one count among callers while it runs and while it is fresh', async () => {
    const cached = aggregateCache<{ value: number }>(TTL);
    const [a, b] = await Promise.all([cached('k', compute), cached('k', compute)]);
    expect(a).toEqual(b);
    vi.advanceTimersByTime(TTL - 1);
    expect((await cached('k', compute)).value).toBe(1);
    expect(counts).toBe(1);
    expect((await cached('other', compute)).value).toBe(2);
  });

  it('gives a due answer at once and counts afresh behind it, once', async () => {
    const cached = aggregateCache<{ value: number }>(TTL);
    const first = await cached('k', compute);
    vi.advanceTimersByTime(TTL);
    expect(await cached('k', compute)).toEqual(first);
    expect(await cached('k', compute)).toEqual(first);
    await settle();
    expect(counts).toBe(2);
    const fresh = await cached('k', compute);
    expect(fresh.value).toBe(2);
    expect(fresh.computedAt).toBe(first.computedAt + TTL);
  });

  it('keeps the due answer when the recount fails, and tries again next time', async () => {
    const cached = aggregateCache<{ value: number }>(TTL);
    await cached('k', compute);
    vi.advanceTimersByTime(TTL);
    fail = true;
    expect((await cached('k', compute)).value).toBe(1);
    await settle();
    fail = false;
    expect((await cached('k', compute)).value).toBe(1);
    await settle();
    expect((await cached('k', compute)).value).toBe(2);
  });

  it(`waits for a fresh count when the kept one is ${STALE_FACTOR} times too old`, async () => {
    const cached = aggregateCache<{ value: number }>(TTL);
    await cached('k', compute);
    vi.advanceTimersByTime(TTL * STALE_FACTOR);
    expect((await cached('k', compute)).value).toBe(2);
  });

  it('joins the recount already running once the kept answer grows too old, never counting twice', async () => {
    const cached = aggregateCache<{ value: number }>(TTL);
    await cached('k', compute);
    const finishes: (() => void)[] = [];
    const slow = () => new Promise<void>((resolve) => finishes.push(resolve)).then(compute);
    vi.advanceTimersByTime(TTL * STALE_FACTOR - 1);
    expect((await cached('k', slow)).value).toBe(1);
    vi.advanceTimersByTime(2);
    const waiting = cached('k', slow);
    expect(finishes).toHaveLength(1);
    finishes[0]!();
    expect((await waiting).value).toBe(2);
  });

  it('counts every time with ttl 0, and keeps no failure', async () => {
    const cached = aggregateCache<{ value: number }>(0);
    expect((await cached('k', compute)).value).toBe(1);
    expect((await cached('k', compute)).value).toBe(2);
    fail = true;
    await expect(cached('k', compute)).rejects.toThrow('database gone');
    fail = false;
    expect((await cached('k', compute)).value).toBe(3);
  });
});
