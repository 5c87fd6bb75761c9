import { buildApp } from './app.ts';
import { loadConfig } from './config/env.ts';
import { seedDemoData } from './modules/demo/seed-demo-data.ts';
import { ensureFirstAdmin } from './modules/users/users.service.ts';

const config = loadConfig();
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
await app.listen({ port: config.port, host: config.host });
console.log(`Preffy Admin is running at ${config.publicUrl} (${app.dialect})`);
