// The report: one table and a few lines on the terminal, the same figures as JSON in
// bench/results/, and the verdict. Each part returns what missed its target (README.md).
import type { RepostResult } from './reposts.ts';
import type { TiersResult } from './refresh-tiers.ts';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Bundle } from './bundle.ts';
import type { LighthouseScore } from './lighthouse.ts';
import type { ListRow } from './lists.ts';
import type { LoadByWorkers, LoadResult } from './load.ts';
import { type BenchOptions, TARGETS } from './options.ts';
import type { RefreshResult } from './refresh.ts';
import type { ImportRow } from './legacy-import.ts';

const ms = (n: number) => n.toFixed(1);
const kb = (n: number | null) => (n === null ? '–' : `${(n / 1024).toFixed(1)} KB`);

export function reportLists(rows: ListRow[], options: BenchOptions, dialect: string): string[] {
  const { smoke, scale } = options;
  const misses: string[] = [];
  console.log(
    `\nPreffy Admin benchmark on ${dialect}, scale ${scale}${smoke ? ' (smoke run: numbers are not meaningful)' : ''}`,
  );
  if (rows.length)
    console.log(
      `Framework floor: a bare route with the session check that sends the list's own first page, compressed alike, asked beside each list (its p95 in the table). Each list's row is its median pass of ${options.passes}; 'each pass' gives every pass's added ratio\n`,
    );
  console.table(
    rows.map((r) => {
      const fewer = r.legacyBytes ? r.legacyBytes / r.bytes : null;
      if (r.p95 > r.target) misses.push(`${r.endpoint}: p95 ${ms(r.p95)} ms > ${r.target} ms`);
      // What the list adds to a bare route (both asked over HTTP, in the same turns) is judged
      // against its SQL floor (decision 0081): the HTTP hop itself costs more than the quickest
      // lists' whole SQL.
      if (r.addedRatio > TARGETS.floorRatio)
        misses.push(`${r.endpoint}: adds ${r.addedRatio.toFixed(1)}× its SQL floor to a bare route`);
      // The legacy fetch-all grows with the data set and a page does not: the target is the full
      // data set's, scaled with it.
      if (!smoke && fewer !== null && fewer < TARGETS.bytesRatio * scale)
        misses.push(`${r.endpoint}: only ${fewer.toFixed(0)}× fewer bytes`);
      return {
        endpoint: r.endpoint,
        'p50 ms': ms(r.p50),
        'p95 ms': ms(r.p95),
        'req/s': r.rps.toFixed(0),
        'SQL p95 ms': ms(r.sqlP95),
        '× SQL': r.ratio.toFixed(1),
        'bare p95 ms': ms(r.frameworkP95),
        'added × SQL': r.addedRatio.toFixed(1),
        'each pass': r.passesAddedRatio.map((x) => x.toFixed(1)).join(' '),
        'first page': kb(r.bytes),
        'legacy fetch-all': kb(r.legacyBytes),
        'fewer bytes': fewer ? `${fewer.toFixed(0)}×` : '–',
      };
    }),
  );
  return misses;
}

export function reportLoad(load: LoadResult): string[] {
  console.log(
    `Load: ${load.connections} clients for ${load.seconds} s after ${load.warmupSeconds} s of warm-up: ${load.rps.toFixed(0)} req/s, p50 ${load.p50.toFixed(0)} ms, p99 ${load.p99.toFixed(0)} ms, ${load.errors} errors ${JSON.stringify(load.errorKinds)}, statuses ${JSON.stringify(load.statusCodes)}`,
  );
  const slowest = load.endpoints.slice(0, 5);
  console.log(
    `Slowest under load: ${slowest.map((e) => `${e.name} p50 ${e.p50.toFixed(0)} ms, p99 ${e.p99.toFixed(0)} ms${e.timeouts + e.failed + e.late ? `, ${e.timeouts} timeouts, ${e.failed} failed, ${e.late} late` : ''}`).join('; ')}`,
  );
  return load.errors > 0 ? [`load: ${load.errors} errors`] : [];
}

/**
 * --workers: each count's load lines and misses as without it, then one line comparing each
 * count's throughput with the first's, with each p99.
 */
export function reportLoadByWorkers(runs: LoadByWorkers): string[] {
  const misses = runs.flatMap((run) => {
    console.log(`WORKERS=${run.workers} (load average ${run.loadAverageBefore.toFixed(1)} before):`);
    return reportLoad(run).map((miss) => `WORKERS=${run.workers} ${miss}`);
  });
  const first = runs[0]!;
  console.log(
    `Load by WORKERS: ${runs
      .map(
        (run) =>
          `${run.workers} → ${run.rps.toFixed(0)} req/s${run === first ? '' : ` (${(run.rps / first.rps).toFixed(2)}× WORKERS=${first.workers})`}, p99 ${run.p99.toFixed(0)} ms`,
      )
      .join('; ')}`,
  );
  return misses;
}

export function reportRefresh(refresh: RefreshResult, options: BenchOptions): string[] {
  const { latencyMs, perSecond } = options.refresh;
  const misses: string[] = [];
  console.log(
    `Stats refresh of ${refresh.posts.toLocaleString('en')} posts (providers answer in ${latencyMs} ms, ${perSecond} requests/s each): ${refresh.seconds.toFixed(1)} s, the limit allows ${refresh.floorSeconds.toFixed(1)} s; busiest provider at ${refresh.achievedPerSecond.toFixed(1)} of ${perSecond} requests/s; requests ${JSON.stringify(refresh.requests)}; ${refresh.failed} failed`,
  );
  if (refresh.failed > 0) misses.push(`stats refresh: ${refresh.failed} posts failed`);
  if (!options.smoke && refresh.seconds > refresh.floorSeconds * 1.25)
    misses.push(
      `stats refresh: ${refresh.seconds.toFixed(0)} s, the limit allows ${refresh.floorSeconds.toFixed(0)} s`,
    );
  return misses;
}

export function reportBundle(bundle: Bundle | null): string[] {
  if (!bundle) {
    console.log('No web build in apps/web/dist: run `npm run build` to measure the bundle.');
    return [];
  }
  console.log(
    `Initial JavaScript: ${bundle.initialKb.toFixed(1)} KB gzip (target ${TARGETS.initialJsKb} KB)`,
  );
  // Asked for as the app starts, beside the first page (decision 0050): not in the first paint,
  // but before the first screen, so they are named apart from the route chunks.
  const beside = bundle.chunks.filter((c) => /^(Overlays|en)-/.test(c.file));
  console.log(
    `Loaded beside the first page: ${beside.map((c) => `${c.file} ${c.kb.toFixed(1)} KB`).join(', ')}`,
  );
  const shown = bundle.chunks.slice(0, 12).map((c) => `${c.file} ${c.kb.toFixed(1)} KB`);
  const more = bundle.chunks.length - shown.length;
  // The largest route chunks (all of them are in the JSON).
  console.log(`Route chunks: ${shown.join(', ')}${more > 0 ? `, and ${more} smaller` : ''}`);
  return bundle.initialKb > TARGETS.initialJsKb
    ? [`initial JavaScript ${bundle.initialKb.toFixed(0)} KB gzip`]
    : [];
}

export function reportLighthouse(scores: LighthouseScore[]): string[] {
  const misses: string[] = [];
  for (const score of scores) {
    console.log(
      `Lighthouse mobile, ${score.name}: performance ${score.performance}, accessibility ${score.accessibility}; first contentful paint ${(score.firstContentfulPaintMs / 1000).toFixed(1)} s, largest ${(score.largestContentfulPaintMs / 1000).toFixed(1)} s, blocking ${score.totalBlockingTimeMs.toFixed(0)} ms`,
    );
    if (score.performance < TARGETS.lighthousePerformance)
      misses.push(`Lighthouse mobile performance of ${score.name}: ${score.performance}`);
    if (score.accessibility < TARGETS.lighthouseAccessibility)
      misses.push(`Lighthouse accessibility of ${score.name}: ${score.accessibility}`);
  }
  return misses;
}

export type Results = {
  legacyImport: ImportRow[] | null;
  reposts: RepostResult | null;
  refreshTiers: TiersResult | null;
  dialect: string;
  lists: ListRow[];
  load: LoadResult | null;
  loadByWorkers: LoadByWorkers | null;
  refresh: RefreshResult | null;
  bundle: Bundle | null;
  lighthouse: LighthouseScore[] | null;
  misses: string[];
};

/** A run's results before any part is measured: each mode fills in what it measured. */
export const NOTHING_MEASURED = {
  legacyImport: null,
  reposts: null,
  refreshTiers: null,
  lists: [],
  load: null,
  loadByWorkers: null,
  refresh: null,
  bundle: null,
  lighthouse: null,
} satisfies Omit<Results, 'dialect' | 'misses'>;

/** Writes the results to bench/results/ and prints the verdict and where they are. */
export function writeResults(options: BenchOptions, results: Results) {
  const { root, scale, smoke } = options;
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  const file = path.join(
    root,
    'bench/results',
    `${new Date().toISOString().replace(/[:.]/g, '-')}-${results.dialect}.json`,
  );
  const { dialect, ...measured } = results;
  writeFileSync(
    file,
    `${JSON.stringify(
      // The fields in the order README.md lists them (index.ts passes them in that order).
      { at: new Date().toISOString(), dialect, scale, smoke, ...measured },
      null,
      2,
    )}\n`,
  );
  console.log(
    `\n${measured.misses.length ? `Missed:\n  ${measured.misses.join('\n  ')}` : 'Every target met.'}\nWritten to ${path.relative(root, file)}`,
  );
}

/**
 * The legacy import (issue 41): time, rows per second and peak memory at a tenth of the size
 * and at full size. Memory must not grow with the file (the files are streamed): the full
 * import's peak may be at most TARGETS.importMemoryGrowth times the small one's.
 */
export function reportLegacyImport(rows: ImportRow[]): string[] {
  for (const r of rows)
    console.log(
      `Legacy import of ${r.posts.toLocaleString('en')} posts and ${r.competitions.toLocaleString('en')} competitions (${r.exportMb.toFixed(0)} MB gzipped DynamoDB JSON): ${r.seconds.toFixed(1)} s, ${Math.round(r.rowsPerSecond).toLocaleString('en')} rows/s, peak memory ${r.peakRssMb.toFixed(0)} MB`,
    );
  const [small, full] = rows;
  if (!small || !full) return [];
  const growth = full.peakRssMb / small.peakRssMb;
  console.log(
    `Legacy import memory: ${growth.toFixed(2)} × for ${(full.posts / small.posts).toFixed(0)} × the posts (target at most ${TARGETS.importMemoryGrowth} ×)`,
  );
  return growth > TARGETS.importMemoryGrowth ? [`legacy import memory grew ${growth.toFixed(2)} ×`] : [];
}
