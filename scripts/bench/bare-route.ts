// The framework floor: a bare Fastify route doing the same session lookup, nothing else, in its
// own process as the server is (bare-route-server.ts). It is asked beside each list, in turn with
// the list and its SQL floor, so the three share the machine's passing moods (decision 0081), and
// sends that list's own first page, compressed alike (decision 0089). Only the lists are judged
// by it.
import type { Client } from './client.ts';
import { freePort, spawnNode, untilUp } from './server.ts';

export type BareRoute = Awaited<ReturnType<typeof startBareRoute>>;

export async function startBareRoute(root: string, sqlitePath: string, client: Client) {
  const port = await freePort();
  const bare = spawnNode(root, ['--import', 'tsx', 'scripts/bench/bare-route-server.ts'], {
    PORT: String(port),
    SQLITE_PATH: sqlitePath,
  });
  const origin = `http://127.0.0.1:${port}`;
  await untilUp(`${origin}/floor`);
  return {
    /** The bare route: the session check, then `key`'s stored answer (none: a few bytes). */
    ask: (key?: string) => client.askFrom(origin, key === undefined ? '/floor' : `/floor/${key}`),
    /** Stores the answer the bare route sends as `key`. */
    store: (key: string, answer: { type: string; body: string }) =>
      client.askFrom(origin, `/answers/${key}`, { method: 'POST', body: answer }),
    stop: () => bare.kill(),
  };
}
