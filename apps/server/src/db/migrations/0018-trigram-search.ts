import { type Kysely, SqliteAdapter, sql } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Substring search on PostgreSQL (issue 18, decision 0049): the lists search with
 * `lower(column) like '%text%'`, which no b-tree serves; the winners search scanned 100,000
 * addresses (90 ms). pg_trgm's GIN indexes answer it from trigrams. Only where the server has
 * pg_trgm and the app may add it: without them, searches still work, as before, only slower.
 * SQLite keeps scanning (20 ms for the same search).
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  const { rows } = await sql<{ usable: boolean }>`
    select exists (select 1 from pg_extension where extname = 'pg_trgm')
      or (exists (select 1 from pg_available_extensions where name = 'pg_trgm')
          and has_database_privilege(current_database(), 'CREATE')) as usable`.execute(db);
  if (!rows[0]?.usable) return;
  await sql`create extension if not exists pg_trgm`.execute(db);
  const indexes = [
    ['winners_email_trgm_idx', 'winners', 'email'],
    ['competitions_name_trgm_idx', 'competitions', 'name'],
    ['competitions_organizer_trgm_idx', 'competitions', 'organizer'],
  ] as const;
  for (const [name, table, column] of indexes)
    await sql`create index ${sql.raw(name)} on ${sql.raw(table)} using gin (lower(${sql.raw(column)}) gin_trgm_ops)`.execute(
      db,
    );
}
