import { sql } from 'kysely';
import type { Database, Dialect } from '../db/database.ts';
import type { DB } from '../db/schema.ts';

/** The database's name for a column or table (the CamelCasePlugin's snake_case). */
const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * Inserts many rows fast, for generated data sets (seed:large): each batch goes to the database
 * as one JSON parameter, read by the database's own JSON functions (SQLite `json_each`,
 * PostgreSQL `json_populate_recordset`), so a batch of thousands of rows is one short statement
 * rather than thousands of placeholders. The columns are those of the first row.
 */
export async function bulkInsert<T extends keyof DB>(
  db: Database,
  dialect: Dialect,
  table: T,
  rows: readonly Record<string, unknown>[],
) {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!);
  // Keyed by the database's column names.
  const json = JSON.stringify(
    rows.map((row) => Object.fromEntries(columns.map((c) => [snake(c), row[c] ?? null]))),
  );
  const target = sql.table(snake(table));
  const names = sql.join(columns.map((c) => sql.ref(snake(c))));
  if (dialect === 'postgres') {
    await sql`insert into ${target} (${names}) select ${names} from json_populate_recordset(null::${target}, ${json}::json)`.execute(
      db.withoutPlugins(),
    );
    return;
  }
  const values = sql.join(columns.map((c) => sql`value ->> ${`$.${snake(c)}`}`));
  await sql`insert into ${target} (${names}) select ${values} from json_each(${json})`.execute(
    db.withoutPlugins(),
  );
}
