/**
 * What a migration may do so that, during a rolling restart, the instances still on the previous
 * release keep working on the migrated schema (decision 0122). The first instance of a new release
 * migrates at start; the others run old code against the new schema until they restart too.
 *
 * Allowed: new tables, new indexes, new columns that are nullable or have a default, and data
 * written into them. Refused: dropping or renaming a table or column, changing a column, and a
 * NOT NULL column without a default (the old code's inserts would fail). Removing what old code
 * reads is a later "contract" migration, after a release that no longer reads it; such a file
 * says so in a line starting `Contract step:` naming that release.
 */
const REFUSED: [RegExp, string][] = [
  [/\.dropTable\(/, 'drops a table'],
  [/\.dropColumn\(/, 'drops a column'],
  [/\.renameColumn\(/, 'renames a column'],
  [/\.renameTo\(/, 'renames a table'],
  [/\.alterColumn\(/, 'changes a column'],
  [/\bdrop\s+(table|column)\b/i, 'drops a table or column in SQL'],
  [/\brename\s+(to|column)\b/i, 'renames in SQL'],
];

/** The first migration written under this rule; those before it were released one at a time. */
export const FIRST_ROLLING_MIGRATION = '0030';

/** Why a migration's source would break the previous release's instances, if it would. */
export function rollingUpgradeProblems(source: string): string[] {
  if (/Contract step:/.test(source)) return [];
  const problems = REFUSED.filter(([pattern]) => pattern.test(source)).map(([, what]) => what);
  // A new column on an existing table (a new table's columns are only read by the new code).
  for (const statement of source.split(';')) {
    if (/\.alterTable\(/.test(statement) && /\.addColumn\(/.test(statement))
      if (/\.notNull\(\)/.test(statement) && !/\.defaultTo\(/.test(statement))
        problems.push('adds a NOT NULL column without a default');
  }
  return problems;
}
