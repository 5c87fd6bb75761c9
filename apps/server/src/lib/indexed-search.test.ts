import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { seedLargeDataSet } from '../dev/large-data-set.ts';
import { matchesIndexedSearch, matchesSearch } from './paging.ts';
import { SQLITE_SEARCH_INDEXES } from '../db/search-indexes.ts';

/**
 * The trigram indexes of migration 0021 only narrow a search down (decision 0068): whatever the
 * writes to the indexed columns (inserts, updates, deletes) and whatever the text (case, LIKE
 * wildcards, quotes, accents, shorter than a trigram), an indexed search finds exactly what the
 * plain `like` finds. On PostgreSQL both are the same `like`.
 */
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
  await seedLargeDataSet(app.db, app.dialect, { scale: 0.0005, baseDay: Date.parse('2026-11-24T00:00:00Z') });
});
afterAll(() => app.close());

const text = fc.string({
  unit: fc.constantFrom('a', 'B', 'n', 'E', 'o', '1', '%', '_', '"', '\\', ' ', '@', 'é', 'É', 'İ', 'i̇'),
  minLength: 1,
  maxLength: 8,
});

async function winnerIds(search: string, indexed: boolean) {
  const rows = await app.db
    .selectFrom('winners')
    .select('id')
    .where((eb) =>
      indexed ? matchesIndexedSearch(app.db, eb, 'winners', search) : matchesSearch(eb, ['email'], search),
    )
    .execute();
  return rows.map((r) => r.id).sort();
}
async function competitionIds(search: string, indexed: boolean) {
  const rows = await app.db
    .selectFrom('competitions')
    .select('id')
    .where((eb) =>
      indexed
        ? matchesIndexedSearch(app.db, eb, 'competitions', search)
        : matchesSearch(eb, ['name', 'organizer'], search),
    )
    .execute();
  return rows.map((r) => r.id).sort();
}

it('an indexed search finds exactly what the plain search finds, after any writes', async () => {
  const winners = (await app.db.selectFrom('winners').select('id').execute()).map((r) => r.id);
  const competitions = (await app.db.selectFrom('competitions').select('id').execute()).map((r) => r.id);
  // Text that lower-casing lengthens: 'İstanbul' is searched as 'i̇stanbul' (i and a combining dot).
  await app.db
    .updateTable('winners')
    .set({ email: 'i̇stanbul@x.test' })
    .where('id', '=', winners[0]!)
    .execute();
  await app.db
    .updateTable('competitions')
    .set({ name: 'İstanbul nights' })
    .where('id', '=', competitions[0]!)
    .execute();
  expect(await winnerIds('İstanbul', true)).toEqual([winners[0]]);
  const write = fc.oneof(
    fc.record({ kind: fc.constant('email' as const), at: fc.nat(), value: text }),
    fc.record({ kind: fc.constant('reinsert' as const), at: fc.nat() }),
    fc.record({ kind: fc.constant('name' as const), at: fc.nat(), value: text, organizer: text }),
  );
  await fc.assert(
    fc.asyncProperty(
      fc.array(write, { maxLength: 6 }),
      fc.array(text, { minLength: 1, maxLength: 4 }),
      async (writes, searches) => {
        for (const w of writes) {
          if (w.kind === 'email') {
            const id = winners[w.at % winners.length]!;
            await app.db
              .updateTable('winners')
              .set({ email: `${w.value}@x.test` })
              .where('id', '=', id)
              .execute();
          } else if (w.kind === 'reinsert') {
            // Deleted and inserted again: the index forgets the row, then learns it anew.
            const id = winners[w.at % winners.length]!;
            const row = await app.db
              .selectFrom('winners')
              .selectAll()
              .where('id', '=', id)
              .executeTakeFirstOrThrow();
            await app.db.deleteFrom('winners').where('id', '=', id).execute();
            await app.db.insertInto('winners').values(row).execute();
          } else {
            const id = competitions[w.at % competitions.length]!;
            await app.db
              .updateTable('competitions')
              .set({ name: w.value, organizer: w.organizer })
              .where('id', '=', id)
              .execute();
          }
        }
        // The index agrees with its table (FTS5's own check throws when it does not).
        if (app.dialect === 'sqlite')
          for (const { index } of SQLITE_SEARCH_INDEXES)
            await sql
              .raw(`insert into ${index}(${index}, rank) values ('integrity-check', 1)`)
              .execute(app.db);
        for (const search of [...searches, 'bench', '@x.test', 'İstanbul']) {
          expect(await winnerIds(search, true)).toEqual(await winnerIds(search, false));
          expect(await competitionIds(search, true)).toEqual(await competitionIds(search, false));
        }
      },
    ),
    { numRuns: 40 },
  );
});

it('a search of three characters or more reads the trigram index on SQLite', async () => {
  const query = app.db
    .selectFrom('winners')
    .select('id')
    .where((eb) => matchesIndexedSearch(app.db, eb, 'winners', 'winner12'))
    .compile();
  const expected = app.dialect === 'sqlite' ? /winners_search match/ : /^((?!match).)*$/s;
  expect(query.sql).toMatch(expected);
});

it('the database has a trigram index on every column the search reads it for', async () => {
  const expected = SQLITE_SEARCH_INDEXES.map((i) => ({ table: i.table, columns: [...i.columns] }));
  if (app.dialect === 'sqlite') {
    // One FTS5 table per searched table (migration 0021), over the same columns.
    const tables = await sql<{ name: string; sql: string }>`
      select name, sql from sqlite_master where sql like 'create virtual table%fts5%' order by name desc`.execute(
      app.db,
    );
    expect(tables.rows.map((t) => t.name)).toEqual(SQLITE_SEARCH_INDEXES.map((i) => i.index));
    expect(
      tables.rows.map((t) => ({
        table: /content='([^']+)'/.exec(t.sql)?.[1],
        columns: /fts5\(([^)]*?),\s*content=/
          .exec(t.sql)?.[1]
          ?.split(',')
          .map((c) => c.trim()),
      })),
    ).toEqual(expected);
  } else {
    // pg_trgm's GIN index on each searched column (migration 0018).
    for (const { table, columns } of expected)
      for (const column of columns) {
        const { rows } = await sql<{ indexdef: string }>`
          select indexdef from pg_indexes where tablename = ${table} and indexdef like '%gin_trgm_ops%'`.execute(
          app.db,
        );
        expect(
          rows.some((r) => r.indexdef.includes(`lower(${column})`)),
          `${table}.${column}`,
        ).toBe(true);
      }
  }
});
