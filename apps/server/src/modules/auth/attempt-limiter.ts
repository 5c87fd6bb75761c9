import { now } from '../../lib/clock.ts';

/**
 * Counts attempts per key (an account, a target address) in fixed windows, in this process's
 * memory. It complements @fastify/rate-limit, which keys on the caller's address: these keys
 * hold whatever address the attempts come from. Several instances each count on their own
 * (docs/decisions/0011-trusted-proxies-and-sign-in-limits.md).
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
      this.forgetExpired(at);
      window = { count: 0, resetAt: at + this.options.windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return window.count > this.options.max
      ? { limited: true, retryAfterMs: window.resetAt - at }
      : { limited: false };
  }

  /** A success wipes the slate (a user who finally typed the right password). */
  clear(key: string) {
    this.windows.delete(key);
  }

  /** Bounded memory: expired windows go, and past maxKeys the oldest go first. */
  private forgetExpired(at: number) {
    const maxKeys = this.options.maxKeys ?? 100_000;
    if (this.windows.size < maxKeys) return;
    for (const [key, window] of this.windows) if (window.resetAt <= at) this.windows.delete(key);
    for (const key of this.windows.keys()) {
      if (this.windows.size < maxKeys) break;
      this.windows.delete(key);
    }
  }
}
