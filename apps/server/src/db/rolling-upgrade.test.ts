import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIRST_ROLLING_MIGRATION, rollingUpgradeProblems } from './rolling-upgrade.ts';

const MIGRATIONS = path.join(import.meta.dirname, 'migrations');

describe('migrations during a rolling restart', () => {
  it('leave the previous release working: nothing dropped, renamed or changed, new columns optional', () => {
    const problems = readdirSync(MIGRATIONS)
      .filter((file) => file >= FIRST_ROLLING_MIGRATION && file.endsWith('.ts'))
      .flatMap((file) =>
        rollingUpgradeProblems(readFileSync(path.join(MIGRATIONS, file), 'utf8')).map((p) => `${file}: ${p}`),
      );
    expect(problems).toEqual([]);
  });

  it('are refused when they would break it', () => {
    const addRequired =
      "await db.schema.alterTable('posts').addColumn('x', 'text', (c) => c.notNull()).execute();";
    expect(rollingUpgradeProblems(addRequired)).toEqual(['adds a NOT NULL column without a default']);
    expect(
      rollingUpgradeProblems(
        "await db.schema.alterTable('posts').addColumn('x', 'integer', (c) => c.notNull().defaultTo(0)).execute();",
      ),
    ).toEqual([]);
    expect(
      rollingUpgradeProblems("await db.schema.alterTable('posts').dropColumn('views').execute();"),
    ).toEqual(['drops a column']);
    expect(
      rollingUpgradeProblems("await db.schema.alterTable('posts').renameColumn('a', 'b').execute();"),
    ).toEqual(['renames a column']);
    expect(rollingUpgradeProblems('await sql`alter table posts drop column views`.execute(db);')).toEqual([
      'drops a table or column in SQL',
    ]);
    expect(
      rollingUpgradeProblems(
        "// Contract step: 2027.2 no longer reads posts.views.\nawait db.schema.alterTable('posts').dropColumn('views').execute();",
      ),
    ).toEqual([]);
  });
});
