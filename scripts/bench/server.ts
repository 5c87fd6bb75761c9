// The server under test, in its own process, and what starting a process's server needs.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { BENCH_USER } from '../../apps/server/src/dev/bench-user.ts';
import type { fakeProvidersConfig } from '../../apps/server/src/modules/refresh/fake-providers.ts';

export const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** Waits for a process's server to answer `url`. */
export async function untilUp(url: string) {
  for (let i = 0; ; i++) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    if (i > 120) throw new Error(`${url} did not start`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * Runs `node args` in the repository's root; it is stopped when the benchmark exits, however.
 * Its output goes nowhere, or to `onOutput`.
 */
export function spawnNode(
  root: string,
  args: string[],
  env: Record<string, string>,
  onOutput?: (text: string) => void,
): ChildProcess {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', onOutput ? 'pipe' : 'ignore', 'inherit'],
  });
  if (onOutput) child.stdout!.setEncoding('utf8').on('data', onOutput);
  process.on('exit', () => child.kill());
  return child;
}

/**
 * Started as `npm run serve` starts it, with the same Node options (decision 0088), but without
 * npm in between: the script's words after `node` (it reads `exec node …`).
 */
const serveArgs = (root: string) => {
  const words = (
    JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { serve: string } }
  ).scripts.serve.split(' ');
  return words.slice(words.indexOf('node') + 1);
};

/** What the server prints once every server process listens (apps/server/src/server.ts). */
const RUNNING_LINE = 'Preffy Admin is running at';

export type ServerOptions = {
  root: string;
  dataDir: string;
  providers: ReturnType<typeof fakeProvidersConfig>;
  perSecond: number;
  /** WORKERS, when given (else the environment's, or the server's default). */
  workers?: number;
};

/**
 * The real server on a free port, on the data set in `dataDir`, with the bench admin, and the
 * fake social-data providers limited to `perSecond` requests each. Answers once it is up;
 * `stop` answers once it has exited.
 */
export async function startServer(options: ServerOptions) {
  const { providers } = options;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // With WORKERS, /healthz answers once the first process listens; the line comes once all do.
  let output = '';
  let allListening: () => void;
  const started = new Promise<void>((resolve) => (allListening = resolve));
  const server = spawnNode(
    options.root,
    serveArgs(options.root),
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      PUBLIC_URL: base,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: BENCH_USER.email,
      ADMIN_PASSWORD: BENCH_USER.password,
      FAKE_PROVIDERS: 'off',
      TIKTOK_API_URL: providers.tiktok.url,
      TIKTOK_API_KEY: providers.tiktok.key,
      TIKTOK_FALLBACK_API_URL: providers.tiktokFallback.url,
      TIKTOK_FALLBACK_API_KEY: providers.tiktokFallback.key,
      TIKTOK_OEMBED_URL: providers.tiktokOembedUrl,
      INSTAGRAM_API_URL: providers.instagram.url,
      INSTAGRAM_API_KEY: providers.instagram.key,
      INSTAGRAM_EMBED_PROXY_URL: providers.instagramEmbedProxy.url,
      INSTAGRAM_EMBED_PROXY_KEY: providers.instagramEmbedProxy.key,
      TIKTOK_PHOTO_API_URL: providers.tiktokPhoto.url,
      TIKTOK_PHOTO_API_KEY: providers.tiktokPhoto.key,
      YOUTUBE_API_URL: providers.youtube.url,
      YOUTUBE_API_KEY: providers.youtube.key,
      PROVIDER_REQUESTS_PER_SECOND: String(options.perSecond),
      ...(options.workers && { WORKERS: String(options.workers) }),
    },
    (text) => {
      if (!output.includes(RUNNING_LINE) && (output += text).includes(RUNNING_LINE)) allListening();
    },
  );
  const exited = once(server, 'exit');
  await untilUp(`${base}/healthz`);
  await Promise.race([
    started,
    exited.then(() => Promise.reject(new Error('The server stopped as it started'))),
  ]);
  return {
    base,
    stop: () => {
      server.kill();
      return exited;
    },
  };
}
