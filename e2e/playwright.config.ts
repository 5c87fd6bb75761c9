import path from 'node:path';
import { defineConfig } from '@playwright/test';

// Runs against the built app that scripts/test.sh starts; Debian's Chromium, never a download.
export default defineConfig({
  testDir: 'tests',
  globalSetup: './global-setup.ts',
  // Two files at a time: one test mostly waits on the server or the browser, so two keep 2
  // cores busy (9.0 → 6.8 min). Each test makes its own users and records, so files do not meet.
  // The timeouts leave room for a test slowed by its neighbour; a passing test never waits on them.
  workers: 2,
  retries: 0,
  timeout: 40_000,
  expect: { timeout: 10_000 },
  forbidOnly: true,
  reporter: [['list'], ['json', { outputFile: path.resolve(import.meta.dirname, '../.test-out/e2e.json') }]],
  outputDir: path.resolve(import.meta.dirname, '../.test-out/e2e-artifacts'),
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3199',
    locale: 'en-US',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
});
