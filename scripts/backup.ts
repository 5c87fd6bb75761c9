// npm run backup -- FILE: a consistent copy of the app's database (SQLite online backup, or
// pg_dump for DATABASE_URL), safe while the server runs. See the README and decision 0017.
import { backup, runBackupCli } from '../apps/server/src/modules/backup/backup.ts';

await runBackupCli('npm run backup -- FILE', (file) => backup(file));
