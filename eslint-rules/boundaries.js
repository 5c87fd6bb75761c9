import path from 'node:path';

/**
 * The import boundaries of the layout (decision 0090). Both apps are organised by area: the web
 * app's features and the server's modules sit side by side, and what several need lives below
 * them. These rules read relative imports only: packages are reached by name and are shared.
 */

/** Every import form that names another file. */
const importSources = (check) => ({
  ImportDeclaration: check,
  ImportExpression: check,
  ExportNamedDeclaration: check,
  ExportAllDeclaration: check,
});

const resolved = (context, node) => {
  const source = node.source?.value;
  if (typeof source !== 'string' || !source.startsWith('.')) return null;
  return path.resolve(path.dirname(context.filename), source);
};

/**
 * Web (issue 12): a feature may import shared code (app-wide `components/`, `lib/`) and itself,
 * never another feature; what two features share moves to `lib/` or `components/`. Only `app/`
 * (router, shell, route files) puts features together.
 */
export const featureBoundaries = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const featureOf = (file) => /apps\/web\/src\/features\/([^/]+)\//.exec(file)?.[1];
    const own = featureOf(context.filename);
    return importSources((node) => {
      const target = own && resolved(context, node);
      const other = target && featureOf(target + '/');
      if (other && other !== own)
        context.report({
          node: node.source,
          message: `Feature '${own}' imports feature '${other}'; move what both need to lib/ or components/.`,
        });
    });
  },
};

const SERVER = /apps\/server\/src\//;
const areaOf = (file) => /apps\/server\/src\/modules\/([^/]+)\//.exec(file)?.[1];
const isLowerLayer = (file) => /apps\/server\/src\/(lib|plugins|config|db)\//.test(file);

/**
 * Server (issue 37): an area reaches another area only through that area's `index.ts` (its
 * manifest and the functions it offers), and the infrastructure below the areas (`lib/`,
 * `plugins/`, `config/`, `db/`) imports no area at all: what it needs from one is passed in by
 * app.ts. Tests may reach inside an area to set up what they check.
 */
export const areaBoundaries = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const file = context.filename;
    if (!SERVER.test(file)) return {};
    const own = areaOf(file);
    const lower = isLowerLayer(file);
    return importSources((node) => {
      const target = resolved(context, node);
      if (!target) return;
      const other = areaOf(target + '/');
      if (!other && !/apps\/server\/src\/modules\/index\.ts$/.test(target)) return;
      if (lower)
        context.report({
          node: node.source,
          message: `${path.basename(file)} is infrastructure and imports the areas; let app.ts pass in what it needs.`,
        });
      else if (other && other !== own && path.basename(target) !== 'index.ts')
        context.report({
          node: node.source,
          message: `Area '${own ?? 'app'}' reaches inside area '${other}'; import from modules/${other}/index.ts.`,
        });
    });
  },
};
