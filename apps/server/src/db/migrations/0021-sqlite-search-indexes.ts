import { type Kysely, SqliteAdapter, sql } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Substring search on SQLite (issue 18, decision 0068), what pg_trgm does on PostgreSQL (0018):
 * `lower(column) like '%text%'` reads every row, 20 ms for the 100,000 winners' addresses. An
 * FTS5 table with the trigram tokenizer indexes the searched columns of the two big searched
 * tables; a search of three characters or more first asks it for the candidate rows
 * (matchesIndexedSearch in lib/paging.ts). It stores no copy of the text (external content, keyed by the table's rowid),
 * and the triggers keep it in the change's transaction. The app never VACUUMs (which may renumber
 * rowids); backups copy pages as they are.
 */
// As created here; what the app searches through is db/search-indexes.ts.
const SQLITE_SEARCH_INDEXES = [
  { index: 'winners_search', table: 'winners', columns: ['email'] },
  { index: 'competitions_search', table: 'competitions', columns: ['name', 'organizer'] },
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
  for (const { index, table, columns } of SQLITE_SEARCH_INDEXES) {
    const list = columns.join(', ');
    const of = (row: string) => columns.map((c) => `${row}.${c}`).join(', ');
    const statements = [
      `create virtual table ${index} using fts5(${list}, content='${table}', content_rowid='rowid', tokenize='trigram')`,
      `insert into ${index}(${index}) values ('rebuild')`,
      `create trigger ${index}_insert after insert on ${table} begin
         insert into ${index}(rowid, ${list}) values (new.rowid, ${of('new')});
       end`,
      `create trigger ${index}_delete after delete on ${table} begin
         insert into ${index}(${index}, rowid, ${list}) values ('delete', old.rowid, ${of('old')});
       end`,
      `create trigger ${index}_update after update of ${list} on ${table} begin
         insert into ${index}(${index}, rowid, ${list}) values ('delete', old.rowid, ${of('old')});
         insert into ${index}(rowid, ${list}) values (new.rowid, ${of('new')});
       end`,
    ];
    for (const statement of statements) await sql.raw(statement).execute(db);
  }
}
