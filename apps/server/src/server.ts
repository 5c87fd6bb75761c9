import { buildApp } from './app.ts';
import { loadConfig } from './config/env.ts';
import { fork } from 'node:child_process';
import path from 'node:path';
import { fakeProvidersConfig } from './modules/refresh/index.ts';
import { seedDemoData } from './modules/demo/index.ts';
import { ensureFirstAdmin } from './modules/users/index.ts';

const config = loadConfig();
if (config.useFakeProviders) {
  // No provider keys: refreshes run against the local fake providers, so a new install works.
  const base = await startFakeProviders();
  config.providers = { ...config.providers, ...fakeProvidersConfig(base) };
  config.shortLinkBaseUrl = base;
  console.log(`No social-data provider keys: using the fake providers at ${base}`);
}
const app = await buildApp({ config });

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

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
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

app.emailWorker.start(config.email.workerIntervalMs);
app.jobWorker.start(1000);
await app.listen({ port: config.port, host: config.host });
console.log(`Preffy Admin is running at ${config.publicUrl} (${app.dialect})`);

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
