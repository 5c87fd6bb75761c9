import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AREAS } from './index.ts';

const MODULES = import.meta.dirname;

/** Every non-test source file of an area folder. */
function sourcesOf(area: string): string[] {
  return readdirSync(path.join(MODULES, area), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.ts$/.test(file) && !/\.test\.ts$/.test(file))
    .map((file) => path.join(MODULES, area, file));
}

/** Every folder under modules/: the areas, and the folders beside them no area declares (backup, spa). */
const moduleFolders = () =>
  readdirSync(MODULES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** The areas each area imports (relative imports that land in another area's folder). */
function areaGraph(): Map<string, Set<string>> {
  const areas = moduleFolders();
  const graph = new Map(areas.map((area) => [area, new Set<string>()]));
  for (const area of areas)
    for (const file of sourcesOf(area))
      for (const [, spec] of readFileSync(file, 'utf8').matchAll(/from\s+'(\.[^']+)'/g)) {
        const target = path.relative(MODULES, path.resolve(path.dirname(file), spec!)).split(path.sep)[0]!;
        if (target !== area && graph.has(target)) graph.get(area)!.add(target);
      }
  return graph;
}

/** A cycle through `start`, if the graph has one (depth-first). */
function cycleThrough(graph: Map<string, Set<string>>, start: string): string[] | null {
  const walk = (node: string, trail: string[]): string[] | null => {
    for (const next of graph.get(node) ?? []) {
      if (next === start) return [...trail, next];
      if (!trail.includes(next)) {
        const found = walk(next, [...trail, next]);
        if (found) return found;
      }
    }
    return null;
  };
  return walk(start, [start]);
}

/** Tables below the areas: the job runner's, the idempotency keys', the limits' and the instances' heartbeats (plugins/). */
const INFRASTRUCTURE_TABLES = ['jobs', 'jobTasks', 'idempotencyKeys', 'limitCounters', 'instances'];

/** The tables a source declares in a DB interface (db/schema.ts's, or one an area merges into it). */
const tablesIn = (source: string) =>
  [...source.matchAll(/interface DB \{([^}]*)\}/g)].flatMap((db) =>
    [...db[1]!.matchAll(/^\s*(\w+):/gm)].map((match) => match[1]!),
  );

/** Every table of the schema: db/schema.ts's DB interface and what areas merge into it. */
const schemaTables = () =>
  [path.join(MODULES, '../db/schema.ts'), ...AREAS.flatMap((area) => sourcesOf(area.name))].flatMap((file) =>
    tablesIn(readFileSync(file, 'utf8')),
  );

/** Each table an area's code writes: query-builder writes and the versioned-write helpers. */
function writesOf(area: string): { table: string; file: string }[] {
  const writes = [];
  for (const file of sourcesOf(area)) {
    const source = readFileSync(file, 'utf8');
    const patterns = [
      /\.(?:insertInto|updateTable|deleteFrom)\(\s*'(\w+)/g,
      /\b(?:updateVersioned|overwriteVersioned|softDelete|writeImported)\(\s*[\w.]+\s*,\s*'(\w+)'/g,
    ];
    for (const pattern of patterns)
      for (const [, table] of source.matchAll(pattern))
        writes.push({ table: table!, file: path.relative(MODULES, file) });
  }
  return writes;
}

/**
 * Each write outside a repository file, as 'file writes table': a workflow calls its area's
 * repository, so every statement that changes a table has one home. The demo seeder is the
 * exception, as for the tables an area owns.
 */
const writesOutsideRepositories = () => [
  ...new Set(
    moduleFolders()
      .filter((folder) => folder !== 'demo')
      .flatMap((folder) => writesOf(folder))
      .filter(({ file }) => !file.endsWith('.repository.ts'))
      .map(({ table, file }) => `${file} writes ${table}`),
  ),
];

describe('areas', () => {
  it('import each other without a cycle', () => {
    const graph = areaGraph();
    const cycles = [...graph.keys()].map((area) => cycleThrough(graph, area)).filter(Boolean);
    expect(cycles.map((cycle) => cycle!.join(' → '))).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
    ]);
    expect(cycleThrough(graph, 'a')).toEqual(['a', 'b', 'c', 'a']);
    graph.get('c')!.delete('a');
    expect(cycleThrough(graph, 'a')).toBeNull();
  });

  it('each have one name and own each table once', () => {
    const names = AREAS.map((area) => area.name);
    expect(new Set(names).size).toBe(names.length);
    const owners = AREAS.flatMap((area) =>
      Object.keys(area.owns ?? {}).map((table) => `${table}:${area.name}`),
    );
    const tables = owners.map((owner) => owner.split(':')[0]);
    expect(tables.filter((table, i) => tables.indexOf(table) !== i)).toEqual([]);
  });

  it('count a table an area declares in its own folder as a table of the schema', () => {
    const merged =
      "declare module '../../db/schema.ts' {\n  interface DB {\n    things: ThingsTable;\n  }\n}";
    expect(tablesIn(merged)).toEqual(['things']);
    expect(schemaTables()).toEqual(expect.arrayContaining(['users', 'posts', 'winners']));
  });

  it('own every table of the schema between them', () => {
    const owned = AREAS.flatMap((area) => Object.keys(area.owns ?? {}));
    expect(schemaTables().filter((table) => ![...owned, ...INFRASTRUCTURE_TABLES].includes(table))).toEqual(
      [],
    );
  });

  it('write only the tables they own', () => {
    const strays = AREAS.filter((area) => area.name !== 'demo') // the demo seeder fills every table
      .flatMap((area) =>
        writesOf(area.name)
          .filter(({ table }) => !(table in (area.owns ?? {})) && !INFRASTRUCTURE_TABLES.includes(table))
          .map(({ table, file }) => `${file} writes ${table}`),
      );
    expect(strays).toEqual([]);
  });

  it('write tables only in their repository files', () => {
    expect(writesOutsideRepositories()).toEqual([]);
  });

  it('finds the writes it checks', () => {
    // The scan would pass an area that writes nothing it can read: it must see these.
    expect(writesOf('posts').map((write) => write.table)).toContain('posts');
    expect(writesOf('auth').map((write) => write.table)).toEqual(
      expect.arrayContaining(['users', 'sessions']),
    );
  });

  it('are each declared in a folder of their name', () => {
    for (const area of AREAS) expect(readdirSync(path.join(MODULES, area.name))).toContain('index.ts');
  });
});
