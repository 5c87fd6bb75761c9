// npm run restore -- FILE [--force]: puts a backup in place of the app's database. Stop the
// server first. Refuses a database with users or competitions unless --force (decision 0017).
import { restore, runBackupCli } from '../apps/server/src/modules/backup/backup.ts';

await runBackupCli('npm run restore -- FILE [--force]', (file, options) => restore(file, options), {
  acceptsForce: true,
});
