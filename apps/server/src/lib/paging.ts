import type { ExpressionBuilder } from 'kysely';

/** Paging helpers for repositories; the paged query and answer schemas live in @preffy/api. */
export const offsetOf = (q: { page: number; pageSize: number }) => (q.page - 1) * q.pageSize;

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
export const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

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
