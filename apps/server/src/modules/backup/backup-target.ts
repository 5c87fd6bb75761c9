import { existsSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { type ImageStore, loadConfig } from '../../config/env.ts';

/** The database the app uses, found the way the server finds it (DATABASE_URL or DATA_DIR). */
export type BackupTarget =
  | { kind: 'sqlite'; path: string; imageStore: ImageStore; imagesDir: string | null }
  | { kind: 'postgres'; url: string; imageStore: ImageStore; imagesDir: string | null };

/** A refusal the user can act on: the CLIs print its message, without a stack trace. */
export class BackupError extends Error {}

export function backupTarget(env: NodeJS.ProcessEnv): BackupTarget {
  // A placeholder secret: without one, loadConfig would write a new cookie secret into DATA_DIR.
  const config = loadConfig({ COOKIE_SECRET: 'backup-and-restore-do-not-sign-cookies', ...env });
  const imageStore = config.storage.kind;
  const imagesDir = imageStore === 'disk' ? `${config.dataDir}/images` : null;
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl, imageStore, imagesDir }
    : { kind: 'sqlite', path: config.sqlitePath, imageStore, imagesDir };
}

export function describeTarget(target: BackupTarget) {
  if (target.kind === 'sqlite') return `the SQLite database ${target.path}`;
  const url = new URL(target.url);
  return `the PostgreSQL database ${url.pathname.slice(1)} on ${url.host}`;
}

/** The tables whose rows make a database worth protecting from an accidental restore. */
const PRECIOUS_TABLES = ['users', 'competitions'];

export async function hasData(target: BackupTarget): Promise<boolean> {
  if (target.kind === 'sqlite') {
    if (!existsSync(target.path)) return false;
    const db = new SQLite(target.path, { readonly: true });
    try {
      return PRECIOUS_TABLES.some((table) => {
        const exists = db.prepare("select 1 from sqlite_master where type = 'table' and name = ?").get(table);
        return exists !== undefined && db.prepare(`select 1 from ${table} limit 1`).get() !== undefined;
      });
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    for (const table of PRECIOUS_TABLES) {
      const { rows } = await client.query<{ regclass: string | null }>('select to_regclass($1) as regclass', [
        table,
      ]);
      if (rows[0]?.regclass && (await client.query(`select 1 from ${table} limit 1`)).rowCount) return true;
    }
    return false;
  } finally {
    await client.end();
  }
}
