// After `vite build`: writes the pages a visitor without a session opens first (sign-in) as HTML,
// in every language, into dist/prerendered/ (the server picks one per request: spa.ts). Their
// scripts wait in a template until public/boot.js starts them, once the page is drawn.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGES, PRERENDERED_PAGES, type PrerenderedPage, prerenderedFile } from '@preffy/api';
import { compressFile } from './precompress.ts';
import type * as PrerenderModule from './src/prerender.tsx';

const dist = path.join(import.meta.dirname, 'dist');
const bundle = path.join(import.meta.dirname, '.prerender', 'prerender.js');
const { prerender } = (await import(bundle)) as typeof PrerenderModule;

const index = readFileSync(path.join(dist, 'index.html'), 'utf8');
const scriptTags = /\s*<(script type="module"[^>]*><\/script|link rel="modulepreload"[^>]*)>/g;
const scripts = [...index.matchAll(scriptTags)].map((m) => `<${m[1]}>`);
if (!scripts.some((tag) => tag.startsWith('<script'))) throw new Error('No entry script in dist/index.html');
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .trim();

mkdirSync(path.join(dist, 'prerendered'), { recursive: true });
for (const page of Object.keys(PRERENDERED_PAGES) as PrerenderedPage[]) {
  for (const language of LANGUAGES) {
    const body = await prerender(page, language);
    // The CSP would block an inline script, and a part React left to the browser would not hydrate.
    if (/<script|data-msg=/.test(body)) throw new Error(`${page} (${language}) did not prerender whole`);
    // The window's title as the app sets it after each move (PageTitleAndFocus).
    const heading = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(body);
    const appName = text(/<title>([^<]*)<\/title>/.exec(index)![1]!);
    const title = heading ? `${text(heading[1]!)} · ${appName}` : appName;
    const html = index
      .replace(scriptTags, '')
      .replace('<html lang="en">', `<html lang="${language}">`)
      .replace(
        /<title>[^<]*<\/title>/,
        `<title>${title.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</title>`,
      )
      .replace('</head>', '  <script src="/boot.js"></script>\n  </head>')
      .replace(
        '<div id="root"></div>',
        `<div id="root" data-prerendered="${language}">${body}</div>\n    <template id="app-scripts">${scripts.join('')}</template>`,
      );
    const file = path.join(dist, prerenderedFile(page, language));
    writeFileSync(file, html);
    compressFile(file);
  }
}
console.log(`Prerendered ${Object.keys(PRERENDERED_PAGES).join(', ')} in ${LANGUAGES.length} languages`);
