import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

// Each test file builds its own app on its own database, so files share one module registry
// (no per-file re-import of the server: 165 → 85 s on SQLite). Workers are set, not left to the
// default, which ran one at a time on 2 cores; on PostgreSQL the workers also wait on the
// server, so one more than the cores keeps both busy.
const cores = availableParallelism();

export default defineConfig({
  test: {
    isolate: false,
    maxWorkers: process.env.TEST_DATABASE_URL ? cores + 1 : cores,
    include: ['src/**/*.test.ts'],
    // *.postgres.test.ts need several processes on one database: the PostgreSQL run only.
    exclude: [
      ...configDefaults.exclude,
      ...(process.env.TEST_DATABASE_URL ? [] : ['src/**/*.postgres.test.ts']),
    ],
    root: import.meta.dirname,
    globalSetup: ['test/global-setup.ts'],
    // Bounds for a hang, not for speed: a file's app (migrations, three Argon2 sign-ins) took over
    // 30 s to build on a two-core machine also running browser tests, and nothing here is slow
    // on purpose.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
