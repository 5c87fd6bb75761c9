import { now } from './clock.ts';

/**
 * A short-lived cache for aggregates over a whole history (the dashboard chart, analytics: 0.4–2 s
 * over a busy label's million posts, decision 0045). Each key's answer is kept `ttlMs`, and
 * callers asking for the same key while it is computed share that one computation, so a crowd
 * opening the dashboard costs one query, not one each. The answer says when it was computed, so
 * the screen can say how fresh it is. A failure is not kept. ttlMs 0: always computed afresh.
 */
export function aggregateCache<T>(ttlMs: number, maxKeys = 200) {
  const entries = new Map<string, { at: number; answer: Promise<T & { computedAt: number }> }>();
  return (key: string, compute: () => Promise<T>): Promise<T & { computedAt: number }> => {
    const at = now();
    const kept = entries.get(key);
    if (kept && at - kept.at < ttlMs) return kept.answer;
    const answer = compute().then((value) => ({ ...value, computedAt: at }));
    entries.delete(key);
    entries.set(key, { at, answer });
    answer.catch(() => {
      if (entries.get(key)?.answer === answer) entries.delete(key);
    });
    // The oldest key goes first (a Map keeps insertion order).
    if (entries.size > maxKeys) entries.delete(entries.keys().next().value!);
    return answer;
  };
}
