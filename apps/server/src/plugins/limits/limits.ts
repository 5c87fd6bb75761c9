import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Database, Dialect } from '../../db/database.ts';
import { now } from '../../lib/clock.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import { AttemptLimiter } from './attempt-limiter.ts';
import {
  clearAttempts,
  countAttempt,
  purgeEndedWindows,
  refundAttempt,
} from './limit-counters.repository.ts';

/**
 * Where limits count (decision 0123). On PostgreSQL every instance counts in one table, so N
 * instances give no more tries than one and a restart forgets nothing: the attempt counters
 * below and every route's @fastify/rate-limit limit (through `rateLimitStore`). On SQLite, which
 * runs one instance, they count in this process's memory, as before.
 */

export type LimitVerdict = { limited: false } | { limited: true; retryAfterMs: number };
export type AttemptLimit = { max: number; windowMs: number };

/** Attempts per key (an account, a target address) in fixed windows of `windowMs`. */
export type AttemptCounter = {
  /**
   * Counts one attempt and answers whether it is over the limit, and for how long. Counting
   * before the work (not after a failure) keeps parallel attempts from slipping through.
   */
  hit(key: string): Promise<LimitVerdict>;
  /** Gives one attempt back (one that turned out not to count, such as a success). */
  refund(key: string): Promise<void>;
  /** Wipes the slate (a user who finally typed the right password). */
  clear(key: string): Promise<void>;
};

export const PURGE_LIMIT_COUNTERS = 'purge ended limit windows';
const PURGE_EVERY_MS = 10 * 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** A counter named `name`: on PostgreSQL, the same name on every instance is one counter. */
    attemptCounter(name: string, limit: AttemptLimit): AttemptCounter;
  }
}

function memoryCounter(limit: AttemptLimit): AttemptCounter {
  const limiter = new AttemptLimiter(limit);
  return {
    hit: async (key) => limiter.hit(key),
    refund: async (key) => limiter.refund(key),
    clear: async (key) => limiter.clear(key),
  };
}

function databaseCounter(db: Database, name: string, limit: AttemptLimit): AttemptCounter {
  const keyOf = (key: string) => `${name}|${key}`;
  return {
    async hit(key) {
      const at = now();
      const { count, resetAt } = await countAttempt(db, keyOf(key), limit.windowMs, at);
      return count > limit.max ? { limited: true, retryAfterMs: resetAt - at } : { limited: false };
    },
    refund: (key) => refundAttempt(db, keyOf(key)),
    clear: (key) => clearAttempts(db, keyOf(key)),
  };
}

/**
 * @fastify/rate-limit's store in the database: one per route (`child`), its keys prefixed with
 * the route's method and path. It counts fixed windows, like the memory store; neither
 * `continueExceeding` nor `exponentialBackoff` is used by the app.
 */
function databaseRateLimitStore(db: Database): FastifyRateLimitStoreCtor {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly limit: string;

    constructor(options: FastifyRateLimitOptions & { routeInfo?: { method?: unknown; url?: unknown } }) {
      this.limit = options.routeInfo
        ? `${String(options.routeInfo.method)} ${String(options.routeInfo.url)}`
        : 'global';
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      const at = now();
      countAttempt(db, `${this.limit}|${key}`, timeWindow, at).then(
        ({ count, resetAt }) => callback(null, { current: count, ttl: resetAt - at }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
      return new DatabaseRateLimitStore(
        routeOptions as unknown as ConstructorParameters<typeof DatabaseRateLimitStore>[0],
      );
    }
  };
}

/**
 * Decorates `app.attemptCounter` and answers the store for @fastify/rate-limit (none: its own
 * memory store, on SQLite). On PostgreSQL the job runner deletes ended windows every 10 minutes.
 */
export function registerLimits(
  app: FastifyInstance,
  { db, dialect, jobWorker }: { db: Database; dialect: Dialect; jobWorker: JobRunner },
): { store?: FastifyRateLimitStoreCtor } {
  const names = new Set<string>();
  const shared = dialect === 'postgres';
  app.decorate('attemptCounter', (name: string, limit: AttemptLimit) => {
    // Two limits under one name would count each other's attempts on PostgreSQL.
    if (names.has(name)) throw new Error(`The attempt counter ${name} already exists`);
    names.add(name);
    return shared ? databaseCounter(db, name, limit) : memoryCounter(limit);
  });
  if (!shared) return {};
  jobWorker.every(PURGE_LIMIT_COUNTERS, PURGE_EVERY_MS, () => purgeEndedWindows(db));
  return { store: databaseRateLimitStore(db) };
}
