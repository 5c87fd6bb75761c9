import { buildApp } from './app.ts';
import { type Config, loadConfig } from './config/env.ts';
import { fork } from 'node:child_process';
import path from 'node:path';
import { fakeProvidersConfig } from './modules/refresh/index.ts';
import { seedDemoData } from './modules/demo/index.ts';
import { ensureFirstAdmin } from './modules/users/index.ts';
import { isLead, runWorkers, workerNumber } from './server-workers.ts';

/** The fake providers' address, handed by the primary to the server processes it forks. */
const FAKE_PROVIDERS_VARIABLE = 'PREFFY_FAKE_PROVIDERS_URL';

const config = loadConfig();
const worker = workerNumber();
// No provider keys: refreshes run against the local fake providers, so a new install works. One
// fake provider server per machine: the primary hands its address to the processes it forks.
const fakeProviders = !config.useFakeProviders
  ? undefined
  : worker === undefined
    ? await startFakeProviders()
    : process.env[FAKE_PROVIDERS_VARIABLE]!;
if (fakeProviders) {
  config.providers = { ...config.providers, ...fakeProvidersConfig(fakeProviders) };
  config.shortLinkBaseUrl = fakeProviders;
  if (worker === undefined)
    console.log(`No social-data provider keys: using the fake providers at ${fakeProviders}`);
}
if (worker === undefined && config.workers > 1) {
  // The primary (decision 0120): it forks the server processes and serves nothing itself.
  if (await runWorkers(config, fakeProviders ? { [FAKE_PROVIDERS_VARIABLE]: fakeProviders } : {}))
    console.log(
      `Preffy Admin is running at ${config.publicUrl} (postgres, ${config.workers} server processes)`,
    );
} else await serve(config, worker);

/** One server process: the only one, or worker `worker` of WORKERS. */
async function serve(config: Config, worker: number | undefined) {
  const app = await buildApp({ config, worker });
  const lead = isLead(worker);

  if (lead) {
    const admin = await ensureFirstAdmin(app.db, config);
    if (admin?.generatedPassword) {
      // Printed once, on the console only (not in the structured logs).
      console.log(
        `\nFirst admin created: ${admin.email}\nPassword (shown only this once): ${admin.generatedPassword}\n`,
      );
    } else if (admin) {
      app.log.info(`First admin created: ${admin.email}`);
    }
    if (config.loadDemoData && (await seedDemoData(app.db))) app.log.info('Demo data loaded');
  }

  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      // Ctrl-C reaches the primary and every worker, and the primary then sends SIGTERM too.
      if (closing) return;
      closing = true;
      app.log.info(`${signal}: closing`);
      // Graceful: stop accepting, finish in-flight requests, close the database pool.
      app.close().then(
        () => process.exit(0),
        (err: unknown) => {
          app.log.error(err);
          process.exit(1);
        },
      );
    });
  }

  // Once per machine: the other workers only answer requests (decision 0120).
  if (lead) {
    app.emailWorker.start(config.email.workerIntervalMs);
    app.jobWorker.start(1000);
    if (worker) app.log.info('This worker runs the jobs, their schedules and email delivery');
  }
  await app.listen({ port: config.port, host: config.host });
  if (worker === undefined) console.log(`Preffy Admin is running at ${config.publicUrl} (${app.dialect})`);
}

/** Starts the fake provider server as a child process on 127.0.0.1; answers its address. */
function startFakeProviders(): Promise<string> {
  const child = fork(path.join(import.meta.dirname, 'modules/refresh/fake-providers-main.ts'), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  process.once('exit', () => child.kill());
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      const match = /ready (\S+)/.exec(chunk.toString());
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`The fake provider server stopped (${code})`)));
  });
}
