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

/** The areas each area imports (relative imports that land in another area's folder). */
function areaGraph(): Map<string, Set<string>> {
  const areas = readdirSync(MODULES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
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

  it('are each declared in a folder of their name', () => {
    for (const area of AREAS) expect(readdirSync(path.join(MODULES, area.name))).toContain('index.ts');
  });
});
