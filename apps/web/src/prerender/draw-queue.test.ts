import { afterEach, describe, expect, it, vi } from 'vitest';
import { STALL_MS, drawQueue } from './draw-queue.ts';

afterEach(() => {
  vi.useRealTimers();
});

/** A drawing that finishes when told to, and says when it started. */
function drawing(log: string[], name: string) {
  let finish = () => {};
  const run = () =>
    new Promise<string>((resolve) => {
      log.push(`start ${name}`);
      finish = () => resolve(name);
    });
  return { run, finish: () => finish() };
}

describe('the server’s drawing queue', () => {
  it('draws one page at a time, in turn', async () => {
    const inQueue = drawQueue();
    const log: string[] = [];
    const a = drawing(log, 'a');
    const b = drawing(log, 'b');
    const first = inQueue(a.run);
    const second = inQueue(b.run);
    await vi.waitFor(() => expect(log).toEqual(['start a']));
    a.finish();
    expect(await first).toBe('a');
    await vi.waitFor(() => expect(log).toEqual(['start a', 'start b']));
    b.finish();
    expect(await second).toBe('b');
  });

  it('skips, without starting it, a drawing whose caller gave up before its turn', async () => {
    const inQueue = drawQueue();
    const log: string[] = [];
    const a = drawing(log, 'a');
    const b = drawing(log, 'b');
    const first = inQueue(a.run);
    const skipped = inQueue(b.run, Date.now() + 20);
    await new Promise((resolve) => setTimeout(resolve, 40));
    a.finish();
    await first;
    expect(await skipped).toBeNull();
    expect(log).toEqual(['start a']);
  });

  it('tells a stalled drawing’s caller so, counting from its start; the next waits for it, or is skipped once given up', async () => {
    vi.useFakeTimers();
    const inQueue = drawQueue();
    const log: string[] = [];
    const a = drawing(log, 'a');
    const b = drawing(log, 'b');
    const c = drawing(log, 'c');
    const stalled = inQueue(a.run).catch((error: Error) => error.message);
    const waiting = inQueue(b.run);
    const givenUp = inQueue(c.run, Date.now() + STALL_MS + 500);
    await vi.advanceTimersByTimeAsync(STALL_MS - 1);
    expect(log).toEqual(['start a']);
    await vi.advanceTimersByTimeAsync(1);
    expect(await stalled).toBe('The drawing stalled');
    // Drawings never overlap: b starts only once a has ended, however late.
    await vi.advanceTimersByTimeAsync(1000);
    expect(log).toEqual(['start a']);
    a.finish();
    await vi.waitFor(() => expect(log).toEqual(['start a', 'start b']));
    b.finish();
    expect(await waiting).toBe('b');
    // c's caller gave up while a stalled: it is never drawn.
    expect(await givenUp).toBeNull();
    expect(log).toEqual(['start a', 'start b']);
  });
});
