import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '../test/fixtures/wait-for.ts';
import { createScratchDatabase } from '../test/test-app.ts';

/**
 * Issue 40 item 5 (decision 0120): the real server as `npm run serve` starts it, with WORKERS=2,
 * in a child process on a free port in 3240-3249. Which process answered is read from its request
 * log lines (each names its pid and worker), not from anything the server sends back.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const pgUrl = process.env.TEST_DATABASE_URL;
const FIRST_PORT = 3240;
const LAST_PORT = 3249;
/** Starting is slow on a busy machine: two processes load the whole app one after the other. */
const STARTS_WITHIN_MS = 120_000;

type LogLine = {
  msg: string;
  pid: number;
  worker?: number;
  role?: string;
  req?: { url: string };
};

type RunningServer = {
  child: ChildProcessWithoutNullStreams;
  base: string;
  output: () => string;
  logLines: () => LogLine[];
};

const running: RunningServer[] = [];
const directories: string[] = [];

afterEach(async () => {
  for (const server of running.splice(0))
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      await once(server.child, 'exit');
    }
  for (const directory of directories.splice(0)) await rm(directory, { recursive: true, force: true });
});

const isFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer()
      .once('error', () => resolve(false))
      .listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

async function freePort() {
  for (let port = FIRST_PORT; port <= LAST_PORT; port++) if (await isFree(port)) return port;
  throw new Error(`No free port in ${FIRST_PORT}-${LAST_PORT}`);
}

/** `npm run serve`: how deploy.md starts an instance, and what a container or a `kill` signals. */
const NPM_RUN_SERVE = ['npm', ['run', '--silent', 'serve']] as const;

async function startServer(
  env: Record<string, string>,
  [command, args]: readonly [string, readonly string[]] = [
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/server.ts'],
  ],
): Promise<RunningServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'preffy-workers-'));
  directories.push(dataDir);
  const port = await freePort();
  const child = spawn(command, args, {
    cwd: repoRoot,
    // Only what the server reads: the test run's own variables must not change how it starts.
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      COOKIE_SECRET: 'w'.repeat(40),
      ADMIN_PASSWORD: 'workers-test-password',
      DEMO_DATA: 'false',
      FAKE_PROVIDERS: 'off',
      LOG_LEVEL: 'info',
      ...env,
    },
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const server: RunningServer = {
    child,
    base: `http://127.0.0.1:${port}`,
    output: () => output,
    logLines: () =>
      output
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as LogLine),
  };
  running.push(server);
  await waitFor(
    'the server to start',
    async () => {
      if (child.exitCode !== null) throw new Error(`The server stopped:\n${output}`);
      return output.includes('Preffy Admin is running at');
    },
    STARTS_WITHIN_MS,
  );
  return server;
}

let probes = 0;

/**
 * Asks /healthz on a new connection (the primary hands each new connection to the next worker)
 * and answers the pid whose log line took that request.
 */
async function answeringPid(server: RunningServer): Promise<number> {
  const url = `/healthz?probe=${++probes}`;
  const status = await new Promise<number | undefined>((resolve, reject) =>
    get(`${server.base}${url}`, { agent: false }, (response) => {
      response.resume();
      response.once('end', () => resolve(response.statusCode));
    }).once('error', reject),
  );
  expect(status).toBe(200);
  const line = await waitFor('the request in the log', async () =>
    server.logLines().find((l) => l.msg === 'incoming request' && l.req?.url === url),
  );
  return line.pid;
}

async function answeringPids(server: RunningServer, requests: number) {
  const pids = new Set<number>();
  for (let i = 0; i < requests; i++) pids.add(await answeringPid(server));
  return pids;
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Sends SIGTERM and answers the exit code, once the process has exited. */
async function stopWithSigterm(server: RunningServer) {
  const exited = once(server.child, 'exit');
  server.child.kill('SIGTERM');
  const [code] = (await exited) as [number | null];
  return code;
}

if (pgUrl) {
  describe('WORKERS=2 on PostgreSQL', () => {
    it(
      'answers from two processes on one port, starts again one that dies, and stops them all on SIGTERM',
      async () => {
        const { url } = await createScratchDatabase(pgUrl);
        const server = await startServer({ WORKERS: '2', DATABASE_URL: url });
        const primary = server.child.pid!;

        const first = await answeringPids(server, 6);
        expect(first.size).toBe(2);
        // The primary only hands out connections.
        expect(first.has(primary)).toBe(false);
        const workerOf = (pid: number) => server.logLines().find((line) => line.pid === pid)?.worker;
        expect(new Set([...first].map(workerOf))).toEqual(new Set([1, 2]));
        // Only the lead runs the background work, so schedules and provider limits stay once
        // per machine.
        const background = () =>
          server
            .logLines()
            .filter((line) => line.msg === 'This worker runs the jobs, their schedules and email delivery');
        expect(background().map((line) => line.worker)).toEqual([1]);

        const lead = [...first].find((pid) => workerOf(pid) === 1)!;
        const other = [...first].find((pid) => pid !== lead)!;
        process.kill(lead, 'SIGKILL');
        await waitFor('the primary to say it starts the worker again', async () =>
          server
            .logLines()
            .find(
              (line) =>
                line.role === 'primary' &&
                line.msg === `worker 1 (pid ${lead}) stopped (SIGKILL); starting it again in 1000 ms`,
            ),
        );
        // Its replacement is the lead again and answers beside the other worker.
        const replacement = await waitFor(
          'the replacement worker to answer',
          async () => {
            const pid = await answeringPid(server);
            return pid !== other && pid;
          },
          STARTS_WITHIN_MS,
        );
        expect(replacement).not.toBe(lead);
        expect(workerOf(replacement)).toBe(1);
        expect(background().map((line) => [line.worker, line.pid])).toEqual([
          [1, lead],
          [1, replacement],
        ]);
        expect(await answeringPids(server, 4)).toEqual(new Set([other, replacement]));

        expect(await stopWithSigterm(server)).toBe(0);
        for (const pid of [other, replacement]) expect(isAlive(pid), `worker ${pid}`).toBe(false);
        const closing = server.logLines().filter((line) => line.msg === 'SIGTERM: closing');
        expect(new Set(closing.map((line) => line.pid))).toEqual(new Set([other, replacement]));
      },
      4 * STARTS_WITHIN_MS,
    );
  });
} else {
  describe('WORKERS=2 on SQLite', () => {
    it(
      'runs one process and says so at start',
      async () => {
        const server = await startServer({ WORKERS: '2' });
        expect(server.logLines().map((line) => line.msg)).toContain(
          'WORKERS=2, but SQLite has one writer: running 1 server process; set DATABASE_URL to PostgreSQL for more',
        );
        expect(await answeringPids(server, 4)).toEqual(new Set([server.child.pid]));
        expect(server.output()).toContain('(sqlite)');
        expect(await stopWithSigterm(server)).toBe(0);
      },
      2 * STARTS_WITHIN_MS,
    );

    it(
      'stops gracefully when npm run serve is sent SIGTERM, leaving no server behind',
      async () => {
        const server = await startServer({}, NPM_RUN_SERVE);
        const [serverPid] = await answeringPids(server, 1);
        expect(serverPid).not.toBe(server.child.pid);
        expect(await stopWithSigterm(server)).toBe(0);
        // The shell npm runs used to die and leave the server listening without a parent.
        await waitFor('the server to stop', async () => !isAlive(serverPid!));
        expect(await isFree(Number(new URL(server.base).port))).toBe(true);
      },
      2 * STARTS_WITHIN_MS,
    );
  });
}
