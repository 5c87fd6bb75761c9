// What one run measures and how long, from its command-line flags (README.md says why each
// figure is what it is).
import path from 'node:path';

export type BenchFlags = {
  scale: string;
  'data-dir'?: string;
  smoke: boolean;
  lists: boolean;
  load: boolean;
  workers?: string;
  import: boolean;
  integrity: boolean;
};

export type BenchOptions = ReturnType<typeof benchOptions>;

export const TARGETS = {
  listP95Ms: 30,
  floorRatio: 2,
  leaderboardMs: 150,
  payoutCsvMs: 100,
  bytesRatio: 1000,
  initialJsKb: 200,
  lighthousePerformance: 90,
  lighthouseAccessibility: 98,
  /** The legacy import's peak memory at full size over a tenth of it: the files are streamed. */
  importMemoryGrowth: 1.5,
  /** One new entry's repost check against every stored cover hash (issue 42). */
  repostCheckP95Ms: 20,
  /** Provider reads per post-day saved by refresh tiers over reading every post every 15 minutes. */
  tierReadDrop: 0.6,
};

/**
 * --workers 1,2: the counts of server processes (WORKERS) to run the load with, one after the
 * other. More than one process needs PostgreSQL: on SQLite the server runs one (decision 0120).
 */
function workerCounts(flag: string | undefined) {
  if (flag === undefined) return undefined;
  const counts = flag.split(',').map(Number);
  if (!counts.every((n) => Number.isInteger(n) && n >= 1 && n <= 64))
    throw new Error(`--workers takes counts of server processes from 1 to 64, such as 1,2 (not ${flag})`);
  if (!process.env.DATABASE_URL && counts.some((n) => n > 1))
    throw new Error('--workers with more than 1 needs DATABASE_URL: on SQLite the server runs one process');
  return counts;
}

export function benchOptions(flags: BenchFlags) {
  const smoke = flags.smoke;
  return {
    /** The repository's root: package.json, apps/web/dist, bench/results. */
    root: path.resolve(import.meta.dirname, '../..'),
    smoke,
    scale: smoke ? 0.002 : Number(flags.scale),
    /** A data set seeded there before (else a new temporary one, removed at the end). */
    dataDir: flags['data-dir'],
    /** --lists: the lists and their floors only. */
    listsOnly: flags.lists,
    /** --load: the load run only. */
    loadOnly: flags.load,
    /** --import: the legacy import only. */
    importOnly: flags.import,
    /** --integrity: the integrity checks only (the repost check, the refresh tiers). */
    integrityOnly: flags.integrity,
    /** The repost check: this many new entries, each checked against every stored cover. */
    repostChecks: smoke ? 20 : 400,
    /** --workers: the load once per count of server processes, the first on the main server. */
    workers: workerCounts(flags.workers),
    rounds: smoke ? 10 : 500,
    /** Passes over the lists; each list's median pass is judged (decision 0086). */
    passes: 3,
    /** Before any list is measured, every list runs this many rounds, or this long each (0079). */
    warmUp: { rounds: smoke ? 2 : 500, secondsEach: 3 },
    /**
     * Each list's ways take turns this long before its window, uncounted, and its window lasts at
     * least this long, however quick its rounds (decision 0087): the first second or two after
     * the previous list ran slower, and 500 rounds of the quickest lists took only about 1.3 s.
     */
    listWarmMs: smoke ? 0 : 2_000,
    listWindowMs: smoke ? 0 : 3_000,
    /** The load run: its clients, a warm-up in which they all connect, then the measured seconds. */
    load: smoke
      ? { connections: 10, warmup: 1, duration: 2 }
      : { connections: 100, warmup: 60, duration: 60 },
    /** The payout CSV benchmark: Download CSV of this many winners, this many times. */
    payout: { winners: smoke ? 20 : 1_000, rounds: smoke ? 5 : 50 },
    /** The stats refresh: this many posts through a provider answering in 50 ms, 20 requests/s each. */
    refresh: { posts: smoke ? 60 : 10_000, latencyMs: 50, perSecond: 20 },
    /** Lighthouse: a smoke run proves it works on one page, once; a full run takes each page's median of three. */
    lighthouse: { pages: smoke ? 1 : 3, runs: smoke ? 1 : 3 },
  };
}
