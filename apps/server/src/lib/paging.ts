import {
  type Expression,
  type ExpressionBuilder,
  type RawBuilder,
  type SqlBool,
  type StringReference,
  sql,
} from 'kysely';

/** Paging helpers for repositories; the paged query and answer schemas live in @preffy/api. */
export const offsetOf = (q: { page: number; pageSize: number }) => (q.page - 1) * q.pageSize;

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

/** `select(totalCount)`: the row count of a filtered query, for `paged`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table: the count needs no column
export const totalCount = (eb: ExpressionBuilder<any, any>) => eb.fn.countAll<number>().as('total');

/**
 * One page of a list and the total, the two queries run together. `rows` gets the window to
 * apply (limit and offset) to its filtered, sorted query; `count` counts the same filter.
 */
export async function paged<R>(
  q: { page: number; pageSize: number },
  rows: (window: { limit: number; offset: number }) => Promise<R[]>,
  count: () => Promise<{ total: number | string | bigint }>,
): Promise<{ items: R[]; total: number }> {
  const [items, counted] = await Promise.all([rows({ limit: q.pageSize, offset: offsetOf(q) }), count()]);
  return { items, total: Number(counted.total) };
}
