// The web bundle: what the first page downloads, and the chunks each route loads later.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export type Bundle = { initialKb: number; chunks: { file: string; kb: number }[] };

/** The production build's initial JavaScript (gzip) and every other chunk; null without a build. */
export function measureBundle(root: string): Bundle | null {
  const dist = path.join(root, 'apps/web/dist');
  if (!existsSync(path.join(dist, 'index.html'))) return null;
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const gz = (file: string) => gzipSync(readFileSync(path.join(dist, file))).length / 1024;
  // The entry script and the chunks it preloads: what the first page downloads.
  const initial = [
    ...new Set([...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]!)),
  ];
  const all = readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));
  return {
    initialKb: initial.reduce((sum, f) => sum + gz(f), 0),
    chunks: all
      .filter((f) => !initial.includes(`assets/${f}`))
      .map((f) => ({ file: f, kb: gz(`assets/${f}`) }))
      .sort((a, b) => b.kb - a.kb),
  };
}
