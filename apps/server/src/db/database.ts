import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, Migrator, PostgresDialect, SqliteDialect, type Migration } from 'kysely';
import pg from 'pg';
import * as initial from './migrations/0001-initial.ts';
import * as calendar from './migrations/0002-calendar.ts';
import * as posts from './migrations/0003-posts.ts';
import * as idempotencyKeys from './migrations/0004-idempotency-keys.ts';
import * as jobTaskSubjects from './migrations/0005-job-task-subjects.ts';
import * as postReview from './migrations/0006-post-review.ts';
import * as finish from './migrations/0007-finish.ts';
import * as inquiries from './migrations/0008-inquiries.ts';
import * as inquiryOptions from './migrations/0009-inquiry-options.ts';
import * as reportShares from './migrations/0010-report-shares.ts';
import * as dashboardIndexes from './migrations/0011-dashboard-indexes.ts';
import * as analyticsIndexes from './migrations/0012-analytics-indexes.ts';
import * as account from './migrations/0013-account.ts';
import * as naturalSort from './migrations/0014-natural-sort.ts';
import * as twoStep from './migrations/0015-two-step.ts';
import * as tallies from './migrations/0016-tallies.ts';
import * as listIndexes from './migrations/0017-list-indexes.ts';
import * as trigramSearch from './migrations/0018-trigram-search.ts';
import * as postDays from './migrations/0019-post-days.ts';
import * as calendarIndexes from './migrations/0020-calendar-indexes.ts';
import * as sqliteSearchIndexes from './migrations/0021-sqlite-search-indexes.ts';
import * as competitionNameOrder from './migrations/0022-competition-name-order.ts';
import * as payoutFilesBatchIndex from './migrations/0023-payout-files-batch-index.ts';
import * as viewsKind from './migrations/0024-views-kind.ts';
import * as duplicateAttempts from './migrations/0025-duplicate-attempts.ts';
import * as finishReasons from './migrations/0026-finish-reasons.ts';
import * as postsChangedIndex from './migrations/0027-posts-changed-index.ts';
import * as refreshFailures from './migrations/0029-refresh-failures.ts';
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

/** Migrations in order; a new one is added here and never edited once released. */
export const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-calendar': calendar,
  '0003-posts': posts,
  '0004-idempotency-keys': idempotencyKeys,
  '0005-job-task-subjects': jobTaskSubjects,
  '0006-post-review': postReview,
  '0007-finish': finish,
  '0008-inquiries': inquiries,
  '0009-inquiry-options': inquiryOptions,
  '0010-report-shares': reportShares,
  '0011-dashboard-indexes': dashboardIndexes,
  '0012-analytics-indexes': analyticsIndexes,
  '0013-account': account,
  '0014-natural-sort': naturalSort,
  '0015-two-step': twoStep,
  '0016-tallies': tallies,
  '0017-list-indexes': listIndexes,
  '0018-trigram-search': trigramSearch,
  '0019-post-days': postDays,
  '0020-calendar-indexes': calendarIndexes,
  '0021-sqlite-search-indexes': sqliteSearchIndexes,
  '0022-competition-name-order': competitionNameOrder,
  '0023-payout-files-batch-index': payoutFilesBatchIndex,
  '0024-views-kind': viewsKind,
  '0025-duplicate-attempts': duplicateAttempts,
  '0026-finish-reasons': finishReasons,
  '0027-posts-changed-index': postsChangedIndex,
  '0029-refresh-failures': refreshFailures,
};

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
