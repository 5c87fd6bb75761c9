import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// A file that replaces a module with vi.mock needs its own module registry; every other file
// shares one jsdom and one registry per worker, which halves the run (setup.ts resets what
// a test leaves behind: rendered trees, notifications, modals, the URL and storage).
const MOCKING_FILES = [
  'src/app/submission-key.forms.test.tsx',
  'src/components/table/ServerTable.test.tsx',
  'src/features/dashboard/components/DashboardPage.test.tsx',
  'src/features/finish/components/FinishPage.test.tsx',
  'src/features/inquiries/components/InquiriesPage.test.tsx',
  'src/features/payments/components/PaymentsPage.test.tsx',
  'src/features/posts/components/ReferralsPage.test.tsx',
  'src/features/promotions/components/PromotionsPage.test.tsx',
  'src/features/winners/components/WinnersPage.test.tsx',
];

export default defineConfig({
  plugins: [react()],
  test: {
    root: import.meta.dirname,
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // Set, not left to the default, which ran one file at a time on 2 cores.
    maxWorkers: availableParallelism(),
    projects: [
      { extends: true, test: { name: 'isolated', include: MOCKING_FILES, isolate: true } },
      {
        extends: true,
        test: { name: 'shared', include: ['src/**/*.test.{ts,tsx}'], exclude: MOCKING_FILES, isolate: false },
      },
    ],
  },
});
