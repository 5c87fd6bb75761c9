import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, createTestApp } from '../../../test/test-app.ts';
import { type Database, migrateToLatest, openDatabase } from '../../db/database.ts';
import { createUser } from '../users/users.service.ts';

/**
 * The real CLIs as users run them (`npm run backup -- FILE` is this command), on SQLite in a
 * temporary DATA_DIR, or on a scratch PostgreSQL database when TEST_DATABASE_URL is set.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../../../..');
const pgUrl = process.env.TEST_DATABASE_URL;

async function cli(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  // Only what the app reads: the test's own TEST_DATABASE_URL must not leak into the CLI.
  const childEnv = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env };
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', `scripts/${script}.ts`, ...args],
      { cwd: repoRoot, env: childEnv },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** A database the CLIs and the test both reach, with the app's tables in it. */
async function newDatabase(): Promise<{ env: Record<string, string>; open: () => Database }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'preffy-backup-db-'));
  directories.push(dataDir);
  if (!pgUrl) {
    const sqlitePath = path.join(dataDir, 'preffy.sqlite');
    return { env: { DATA_DIR: dataDir }, open: () => openDatabase({ sqlitePath }).db };
  }
  const url = new URL((await createScratchDatabase(pgUrl)).url);
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    open: () => openDatabase({ databaseUrl: url.toString(), sqlitePath: '' }).db,
  };
}

async function userEmails(open: () => Database) {
  const db = open();
  try {
    const rows = await db.selectFrom('users').select('email').orderBy('email').execute();
    return rows.map((row) => row.email);
  } finally {
    await db.destroy();
  }
}

const directories: string[] = [];
let backupDir: string;
let source: Awaited<ReturnType<typeof newDatabase>>;
let backupFile: string;

beforeAll(async () => {
  backupDir = await mkdtemp(path.join(tmpdir(), 'preffy-backup-'));
  directories.push(backupDir);
  backupFile = path.join(backupDir, pgUrl ? 'preffy.dump' : 'preffy.sqlite');
  source = await newDatabase();
});
afterAll(async () => {
  for (const directory of directories) await rm(directory, { recursive: true, force: true });
});

describe('npm run backup and npm run restore', { timeout: 60_000 }, () => {
  it('backs up, and after the data changed, restores it as it was (with --force)', async () => {
    // The database stays open, as under a running server (on SQLite the rows are still in the
    // write-ahead log): the online backup must see them.
    const db = source.open();
    await migrateToLatest(db);
    for (const name of ['alice', 'bob'])
      await createUser(db, { email: `${name}@preffy.test`, name, role: 'staff', passwordHash: null });
    const backedUp = await cli('backup', [backupFile], source.env);
    expect(backedUp.stderr).toBe('');
    expect(backedUp.code).toBe(0);
    expect(backedUp.stdout).toContain(`to ${backupFile}`);
    expect(backedUp.stdout).toContain('images');
    // On PostgreSQL images are kept in the database (decision 0118), so the file carries them.
    expect(backedUp.stdout).toContain(pgUrl ? 'images are in the database' : 'images are not in this file');

    await db.deleteFrom('users').where('email', '=', 'bob@preffy.test').execute();
    await createUser(db, { email: 'carol@preffy.test', name: 'carol', role: 'staff', passwordHash: null });
    await db.destroy(); // the server is stopped before a restore
    expect(await userEmails(source.open)).toEqual(['alice@preffy.test', 'carol@preffy.test']);

    const refused = await cli('restore', [backupFile], source.env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('is not empty (it has users or competitions)');
    expect(refused.stderr).toContain('--force');
    expect(await userEmails(source.open)).toEqual(['alice@preffy.test', 'carol@preffy.test']);

    const restored = await cli('restore', [backupFile, '--force'], source.env);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(await userEmails(source.open)).toEqual(['alice@preffy.test', 'bob@preffy.test']);
  });

  it('restores into an empty database without --force, and the app starts on it', async () => {
    const empty = await newDatabase();
    const restored = await cli('restore', [backupFile], empty.env);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(await userEmails(empty.open)).toEqual(['alice@preffy.test', 'bob@preffy.test']);
    const app = await createTestApp({
      databaseUrl: empty.env.DATABASE_URL,
      sqlitePath: path.join(empty.env.DATA_DIR!, 'preffy.sqlite'),
    });
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    await app.close();
  });

  it('refuses a file that is not a backup and leaves the database as it was', async () => {
    const bogus = path.join(backupDir, 'not-a-backup');
    await writeFile(bogus, '<html>not a database</html>');
    const refused = await cli('restore', [bogus, '--force'], source.env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/is not a (Preffy SQLite backup|pg_dump archive)/);
    expect(await userEmails(source.open)).toEqual(['alice@preffy.test', 'bob@preffy.test']);
  });
});
