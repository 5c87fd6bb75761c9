// The repost check at scale (issue 42): one new entry's cover against every stored cover hash of
// the data set (a million at scale 1), through the bands' indexes, as a refresh runs it.
import { performance } from 'node:perf_hooks';
import type { Database } from '../../apps/server/src/db/database.ts';
import { nearestEarlierCover } from '../../apps/server/src/modules/posts/posts.repository.ts';
import { TARGETS } from './options.ts';

export type RepostResult = {
  storedHashes: number;
  checks: number;
  found: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
};

/** A stored hash with `bits` of its 64 bits flipped, spread over its bands (a repost's cover). */
function nearCopy(hash: string, bits: number, next: () => number) {
  let value = BigInt(`0x${hash}`);
  const flipped = new Set<number>();
  while (flipped.size < bits) flipped.add(Math.floor(next() * 64));
  for (const bit of flipped) value ^= 1n << BigInt(bit);
  return value.toString(16).padStart(16, '0');
}

/**
 * `checks` new entries, half a copy of a stored cover (up to 8 bits changed, which the check must
 * find) and half a cover of their own: each is checked as the refresh does, and timed.
 */
export async function measureReposts(db: Database, checks: number): Promise<RepostResult> {
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const { storedHashes } = await db
    .selectFrom('posts')
    .select((eb) => eb.fn.count<number>('coverHash').as('storedHashes'))
    .executeTakeFirstOrThrow();
  const samples = await db
    .selectFrom('posts')
    .select(['coverHash'])
    .where('coverHash', 'is not', null)
    .orderBy('id')
    .limit(checks)
    .execute();
  const times: number[] = [];
  let found = 0;
  let missed = 0;
  for (let i = 0; i < checks; i++) {
    const copy = i % 2 === 0 && samples.length > 0;
    const hash = copy
      ? nearCopy(samples[i % samples.length]!.coverHash!, 1 + Math.floor(next() * 8), next)
      : nearCopy('0000000000000000', 32, next);
    const started = performance.now();
    const nearest = await nearestEarlierCover(db, {
      id: `bench-new-${i}`,
      coverHash: hash,
      createdAt: Date.now(),
      email: `new${i}@creators.test`,
      platform: 'tiktok',
      creator: `new${i}`,
    });
    times.push(performance.now() - started);
    if (nearest) found++;
    else if (copy) missed++;
  }
  if (missed) throw new Error(`The repost check missed ${missed} copies of stored covers`);
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return {
    storedHashes: Number(storedHashes),
    checks,
    found,
    p50Ms: at(0.5),
    p95Ms: at(0.95),
    maxMs: times.at(-1)!,
  };
}

/** The repost check's time against its target. */
export function reportReposts(r: RepostResult): string[] {
  console.log(
    `Repost check of one new entry against ${r.storedHashes.toLocaleString('en')} stored cover hashes: p50 ${r.p50Ms.toFixed(2)} ms, p95 ${r.p95Ms.toFixed(2)} ms, max ${r.maxMs.toFixed(2)} ms over ${r.checks} checks (${r.found} near covers found; target p95 under ${TARGETS.repostCheckP95Ms} ms)`,
  );
  return r.p95Ms < TARGETS.repostCheckP95Ms ? [] : [`repost check p95 ${r.p95Ms.toFixed(1)} ms`];
}
