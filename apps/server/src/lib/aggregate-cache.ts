import { now } from './clock.ts';

/** How many times `ttlMs` a kept answer may still be given while a fresh one is counted. */
export const STALE_FACTOR = 10;

type Kept<T> = {
  at: number;
  answer: Promise<T & { computedAt: number }>;
  settled: boolean;
  /** The fresh count running behind this answer, if any: later callers join it. */
  recount: Kept<T> | null;
};

/**
 * A short-lived cache for aggregates that cannot be rolled up by day (distinct creators over a
 * period; decisions 0045 and 0057). Each key's answer is fresh for `ttlMs`; callers asking for
 * the same key while it is computed share that one computation, so a crowd opening the dashboard
 * costs one query, not one each. After `ttlMs`, and up to STALE_FACTOR × `ttlMs`, the kept
 * answer is still given at once while a fresh one is counted behind it, so nobody waits for a
 * count that was merely due; older than that, the caller waits for the fresh count. The answer
 * says when it was computed, so the screen can say how fresh it is. A failure is not kept (a
 * failed recount leaves the kept answer). ttlMs 0: always computed afresh.
 */
export function aggregateCache<T>(ttlMs: number, maxKeys = 200) {
  const entries = new Map<string, Kept<T>>();
  const count = (key: string, compute: () => Promise<T>, at: number) => {
    const entry: Kept<T> = {
      at,
      answer: compute().then((value) => ({ ...value, computedAt: at })),
      settled: false,
      recount: null,
    };
    entry.answer.then(
      () => {
        entry.settled = true;
        // A recount replaces the answer it refreshes once it has one, not before.
        if (!entries.has(key) || entries.get(key)!.at <= at) put(key, entry);
      },
      () => {
        if (entries.get(key) === entry) entries.delete(key);
      },
    );
    return entry;
  };
  const put = (key: string, entry: Kept<T>) => {
    entries.delete(key);
    entries.set(key, entry);
    // The oldest key goes first (a Map keeps insertion order).
    if (entries.size > maxKeys) entries.delete(entries.keys().next().value!);
  };
  return (key: string, compute: () => Promise<T>): Promise<T & { computedAt: number }> => {
    const at = now();
    const kept = entries.get(key);
    const age = kept ? at - kept.at : Infinity;
    if (kept && age < ttlMs) return kept.answer;
    if (kept && kept.settled && age < ttlMs * STALE_FACTOR) {
      if (!kept.recount) {
        const recount = count(key, compute, at);
        kept.recount = recount;
        recount.answer.catch(() => {
          if (kept.recount === recount) kept.recount = null;
        });
      }
      return kept.answer;
    }
    // Too old to give: wait for the fresh count, the one already running if there is one.
    if (kept?.recount) return kept.recount.answer;
    const entry = count(key, compute, at);
    put(key, entry);
    return entry.answer;
  };
}
