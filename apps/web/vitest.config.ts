import { readFileSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { TEST_TIMEOUT_MS } from './src/test/timeouts.ts';

// A file that replaces a module with vi.mock needs its own module registry; every other file
// shares one jsdom and one registry per worker, which halves the run (setup.ts resets what
// a test leaves behind: rendered trees, notifications, dialogs, the URL and storage). The
// files are found by what they contain, so a new vi.mock is isolated without a list to keep.
const src = path.join(import.meta.dirname, 'src');
const MOCKING_FILES = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .filter(
    (file) => /\.test\.tsx?$/.test(file) && readFileSync(path.join(src, file), 'utf8').includes('vi.mock('),
  )
  .map((file) => `src/${file.split(path.sep).join('/')}`);

export default defineConfig({
  plugins: [react()],
  test: {
    root: import.meta.dirname,
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // Set, not left to the default, which ran one file at a time on 2 cores.
    maxWorkers: availableParallelism(),
    // Rendering a screen takes as long as the machine lets it: vitest's 5 s default failed passing
    // tests when other work shared the two cores.
    testTimeout: TEST_TIMEOUT_MS,
    projects: [
      { extends: true, test: { name: 'isolated', include: MOCKING_FILES, isolate: true } },
      {
        extends: true,
        test: { name: 'shared', include: ['src/**/*.test.{ts,tsx}'], exclude: MOCKING_FILES, isolate: false },
      },
    ],
  },
});
