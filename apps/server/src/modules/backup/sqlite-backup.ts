import { copyFile, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { BackupError } from './backup-target.ts';

/** What the backup's progress callback asks for the next step: every page still to copy. */
const ALL_REMAINING_PAGES = 0x7fffffff;

/**
 * SQLite's online backup: a consistent copy, safe while the server is writing. All pages are
 * copied in one step, inside one read transaction: a snapshot the server's writes cannot spoil
 * (in WAL mode they go on meanwhile). Copied in small steps (better-sqlite3's default, 100 pages)
 * the backup started over whenever another connection wrote between two steps, and under steady
 * writes it never finished.
 */
export async function backupSqlite(databasePath: string, file: string) {
  const db = new SQLite(databasePath, { fileMustExist: true });
  try {
    // Written beside the target, then renamed: a failed backup never leaves half a file.
    await rm(`${file}.part`, { force: true });
    await db.backup(`${file}.part`, { progress: () => ALL_REMAINING_PAGES });
    await rename(`${file}.part`, file);
  } finally {
    db.close();
  }
}

/**
 * Puts the backup in place of the database file. The server must be stopped: a running
 * server keeps the old file open. The old write-ahead log goes first, or SQLite would
 * replay it onto the restored file; the rename makes the swap atomic.
 */
export async function restoreSqlite(file: string, databasePath: string) {
  assertPreffyBackup(file);
  await mkdir(path.dirname(databasePath), { recursive: true });
  const incoming = `${databasePath}.restoring`;
  await copyFile(file, incoming);
  await rm(`${databasePath}-wal`, { force: true });
  await rm(`${databasePath}-shm`, { force: true });
  await rename(incoming, databasePath);
}

function assertPreffyBackup(file: string) {
  let db: SQLite.Database | undefined;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
    const check = db.pragma('quick_check', { simple: true });
    const migrated = db.prepare("select 1 from sqlite_master where name = 'kysely_migration'").get();
    if (check !== 'ok' || !migrated) throw new Error('no');
  } catch {
    throw new BackupError(`${file} is not a Preffy SQLite backup (or it is damaged); nothing was changed.`);
  } finally {
    db?.close();
  }
}
