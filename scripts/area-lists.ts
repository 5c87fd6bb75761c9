/**
 * Writes the lists that gather every area's files, so that adding an area touches its own files
 * and one line in the server's AREAS, never a central list by hand (issue 37, decision 0117).
 * TypeScript cannot import a folder, and the router, the i18n types and the contract need static
 * imports to stay typed, so these lists are code written from the folders, like a router's
 * generated route tree:
 *
 * - the contract's index (packages/api/src/index.ts): every contract file;
 * - the pages the server knows (packages/api/src/page-paths.gen.ts): every path of a route file;
 * - the web's route files and sidebar entries (apps/web/src/app/route-files.gen.ts);
 * - the locale namespaces and their key types (apps/web/src/lib/i18n/namespaces.gen.ts);
 * - the database migrations in order (apps/server/src/db/migrations.gen.ts).
 *
 * `npm run area-lists` writes them; `--check` (run by `npm run typecheck`, so by `npm test`)
 * fails naming each list that differs from its folders.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts: string[]) => path.join(ROOT, ...parts);
const HEADER = '// Written by `npm run area-lists` (scripts/area-lists.ts) from the folders; do not edit.';

const filesIn = (folder: string, ending: string) =>
  readdirSync(at(folder))
    .filter((name) => name.endsWith(ending) && !name.endsWith(`.test${ending}`) && !name.includes('.gen.'))
    .sort();

/** `lower-case-words` → `lowerCaseWords`, a file's name as an identifier. */
const camel = (name: string) => name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

function contractIndex(): string {
  const files = filesIn('packages/api/src', '.ts').filter((name) => name !== 'index.ts');
  return [
    HEADER,
    '/**',
    ' * The API contract: every endpoint declared once, imported by the server (routes, validation,',
    ' * OpenAPI) and by the web app (the typed client). One file per area.',
    ' */',
    ...files.map((name) => `export * from './${name}';`),
  ].join('\n');
}

const ROUTE_FILES = 'apps/web/src/app/routes';
const ROUTE_GROUPS = ['public', 'signedIn', 'shell'] as const;

/** A route file's exported `<area>Routes` object, its groups, and whether it has `<area>Nav`. */
function routeFile(name: string) {
  const source = readFileSync(at(ROUTE_FILES, name), 'utf8');
  const area = camel(name.replace(/\.tsx$/, ''));
  const routes = new RegExp(`export const ${area}Routes = \\{([\\s\\S]*?)\\} as const`).exec(source);
  const groups = ROUTE_GROUPS.filter((group) => routes && new RegExp(`\\b${group}:`).test(routes[1]!));
  const nav = new RegExp(`export const ${area}Nav\\b`).test(source);
  return { name, area, groups, nav, source };
}

function routeFiles(): string {
  const files = filesIn(ROUTE_FILES, '.tsx').map(routeFile);
  const imports = files
    .filter((file) => file.groups.length > 0 || file.nav)
    .map((file) => {
      const names = [
        ...(file.groups.length ? [`${file.area}Routes`] : []),
        ...(file.nav ? [`${file.area}Nav`] : []),
      ];
      return `import { ${names.join(', ')} } from './routes/${file.name}';`;
    });
  const group = (name: (typeof ROUTE_GROUPS)[number], what: string) =>
    [
      `/** ${what} */`,
      `export const ${name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}_ROUTES = [`,
      ...files.filter((file) => file.groups.includes(name)).map((file) => `  ...${file.area}Routes.${name},`),
      '] as const;',
    ].join('\n');
  return [
    [HEADER, ...imports].join('\n'),
    group('public', 'Pages anyone may open.'),
    group('signedIn', 'Signed-in pages drawn without the app shell.'),
    group('shell', 'Signed-in pages inside the app shell (sidebar and top bar).'),
    `/** Each area's sidebar entries; the shell orders them by their \`order\`. */\nexport const NAV_AREAS = [${files
      .filter((file) => file.nav)
      .map((file) => `${file.area}Nav`)
      .join(', ')}] as const;`,
  ].join('\n\n');
}

/** Every page path a route file declares: `path: '/…'` or an `adminRoute('/…', …)`. */
function pagePaths(): string {
  const paths = new Set<string>();
  for (const file of filesIn(ROUTE_FILES, '.tsx').map(routeFile)) {
    for (const match of file.source.matchAll(/(?:\bpath:\s*|\badminRoute\(\s*)'(\/[^']*)'/g))
      paths.add(match[1]!);
  }
  return [
    HEADER,
    "/** The web app's pages, as its route files declare them ($name: one path segment). */",
    'export const PAGE_PATHS = [',
    ...[...paths].sort().map((page) => `  '${page}',`),
    '] as const;',
  ].join('\n');
}

const LOCALES = 'apps/web/src/lib/i18n/locales/en';

function namespaces(): string {
  const names = filesIn(LOCALES, '.json').map((name) => name.replace(/\.json$/, ''));
  // `public` is a word TypeScript keeps, so each file's type is imported under `<name>Keys`.
  return [
    HEADER,
    ...names.map((name) => `import type ${name}Keys from './locales/en/${name}.json';`),
    '',
    '/** The locale namespaces: one file per namespace in locales/<language>/. */',
    `export const NAMESPACES = [${names.map((name) => `'${name}'`).join(', ')}] as const;`,
    '',
    "/** Each namespace's keys, from its English file (the reference). */",
    'export interface Resources {',
    ...names.map((name) => `  ${name}: typeof ${name}Keys;`),
    '}',
  ].join('\n');
}

const MIGRATIONS = 'apps/server/src/db/migrations';

function migrations(): string {
  const names = filesIn(MIGRATIONS, '.ts').map((name) => name.replace(/\.ts$/, ''));
  const identifier = (name: string) => `m${camel(name)}`;
  return [
    HEADER,
    "import type { Migration } from 'kysely';",
    ...names.map((name) => `import * as ${identifier(name)} from './migrations/${name}.ts';`),
    '',
    '/** Every migration, in the order of its file name; a released one is never edited. */',
    'export const migrations: Record<string, Migration> = {',
    ...names.map((name) => `  '${name}': ${identifier(name)},`),
    '};',
  ].join('\n');
}

const LISTS: Record<string, () => string> = {
  'packages/api/src/index.ts': contractIndex,
  'packages/api/src/page-paths.gen.ts': pagePaths,
  'apps/web/src/app/route-files.gen.ts': routeFiles,
  'apps/web/src/lib/i18n/namespaces.gen.ts': namespaces,
  'apps/server/src/db/migrations.gen.ts': migrations,
};

async function main() {
  const check = process.argv.includes('--check');
  const stale: string[] = [];
  for (const [file, write] of Object.entries(LISTS)) {
    const options = { ...(await prettier.resolveConfig(at(file))), filepath: at(file) };
    const wanted = await prettier.format(`${write()}\n`, options);
    let current = '';
    try {
      current = readFileSync(at(file), 'utf8');
    } catch {
      // Not written yet.
    }
    if (current === wanted) continue;
    if (check) stale.push(file);
    else writeFileSync(at(file), wanted);
  }
  if (stale.length) {
    console.error(
      `These lists differ from their folders; run \`npm run area-lists\`:\n  ${stale.join('\n  ')}`,
    );
    process.exit(1);
  }
}

await main();
