// Load: many signed-in clients on a mix of the lists (autocannon), measured after a warm-up in
// which they all connect (decision 0074). Every error counts.
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import type { List } from './list-definitions.ts';
import type { BenchOptions } from './options.ts';
import { percentile } from './timing.ts';

export type LoadResult = Awaited<ReturnType<typeof measureLoad>>;

/** --workers: the load once per count of server processes, in the order given. */
export type LoadByWorkers = (LoadResult & { workers: number; loadAverageBefore: number })[];

export async function measureLoad(
  base: string,
  cookie: string,
  lists: List[],
  settings: BenchOptions['load'],
) {
  const mix = lists.filter((list) => list.inLoad !== false);
  // Each endpoint's own times, answers and timeouts under load, so a miss names what missed.
  const byPath = new Map(
    mix.map((list) => [
      list.url,
      { name: list.name, times: [] as number[], failed: 0, late: 0, timeouts: 0 },
    ]),
  );
  // A saturated Node server takes on new connections one by one between rounds of its busy ones
  // (a bare Node http server does the same): 100 clients opened in the same instant had their
  // first answer after up to 100 rounds, over 10 s at the full scale. Signed-in clients keep
  // their connections, so the minute is measured after a warm-up long enough for every client
  // to connect (decision 0074). A failed answer is an error at any time, and so is an answer of
  // the measured minute after 10 s.
  const started = performance.now();
  const measureFrom = started + settings.warmup * 1000;
  const load = await autocannon({
    url: base,
    connections: settings.connections,
    duration: settings.warmup + settings.duration,
    // As long as the warm-up, so a client still waiting for its first answer then is not a
    // timeout; a late answer of the measured minute is still an error (over 10 s, below).
    timeout: Math.max(10, settings.warmup),
    headers: { cookie },
    requests: mix.map((list) => ({ method: 'GET', path: list.url })),
    setupClient(client) {
      // autocannon's client (one request at a time): its answer comes before it moves on, and a
      // timeout after it has moved on to the next request.
      const own = client as unknown as {
        requestIterator: { requests: { path: string }[]; currentRequestIndex: number };
        on(event: 'response' | 'timeout', listener: (...args: number[]) => void): void;
      };
      const at = (back: number) => {
        const { requests, currentRequestIndex } = own.requestIterator;
        return byPath.get(requests[(currentRequestIndex - back + mix.length) % mix.length]!.path)!;
      };
      own.on('response', (status, _bytes, ms) => {
        const endpoint = at(0);
        // A failed answer is an error at any time; a late one in the measured minute.
        if (status! >= 300) endpoint.failed++;
        if (performance.now() < measureFrom) return;
        endpoint.times.push(ms!);
        if (ms! > 10_000) endpoint.late++;
      });
      own.on('timeout', () => at(1).timeouts++);
    },
  });
  const endpoints = [...byPath.values()]
    .map(({ name, times, failed, late, timeouts }) => {
      const sorted = times.sort((a, b) => a - b);
      return {
        name,
        requests: sorted.length,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        failed,
        late,
        timeouts,
      };
    })
    .sort((a, b) => b.timeouts + b.failed + b.late - a.timeouts - a.failed - a.late || b.p99 - a.p99);
  const all = [...byPath.values()].flatMap((endpoint) => endpoint.times).sort((a, b) => a - b);
  const failed = endpoints.reduce((sum, endpoint) => sum + endpoint.failed, 0);
  const late = endpoints.reduce((sum, endpoint) => sum + endpoint.late, 0);
  return {
    connections: settings.connections,
    warmupSeconds: settings.warmup,
    seconds: settings.duration,
    rps: all.length / settings.duration,
    p50: percentile(all, 50),
    p99: percentile(all, 99),
    // Connection errors and timeouts (autocannon counts a timeout among its errors too) and
    // failed answers, warm-up included; answers of the measured minute after 10 s.
    errors: load.errors + failed + late,
    errorKinds: { connection: load.errors - load.timeouts, timeouts: load.timeouts, failed, late },
    statusCodes: Object.fromEntries(
      Object.entries(load.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count]),
    ),
    endpoints,
  };
}
