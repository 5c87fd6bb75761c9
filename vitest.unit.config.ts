import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { include: ['packages/*/src/**/*.test.ts', 'eslint-rules/*.test.ts'] },
});
