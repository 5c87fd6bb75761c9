// Prints what each suite ran, then one closing line "Total: N passed, N failed".
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.argv[2] ?? '.test-out';
const suites = [
  ['Unit tests (domain rules)', 'unit.json'],
  ['Unit tests (web app)', 'web.json'],
  ['API tests on SQLite', 'api-sqlite.json'],
  ['API tests on PostgreSQL', 'api-postgres.json'],
  ['Browser tests in Chromium', 'e2e.json'],
];
let passed = 0;
let failed = 0;
for (const [name, file] of suites) {
  const full = path.join(dir, file);
  if (!existsSync(full)) {
    console.log(`${name}: no results (${file} missing)`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(full, 'utf8'));
  // Vitest reports numPassedTests; Playwright reports stats.expected/unexpected.
  const p = report.numPassedTests ?? report.stats?.expected ?? 0;
  const f = (report.numFailedTests ?? report.stats?.unexpected ?? 0) + (report.stats?.flaky ?? 0);
  const s = report.numPendingTests ?? report.stats?.skipped ?? 0;
  console.log(`${name}: ${p} passed, ${f} failed${s ? `, ${s} skipped` : ''}`);
  if (p === 0) failed += 1;
  passed += p;
  failed += f + s;
}
console.log(`Total: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
