import { type Kysely, SqliteAdapter, sql } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Natural order for lists sorted by text (issue 17: creator2 before creator10). PostgreSQL gets
 * natural_key(text), the same key as the domain's naturalSortKey (lower-cased, digit runs padded
 * to 12 digits, longer runs kept whole); SQLite gets it as a function registered on each
 * connection (database.ts), since SQLite has no SQL functions of its own.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  await sql`
    create or replace function natural_key(t text) returns text
    language sql immutable parallel safe as $$
      select coalesce(string_agg(
        case when part[1] ~ '^[0-9]' then lpad(part[1], greatest(12, length(part[1])), '0') else part[1] end,
        '' order by position), '')
      from regexp_matches(lower(coalesce(t, '')), '([0-9]+|[^0-9]+)', 'g') with ordinality as parts(part, position)
    $$`.execute(db);
}
