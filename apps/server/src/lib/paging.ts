import {
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
  SqliteAdapter,
  type StringReference,
  sql,
} from 'kysely';
import { SQLITE_SEARCH_INDEXES } from '../db/search-indexes.ts';

/** Paging helpers for repositories; the paged query and answer schemas live in @preffy/api. */
const offsetOf = (q: { page: number; pageSize: number }) => (q.page - 1) * q.pageSize;

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
export const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The right side of `like` for a search: lower case, wildcards escaped, with the ESCAPE clause
 * (SQLite has no default escape character; PostgreSQL's is the same backslash).
 */
export const searchPattern = (search: string): RawBuilder<string> =>
  sql<string>`${likePattern(search.toLowerCase())} escape '\\'`;

/** A list's search: any of the columns contains the text, ignoring case and LIKE wildcards. */
export function matchesSearch<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  columns: readonly StringReference<DB, TB>[],
  search: string,
): Expression<SqlBool> {
  const pattern = searchPattern(search);
  return eb.or(columns.map((column) => eb(eb.fn('lower', [column]), 'like', pattern)));
}

/**
 * The search of a table that has a trigram index on SQLite (migration 0021, decision 0068): the
 * index's columns contain the text. On SQLite, a text of three characters or more first takes the
 * index's candidate rows (a trigram phrase), which the same `like` as everywhere then confirms, so
 * the answer is exactly matchesSearch's; PostgreSQL's pg_trgm indexes serve the `like` itself.
 */
export function matchesIndexedSearch<DB, TB extends keyof DB>(
  db: Kysely<DB>,
  eb: ExpressionBuilder<DB, TB>,
  table: (typeof SQLITE_SEARCH_INDEXES)[number]['table'],
  search: string,
): Expression<SqlBool> {
  const { index, columns } = SQLITE_SEARCH_INDEXES.find((i) => i.table === table)!;
  const like = matchesSearch(eb, columns as unknown as StringReference<DB, TB>[], search);
  // The text as the `like` has it: lower-casing can lengthen it ('İ' is 'i' and a dot), and a
  // phrase of the raw text would then miss rows the `like` finds.
  const text = search.toLowerCase();
  if (!(db.getExecutor().adapter instanceof SqliteAdapter) || [...text].length < 3) return like;
  const phrase = `"${text.replaceAll('"', '""')}"`;
  const candidates = sql<SqlBool>`${sql.raw(table)}.rowid in (select rowid from ${sql.raw(index)} where ${sql.raw(index)} match ${phrase})`;
  return eb.and([candidates, like]);
}

/** `select(totalCount)`: the row count of a filtered query, for `paged`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table: the count needs no column
const totalCount = (eb: ExpressionBuilder<any, any>) => eb.fn.countAll<number>().as('total');

/**
 * One page of a list and the total, the two queries run together. `base` is the filtered query;
 * `rows` selects and sorts it (the window, limit and offset, is applied here); the total counts
 * `base`, unless `total` gives it already (a precomputed tally, decision 0043; a leaderboard's
 * last rank, decision 0078). `toItem` turns a row into what the API answers.
 */
export async function paged<DB, TB extends keyof DB, O, R, T = R>(
  q: { page: number; pageSize: number },
  base: SelectQueryBuilder<DB, TB, O>,
  rows: (filtered: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, R>,
  toItem?: ((row: R) => T) | null,
  total?: Promise<number> | null,
): Promise<{ items: T[]; total: number }> {
  const [items, counted] = await Promise.all([
    rows(base).limit(q.pageSize).offset(offsetOf(q)).execute(),
    total ??
      base
        .select(totalCount)
        .executeTakeFirstOrThrow()
        // Kysely cannot name the selected columns of a generic table; this one is certain.
        .then((row) => Number((row as unknown as { total: number | string | bigint }).total)),
  ]);
  const found = items as R[];
  return { items: toItem ? found.map(toItem) : (found as unknown as T[]), total: counted };
}
