// Every list over HTTP beside its SQL floor and the bare route, in passes (README.md: the lists).
import { performance } from 'node:perf_hooks';
import { type BareRoute, startBareRoute } from './bare-route.ts';
import type { Client } from './client.ts';
import type { List } from './list-definitions.ts';
import { type BenchOptions, TARGETS } from './options.ts';
import { type Timing, time } from './timing.ts';

export type ListRow = Awaited<ReturnType<typeof measureList>> & { passesAddedRatio: number[] };

type Measuring = {
  options: BenchOptions;
  client: Client;
  lists: List[];
  bare: BareRoute;
  /** What the legacy All Competitions added to each row: all of a competition's posts. */
  postsBytes: number;
};

/**
 * Measures every list in `options.passes` passes over all of them, after a warm-up, beside a
 * bare route of its own process: each list's row is its median pass (decision 0086).
 */
export async function measureLists(options: BenchOptions, client: Client, lists: List[], sqlitePath: string) {
  const bare = await startBareRoute(options.root, sqlitePath, client);

  // The legacy All Competitions fetched each competition with all its posts (limit 50,000,000):
  // what the posts add, about as large a row each as the posts admin's.
  const allPosts = JSON.parse(await client.get('/api/posts')) as { items: unknown[]; total: number };
  const postsBytes = allPosts.items.length
    ? (Buffer.byteLength(JSON.stringify(allPosts)) / allPosts.items.length) * allPosts.total
    : 0;
  const measuring: Measuring = { options, client, lists, bare, postsBytes };

  await warmUp(measuring);

  // Every list is measured in passes over all the lists, minutes apart, and the pass with the
  // median added ratio is the list's row (decision 0086): one window of a few seconds in which
  // the machine slowed down no longer decides a list, as Lighthouse's median run does for a page.
  // Each pass's added ratio stays in the row, in the order measured.
  const passes: Awaited<ReturnType<typeof measureList>>[][] = [];
  for (let pass = 1; pass <= options.passes; pass++) {
    console.log(`Pass ${pass} of ${options.passes} over the lists`);
    const measured = [];
    for (const list of lists) measured.push(await measureList(measuring, list));
    passes.push(measured);
  }
  const rows: ListRow[] = lists.map((_, i) => {
    const byRatio = passes.map((measured) => measured[i]!).sort((a, b) => a.addedRatio - b.addedRatio);
    return {
      ...byRatio[Math.floor(byRatio.length / 2)]!,
      passesAddedRatio: passes.map((measured) => measured[i]!.addedRatio),
    };
  });
  bare.stop();
  return rows;
}

/** What one view asks the server: GET its url, unless the list says otherwise. */
const viewOf = (client: Client, list: List) => list.http ?? (() => client.get(list.url));

// A server that has run a while has its hot paths compiled; so has the SQL floor's process. Each
// view and its floor run in turn first, until both are warm, so the table is the steady state and
// not the first few hundred requests of a fresh process (which put the first lists at 2–7× floor).
// The bare route warms up beside them; its time does not count against a list's seconds.
async function warmUp({ options, client, lists, bare }: Measuring) {
  const { rounds, secondsEach } = options.warmUp;
  const spent = lists.map(() => 0);
  for (let round = 0; round < rounds; round++)
    for (const [i, list] of lists.entries())
      if (spent[i]! < secondsEach * 1000) {
        const started = performance.now();
        await viewOf(client, list)();
        await list.floor();
        spent[i]! += performance.now() - started;
        await bare.ask();
      }
}

/** One pass's row for one list: its times beside its floors, and its first page's bytes. */
async function measureList({ options, client, lists, bare, postsBytes }: Measuring, list: List) {
  const view = viewOf(client, list);
  const body = await view();
  const bytes = Buffer.byteLength(body);
  const first = (list.http ? {} : JSON.parse(body)) as { items?: unknown[]; total?: number };
  const items = first.items?.length ?? 0;
  const legacyRows = list.legacyOf
    ? (JSON.parse(await client.get(list.legacyOf)) as { total: number }).total
    : first.total;
  // What the legacy sent for the same screen: every row, each about as large as these.
  const legacyBytes =
    items > 0 && legacyRows
      ? Math.round((bytes / items) * legacyRows + (list.withPosts ? postsBytes : 0))
      : null;
  // The bare route sends these same bytes, as JSON or, for the payout file, as CSV (0089).
  const key = String(lists.indexOf(list));
  await bare.store(key, {
    type: list.http ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
    body,
  });
  const [http, sql, framework] = (await time([view, list.floor, () => bare.ask(key)], {
    rounds: list.rounds ?? options.rounds,
    warmMs: options.listWarmMs,
    windowMs: options.listWindowMs,
  })) as [Timing, Timing, Timing];
  // Progress as it goes (the table comes at the end).
  console.log(
    `  ${list.name}: p95 ${http.p95.toFixed(1)} ms, SQL p95 ${sql.p95.toFixed(1)} ms, bare p95 ${framework.p95.toFixed(1)} ms`,
  );
  return {
    endpoint: list.name,
    p50: http.p50,
    p95: http.p95,
    rps: http.rps,
    sqlP95: sql.p95,
    ratio: http.p95 / Math.max(sql.p95, 0.01),
    /** What the list adds to the bare route, against its SQL floor: the judged ratio. */
    addedRatio: (http.p95 - framework.p95) / Math.max(sql.p95, 0.01),
    frameworkP50: framework.p50,
    frameworkP95: framework.p95,
    bytes,
    legacyBytes,
    target: list.target ?? TARGETS.listP95Ms,
  };
}
