// WORKERS > 1 (decision 0120): this process forks the server processes, which share its port
// through node:cluster, starts again one that dies and stops them all on SIGTERM or SIGINT.
import cluster, { type Worker } from 'node:cluster';
import { hostname } from 'node:os';
import pino from 'pino';
import type { Config } from './config/env.ts';

/** Tells a forked server process which of the workers it is (1 is the lead). */
const WORKER_VARIABLE = 'PREFFY_SERVER_WORKER';

/** In a forked server process, its number (1…WORKERS); undefined in a process of its own. */
export function workerNumber(): number | undefined {
  return cluster.isWorker ? Number(process.env[WORKER_VARIABLE]) : undefined;
}

/**
 * The lead runs what must run once per machine: the start-up writes (first admin, demo data)
 * and the background workers (jobs with their schedules, email delivery). A process of its own
 * is its own lead.
 */
export const isLead = (worker: number | undefined) => (worker ?? 1) === 1;

/** A worker that dies is started again after 1 s, then 2, 4… up to 30 s while it keeps dying. */
const RESTART_FIRST_MS = 1_000;
const RESTART_MOST_MS = 30_000;
/** A worker that ran this long before it died starts again after the first delay. */
const STEADY_MS = 60_000;
/** Workers still running this long after SIGTERM are killed. */
const STOP_GRACE_MS = 30_000;

type Slot = { worker: Worker | undefined; quickDeaths: number; restart: NodeJS.Timeout | undefined };

/**
 * Forks `config.workers` server processes: the lead first, so that it alone migrates and writes
 * the first admin, then the others. `env` is added to theirs. Answers true once all of them
 * listen; a worker that stops before then stops the whole server, and answers false (a wrong
 * setting would only fail again).
 */
export async function runWorkers(config: Config, env: Record<string, string>): Promise<boolean> {
  const log = pino({
    level: config.logLevel,
    base: { pid: process.pid, hostname: hostname(), role: 'primary' },
  });
  const slots = new Map<number, Slot>();
  let started = false;
  let stopping = false;

  const fork = (n: number, slot: Slot) =>
    new Promise<void>((resolve, reject) => {
      const worker = cluster.fork({ ...env, [WORKER_VARIABLE]: String(n) });
      const forkedAt = Date.now();
      slot.worker = worker;
      worker.once('listening', () => {
        log.info({ worker: n, workerPid: worker.process.pid }, `worker ${n} listening`);
        resolve();
      });
      worker.once('exit', (code, signal) => {
        slot.worker = undefined;
        reject(new Error(`worker ${n} stopped before it listened (${signal ?? `exit code ${code}`})`));
        if (stopping || !started) return;
        slot.quickDeaths = Date.now() - forkedAt > STEADY_MS ? 0 : slot.quickDeaths + 1;
        const delay = Math.min(RESTART_FIRST_MS * 2 ** Math.max(0, slot.quickDeaths - 1), RESTART_MOST_MS);
        log.error(
          { worker: n, workerPid: worker.process.pid, code, signal },
          `worker ${n} (pid ${worker.process.pid}) stopped (${signal ?? `exit code ${code}`}); starting it again in ${delay} ms`,
        );
        slot.restart = setTimeout(() => {
          slot.restart = undefined;
          // A restart that dies again is handled by its own exit.
          if (!stopping) fork(n, slot).catch(() => undefined);
        }, delay);
      });
    });

  const stop = (reason: string, exitCode: number) => {
    if (stopping) return;
    stopping = true;
    log.info(`${reason}: stopping the server processes`);
    const running: Worker[] = [];
    for (const slot of slots.values()) {
      clearTimeout(slot.restart);
      if (slot.worker) running.push(slot.worker);
    }
    // Each one closes gracefully on SIGTERM: no new connections, in-flight requests finished.
    for (const worker of running) worker.process.kill('SIGTERM');
    const late = setTimeout(() => {
      log.error(`server processes still running after ${STOP_GRACE_MS} ms: killing them`);
      for (const worker of running) worker.process.kill('SIGKILL');
    }, STOP_GRACE_MS);
    void Promise.all(
      running.map((worker) =>
        worker.isDead() ? undefined : new Promise((resolve) => worker.once('exit', resolve)),
      ),
    ).then(() => {
      clearTimeout(late);
      log.info('all server processes stopped');
      process.exit(exitCode);
    });
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stop(signal, 0));

  log.info(`starting ${config.workers} server processes (WORKERS)`);
  const slotOf = (n: number) => {
    const slot: Slot = { worker: undefined, quickDeaths: 0, restart: undefined };
    slots.set(n, slot);
    return slot;
  };
  try {
    await fork(1, slotOf(1));
    const others = Array.from({ length: config.workers - 1 }, (_, i) => i + 2);
    await Promise.all(others.map((n) => fork(n, slotOf(n))));
  } catch (error) {
    if (!stopping) {
      log.fatal({ err: error }, 'the server did not start');
      stop('start-up failed', 1);
    }
    return false;
  }
  started = true;
  return true;
}
