/** Digit runs are padded to this many digits, so '2' sorts before '10' as text. */
const DIGITS = 12;

/**
 * The key lists sort text by: lower-cased, with every run of digits left-padded with zeros, so
 * 'creator2' comes before 'creator10' (natural order). The database computes the same key
 * (SQLite: a registered function; PostgreSQL: the SQL function of migration 0014).
 */
export function naturalSortKey(text: string | null): string {
  return (text ?? '').toLowerCase().replace(/\d+/g, (digits) => digits.padStart(DIGITS, '0'));
}
