import { now } from '../../lib/clock.ts';

/**
 * Counts attempts per key (an account, a target address) in fixed windows, in this process's
 * memory: the attempt counters on SQLite, which runs one instance (limits.ts; on PostgreSQL
 * the instances share counters in the database, decision 0123).
 */
export class AttemptLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly options: { max: number; windowMs: number; maxKeys?: number }) {}

  /**
   * Counts one attempt and answers whether it is over the limit, and for how long. Counting
   * before the work (not after a failure) keeps parallel attempts from slipping through.
   */
  hit(key: string): { limited: false } | { limited: true; retryAfterMs: number } {
    const at = now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= at) {
      this.windows.delete(key);
      if (!this.makeRoom(at)) {
        // Every slot holds a locked key: this one cannot be counted, so it is refused rather
        // than let through uncounted (fail safe) until the first window ends.
        return { limited: true, retryAfterMs: this.firstResetAt() - at };
      }
      window = { count: 0, resetAt: at + this.options.windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return window.count > this.options.max
      ? { limited: true, retryAfterMs: window.resetAt - at }
      : { limited: false };
  }

  /** Gives back one attempt of a running window (one that turned out not to count). */
  refund(key: string) {
    const window = this.windows.get(key);
    if (window && window.resetAt > now() && window.count > 0) window.count -= 1;
  }

  /** A success wipes the slate (a user who finally typed the right password). */
  clear(key: string) {
    this.windows.delete(key);
  }

  /**
   * Bounded memory without a way to buy a lockout off: a flood of new keys must not push out
   * the key it is meant to protect. When full, expired windows go first; then unlocked ones,
   * the fewest attempts first (a flood of one-off keys evicts its own kind, not an account
   * that is nearly locked), oldest first among equals, down to 90% so the sort is paid once
   * per many new keys. A key that has used its whole allowance (locked, or locked at the next
   * attempt) is never evicted. Answers whether there is room.
   */
  private makeRoom(at: number): boolean {
    const maxKeys = this.options.maxKeys ?? 100_000;
    if (this.windows.size < maxKeys) return true;
    for (const [key, window] of this.windows) if (window.resetAt <= at) this.windows.delete(key);
    if (this.windows.size < maxKeys) return true;
    const target = Math.min(maxKeys - 1, Math.floor(maxKeys * 0.9));
    const evictable = [...this.windows]
      .filter(([, window]) => window.count < this.options.max)
      .sort(([, a], [, b]) => a.count - b.count || a.resetAt - b.resetAt);
    for (const [key] of evictable) {
      if (this.windows.size <= target) break;
      this.windows.delete(key);
    }
    return this.windows.size < maxKeys;
  }

  private firstResetAt(): number {
    let first = Infinity;
    for (const window of this.windows.values()) first = Math.min(first, window.resetAt);
    return first;
  }
}
