import { performance } from 'node:perf_hooks';

/** NaN for no times at all (an endpoint that never answered), which the report prints as such. */
export const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;

export type Timing = { p50: number; p95: number; rps: number };

/**
 * Runs each of `ways` `rounds` times (and for at least `windowMs`) after a warm-up of `warmMs`,
 * taking turns (the HTTP view, then its SQL floor, ...) so a passing disturbance of the machine
 * weighs on all of them alike. Each round starts one way further on (decision 0083): in a fixed
 * order, whatever one way leaves behind fell on the same next way every time. The payout CSV's
 * writes filled SQLite's write-ahead log at the same point of every round, so its checkpoint
 * (8–25 ms) always fell on the HTTP view and never on its floor, or the other way round when the
 * floor went first.
 * A way that has taken 10 s (and at least 10 rounds) stops there, and the others go on alone: a
 * slow floor (the analytics counts take about a second) would otherwise leave its quick view a
 * dozen answers, whose p95 is their slowest. Each way's p50, p95 and requests per second.
 */
export async function time(
  ways: (() => Promise<unknown>)[],
  { rounds, warmMs, windowMs }: { rounds: number; warmMs: number; windowMs: number },
): Promise<Timing[]> {
  const warmUntil = performance.now() + warmMs;
  for (let i = 0; i < Math.min(5, rounds) || performance.now() < warmUntil; i++)
    for (const once of ways) await once();
  const windowEnd = performance.now() + windowMs;
  const took = ways.map(() => [] as number[]);
  const spent = ways.map(() => 0);
  const going = (i: number) =>
    (took[i]!.length < rounds || performance.now() < windowEnd) &&
    (took[i]!.length < 10 || spent[i]! < 10_000);
  for (let round = 0; ways.some((_, i) => going(i)); round++)
    for (let turn = 0; turn < ways.length; turn++) {
      const i = (round + turn) % ways.length;
      if (!going(i)) continue;
      const t = performance.now();
      await ways[i]!();
      took[i]!.push(performance.now() - t);
      spent[i]! += took[i]!.at(-1)!;
    }
  return took.map((times, i) => {
    times.sort((a, b) => a - b);
    return { p50: percentile(times, 50), p95: percentile(times, 95), rps: (times.length * 1000) / spent[i]! };
  });
}
