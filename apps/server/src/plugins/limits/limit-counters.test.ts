import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.ts';
import {
  clearAttempts,
  countAttempt,
  purgeEndedWindows,
  refundAttempt,
} from './limit-counters.repository.ts';
import { PURGE_LIMIT_COUNTERS } from './limits.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const WINDOW_MS = 60_000;
const T = 1_000_000_000;
const stored = (key: string) =>
  app.db.selectFrom('limitCounters').select(['count', 'resetAt']).where('key', '=', key).executeTakeFirst();

describe('the shared limit counters', () => {
  it('count in one window, and start a new one when it has ended', async () => {
    expect(await countAttempt(app.db, 'w|a', WINDOW_MS, T)).toEqual({ count: 1, resetAt: T + WINDOW_MS });
    expect(await countAttempt(app.db, 'w|a', WINDOW_MS, T + 10)).toEqual({
      count: 2,
      resetAt: T + WINDOW_MS,
    });
    expect(await countAttempt(app.db, 'w|b', WINDOW_MS, T + 10)).toEqual({
      count: 1,
      resetAt: T + 10 + WINDOW_MS,
    });
    const later = T + WINDOW_MS;
    expect(await countAttempt(app.db, 'w|a', WINDOW_MS, later)).toEqual({
      count: 1,
      resetAt: later + WINDOW_MS,
    });
  });

  it('give every one of racing attempts its own count', async () => {
    const counts = await Promise.all(
      Array.from({ length: 20 }, () => countAttempt(app.db, 'race|a', WINDOW_MS, T)),
    );
    expect(counts.map((c) => c.count).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });

  it('give an attempt back within the window only, never below zero', async () => {
    await countAttempt(app.db, 'r|a', WINDOW_MS, T);
    await countAttempt(app.db, 'r|a', WINDOW_MS, T);
    await refundAttempt(app.db, 'r|a', T + 1);
    expect(await stored('r|a')).toEqual({ count: 1, resetAt: T + WINDOW_MS });
    await refundAttempt(app.db, 'r|a', T + 1);
    await refundAttempt(app.db, 'r|a', T + 1);
    expect((await stored('r|a'))!.count).toBe(0);
    await countAttempt(app.db, 'r|a', WINDOW_MS, T + 2);
    // An ended window is left alone: the next attempt starts afresh anyway.
    await refundAttempt(app.db, 'r|a', T + WINDOW_MS);
    expect((await stored('r|a'))!.count).toBe(1);
  });

  it('wipe a key on a success', async () => {
    await countAttempt(app.db, 'c|a', WINDOW_MS, T);
    await clearAttempts(app.db, 'c|a');
    expect(await stored('c|a')).toBeUndefined();
    expect((await countAttempt(app.db, 'c|a', WINDOW_MS, T)).count).toBe(1);
  });

  it('delete ended windows and keep running ones', async () => {
    await countAttempt(app.db, 'p|ended', WINDOW_MS, T);
    await countAttempt(app.db, 'p|running', WINDOW_MS, T + WINDOW_MS);
    await purgeEndedWindows(app.db, T + WINDOW_MS);
    expect(await stored('p|ended')).toBeUndefined();
    expect(await stored('p|running')).toBeDefined();
  });

  it('are purged by the job runner on PostgreSQL only (SQLite counts in memory)', async () => {
    const purge = app.jobWorker.runScheduled(PURGE_LIMIT_COUNTERS);
    if (app.dialect === 'postgres') await expect(purge).resolves.toBeGreaterThanOrEqual(0);
    else await expect(purge).rejects.toThrow(`No schedule ${PURGE_LIMIT_COUNTERS}`);
  });
});
