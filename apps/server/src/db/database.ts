import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { migrations } from './migrations.gen.ts';
import type { DB } from './schema.ts';
import { naturalSortKey } from '@preffy/domain';

export type Database = Kysely<DB>;
export type Dialect = 'sqlite' | 'postgres';

// PostgreSQL returns int8 as a string to protect precision; our int8 columns hold epoch
// milliseconds, which fit a JavaScript number exactly.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/**
 * PostgreSQL connections stay open through a quiet spell (decision 0080): pg's default closes one
 * after 10 s idle, and staff click more slowly than that, so each click paid about 10 ms for new
 * connections (a backend started and signed in). TCP keep-alive probes, the first after a minute,
 * keep a firewall or NAT between them from forgetting an idle connection.
 */
const KEPT_CONNECTIONS = {
  idleTimeoutMillis: 5 * 60_000,
  keepAlive: true,
  keepAliveInitialDelayMillis: 60_000,
};

export function openDatabase(options: { databaseUrl?: string; sqlitePath: string }): {
  db: Database;
  dialect: Dialect;
} {
  const plugins = [new CamelCasePlugin()];
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, ...KEPT_CONNECTIONS });
    // An idle connection the database ends (a restart, a failover, an administrator) is an
    // 'error' on the pool; unheard, it would stop the whole process. The pool opens a new one.
    pool.on('error', (err) => console.error(`PostgreSQL ended an idle connection: ${err.message}`));
    return { db: new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins }), dialect: 'postgres' };
  }
  if (options.sqlitePath !== ':memory:') mkdirSync(path.dirname(options.sqlitePath), { recursive: true });
  const sqlite = new SQLite(options.sqlitePath);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // PostgreSQL has it as an SQL function (migration 0014); the same key, from the domain.
  sqlite.function('natural_key', { deterministic: true }, (text: unknown) =>
    naturalSortKey(typeof text === 'string' ? text : null),
  );
  const stopStatistics = keepStatistics(sqlite);
  const database = withStatementCache(sqlite);
  const close = () => (stopStatistics(), database.close());
  return {
    db: new Kysely<DB>({ dialect: new SqliteDialect({ database: { ...database, close } }), plugins }),
    dialect: 'sqlite',
  };
}

/**
 * SQLite plans from table statistics only once ANALYZE has gathered them; without them it took
 * the index on `deleted` for a search and read 10,000 rows one by one (decision 0067). As SQLite
 * advises for a long-lived connection: `optimize` at opening (every table, with a bounded sample)
 * and then every hour, which re-analyzes only the tables that changed a lot. PostgreSQL's
 * autovacuum does the same on its side.
 */
const OPTIMIZE_EVERY_MS = 60 * 60 * 1000;
function keepStatistics(sqlite: SQLite.Database) {
  sqlite.pragma('optimize = 0x10002');
  const timer = setInterval(() => {
    // Statistics are a hint: a busy or full database skips this hour, it never stops the server.
    try {
      sqlite.pragma('optimize');
    } catch {
      /* tried again next hour */
    }
  }, OPTIMIZE_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Kysely prepares every query anew; preparing costs about as much as running a page's query
 * (issue 18's benchmark). The app sends the same few hundred SQL texts again and again, so each
 * prepared statement is kept (the most recent STATEMENTS) and reused. A statement still being
 * iterated (a streamed query) is busy: that caller gets a fresh one.
 */
const STATEMENTS = 500;
function withStatementCache(sqlite: SQLite.Database) {
  const kept = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      const statement = kept.get(text);
      if (statement && !statement.busy) {
        // Most recently used last: the first key is the one to drop.
        kept.delete(text);
        kept.set(text, statement);
        return statement;
      }
      const fresh = sqlite.prepare(text);
      if (!statement) {
        kept.set(text, fresh);
        if (kept.size > STATEMENTS) kept.delete(kept.keys().next().value!);
      }
      return fresh;
    },
  };
}

export async function migrateToLatest(db: Database): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
