import { existsSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type BackupTarget, BackupError, backupTarget, describeTarget, hasData } from './backup-target.ts';
import { backupPostgres, restorePostgres } from './postgres-backup.ts';
import { backupSqlite, restoreSqlite } from './sqlite-backup.ts';

/** `npm run backup -- FILE`: answers what it did, in a sentence for the terminal. */
export async function backup(file: string, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const target = backupTarget(env);
  if (target.kind === 'sqlite') {
    if (!existsSync(target.path)) throw new BackupError(`There is no database at ${target.path} to back up.`);
    if (path.resolve(file) === target.path)
      throw new BackupError('The backup file cannot be the database itself.');
    await backupSqlite(target.path, file);
  } else {
    await backupPostgres(target.url, file);
  }
  return `Backed up ${describeTarget(target)} to ${file}.\n${imagesNote(target)}`;
}

/** `npm run restore -- FILE [--force]`: never replaces data by accident. */
export async function restore(
  file: string,
  options: { force: boolean },
  env: NodeJS.ProcessEnv = process.env,
): Promise<string> {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist.`);
  const target = backupTarget(env);
  const signature = await firstBytes(file, 16);
  if (target.kind === 'sqlite' && signature.startsWith('PGDMP'))
    throw new BackupError(`${file} is a PostgreSQL archive: set DATABASE_URL to restore it into PostgreSQL.`);
  if (target.kind === 'postgres' && !signature.startsWith('PGDMP'))
    throw new BackupError(
      signature === 'SQLite format 3\0'
        ? `${file} is a SQLite backup: unset DATABASE_URL (and set DATA_DIR) to restore it.`
        : `${file} is not a pg_dump archive made by npm run backup.`,
    );
  if (!options.force && (await hasData(target)))
    throw new BackupError(
      `${describeTarget(target)} is not empty (it has users or competitions). ` +
        'Restoring replaces all of its data: run again with --force to do that.',
    );
  if (target.kind === 'sqlite') await restoreSqlite(file, target.path);
  else await restorePostgres(file, target.url);
  return `Restored ${file} into ${describeTarget(target)}.\n${imagesNote(target)}`;
}

/**
 * Images on disk or in a bucket are files, not rows (decision 0017): the database backup does
 * not carry them. Images in the database (decision 0118) are rows like any other.
 */
function imagesNote(target: BackupTarget) {
  if (target.imagesDir)
    return `Uploaded images are not in this file: copy ${target.imagesDir} along with it.`;
  return target.imageStore === 'database'
    ? 'Uploaded images are in the database, so in this file too.'
    : 'Uploaded images are in the S3 bucket, not in this file.';
}

async function firstBytes(file: string, count: number) {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(count), 0, count, 0);
    return buffer.toString('latin1', 0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * The body of both CLIs: one positional FILE (relative to where npm was run) and, for restore,
 * --force. Refusals end with exit code 1 and their message, without a stack trace.
 */
export async function runBackupCli(
  usage: string,
  run: (file: string, options: { force: boolean }) => Promise<string>,
  { acceptsForce = false, argv = process.argv.slice(2) } = {},
) {
  try {
    const { positionals, values } = parseCommandLine(argv, acceptsForce, usage);
    const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]!);
    process.stdout.write(`${await run(file, { force: values.force === true })}\n`);
  } catch (error) {
    console.error(error instanceof BackupError ? error.message : error);
    process.exitCode = 1;
  }
}

function parseCommandLine(argv: string[], acceptsForce: boolean, usage: string) {
  try {
    const parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: acceptsForce ? { force: { type: 'boolean' } } : {},
    });
    if (parsed.positionals.length === 1) return parsed;
  } catch {
    // An unknown option: the usage line says what is accepted.
  }
  throw new BackupError(`Usage: ${usage}`);
}
