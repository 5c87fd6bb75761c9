// npm run import -- <export folders or files…> [--dry-run] [--time-zone Europe/Berlin] [--images <folder>]
// Imports the legacy system's exports (issue 41); give the same command again to resume one that
// was interrupted. The README's cut-over section says when to run it.
import { loadConfig } from '../apps/server/src/config/env.ts';
import { runImportCommand } from '../apps/server/src/modules/legacy-import/index.ts';

try {
  // A placeholder secret: without one, loadConfig would write a new cookie secret into DATA_DIR.
  const config = loadConfig({ COOKIE_SECRET: 'the-import-command-signs-no-cookies-at-all', ...process.env });
  process.exitCode = await runImportCommand(config, process.argv.slice(2), (line) =>
    process.stdout.write(`${line}\n`),
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
