// After `vite build`: writes the pages a visitor without a session opens first (sign-in) as HTML,
// in every language, into dist/prerendered/ (the server picks one per request: spa.ts). Their
// scripts wait in a template until public/boot.js starts them, once the page is drawn.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGES, PRERENDERED_PAGES, type PrerenderedPage, prerenderedFile } from '@preffy/api';
import { compressFile } from './precompress.ts';
import type * as PrerenderModule from './src/prerender.tsx';

const dist = path.join(import.meta.dirname, 'dist');
const bundle = path.join(import.meta.dirname, 'dist-server', 'prerender.js');
const { prerender, pageHtml } = (await import(bundle)) as typeof PrerenderModule;
const index = readFileSync(path.join(dist, 'index.html'), 'utf8');

mkdirSync(path.join(dist, 'prerendered'), { recursive: true });
for (const page of Object.keys(PRERENDERED_PAGES) as PrerenderedPage[]) {
  for (const language of LANGUAGES) {
    const file = path.join(dist, prerenderedFile(page, language));
    const body = await prerender(page, language);
    if (body === null) throw new Error(`${page} (${language}) was not drawn`);
    writeFileSync(file, pageHtml(index, { language, body }));
    compressFile(file);
  }
}
console.log(`Prerendered ${Object.keys(PRERENDERED_PAGES).join(', ')} in ${LANGUAGES.length} languages`);
