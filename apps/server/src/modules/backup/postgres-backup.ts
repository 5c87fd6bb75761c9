import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { BackupError } from './backup-target.ts';

const DEBIAN_PG_ROOT = '/usr/lib/postgresql';

/**
 * pg_dump or pg_restore: the newest in /usr/lib/postgresql/<major>/bin (Debian keeps several
 * majors side by side), else the one on PATH.
 */
export function findPgTool(name: 'pg_dump' | 'pg_restore'): string {
  const majors = existsSync(DEBIAN_PG_ROOT)
    ? readdirSync(DEBIAN_PG_ROOT)
        .filter((entry) => /^\d+$/.test(entry))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const candidates = [
    ...majors.map((major) => path.join(DEBIAN_PG_ROOT, major, 'bin', name)),
    ...(process.env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir, name)),
  ];
  const found = candidates.find((candidate) => candidate && existsSync(candidate));
  if (!found)
    throw new BackupError(
      `${name} was not found. Install the PostgreSQL client tools of your server's major version or newer (Debian: apt-get install postgresql-client).`,
    );
  return found;
}

/** Runs a PostgreSQL tool; the password goes in PGPASSWORD, not in the command line others can see. */
function runPgTool(tool: string, args: string[], databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const env = password ? { ...process.env, PGPASSWORD: password } : process.env;
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...args, `--dbname=${url.toString()}`], {
      env,
      stdio: ['ignore', 'inherit', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) return resolve();
      reject(new BackupError(`${path.basename(tool)} failed (exit code ${code}):\n${stderr.trim()}`));
    });
  });
}

async function majorVersion(tool: string): Promise<number> {
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(tool, ['--version'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.on('error', reject);
    child.on('close', () => resolve(text));
  });
  return Number(/(\d+)(\.\d+)?/.exec(output)?.[1] ?? 0);
}

async function serverMajorVersion(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version_num: string }>('show server_version_num');
    return Math.floor(Number(rows[0]?.server_version_num) / 10_000);
  } finally {
    await client.end();
  }
}

/** A pg_dump custom-format archive, which pg_restore reads (and can restore selectively). */
export async function backupPostgres(databaseUrl: string, file: string) {
  const pgDump = findPgTool('pg_dump');
  const [toolMajor, serverMajor] = [await majorVersion(pgDump), await serverMajorVersion(databaseUrl)];
  // pg_dump refuses newer servers anyway; this says which tools to install.
  if (toolMajor < serverMajor)
    throw new BackupError(
      `${pgDump} is PostgreSQL ${toolMajor}, the server is PostgreSQL ${serverMajor}: install the client tools ${serverMajor} or newer (Debian: apt-get install postgresql-client-${serverMajor}).`,
    );
  await rm(`${file}.part`, { force: true });
  await runPgTool(pgDump, ['--format=custom', `--file=${file}.part`], databaseUrl);
  await rename(`${file}.part`, file);
}

/**
 * Replaces the database's objects with the archive's in one transaction: if anything fails,
 * the database is left as it was. Owners and grants are not restored, so a dump can move to
 * a server where the app connects as another role.
 */
export async function restorePostgres(file: string, databaseUrl: string) {
  const pgRestore = findPgTool('pg_restore');
  await runPgTool(
    pgRestore,
    ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--single-transaction', file],
    databaseUrl,
  );
}
