import { type Expression, sql } from 'kysely';

/**
 * What a list orders by: a text column in natural order (creator2 before creator10), any other
 * as it is. natural_key() exists on both databases (migration 0014 on PostgreSQL, a registered
 * function on SQLite) and computes the domain's naturalSortKey.
 */
export function sortExpression<C extends string>(
  column: C,
  textColumns: readonly string[],
): C | Expression<string> {
  return textColumns.includes(column) ? sql<string>`natural_key(${sql.ref(column)})` : column;
}
