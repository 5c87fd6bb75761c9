/**
 * A prerendered page: the built index.html with the drawn screen inside #root (hydrated by
 * main.tsx), the language and title set, and the app's scripts parked in a template that
 * public/boot.js starts once the page is drawn, so they never delay its first paint.
 */
export type DrawnPage = {
  language: string;
  /** The window's title; the app's name when the screen has no heading. */
  title?: string;
  body: string;
  /** Queries the screen was drawn from, put in the app's cache before it hydrates. */
  seed?: QuerySeed[];
};
/** A query's data as drawn; `freshMs`: how long the browser counts it as fresh (else it asks again). */
export type QuerySeed = { queryKey: readonly unknown[]; data: unknown; freshMs?: number };

const SCRIPT_TAGS = /\s*<(script type="module"[^>]*><\/script|link rel="modulepreload"[^>]*)>/g;

/** Text inside markup, entities decoded (a heading's words for the title). */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .trim();
const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** The title the app gives a page (PageTitleAndFocus): its heading and the app's name. */
export function headingTitle(index: string, body: string): string {
  const appName = textOf(/<title>([^<]*)<\/title>/.exec(index)![1]!);
  const heading = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(body);
  return heading ? `${textOf(heading[1]!)} · ${appName}` : appName;
}

export function pageHtml(index: string, page: DrawnPage): string {
  // The CSP would block an inline script, and a part React left to the browser would not hydrate.
  if (/<script|data-msg=/.test(page.body)) throw new Error('The page did not prerender whole');
  const scripts = [...index.matchAll(SCRIPT_TAGS)].map((m) => `<${m[1]}>`);
  if (!scripts.some((tag) => tag.startsWith('<script'))) throw new Error('No entry script in index.html');
  // JSON in a data block (never run, so the CSP allows it); '<' escaped so no text closes it.
  const seed = page.seed?.length
    ? `\n    <script type="application/json" id="app-seed">${JSON.stringify(page.seed).replace(/</g, '\\u003c')}</script>`
    : '';
  // Replacements by function: a '$' in drawn text ("$&", "$'") would be read as a pattern.
  const put = (html: string, find: string | RegExp, text: string) => html.replace(find, () => text);
  let html = index.replace(SCRIPT_TAGS, '');
  html = put(html, '<html lang="en">', `<html lang="${page.language}">`);
  html = put(
    html,
    /<title>[^<]*<\/title>/,
    `<title>${escapeText(page.title ?? headingTitle(index, page.body))}</title>`,
  );
  html = put(html, '</head>', '  <script src="/boot.js"></script>\n  </head>');
  return put(
    html,
    '<div id="root"></div>',
    `<div id="root" data-prerendered="${page.language}">${page.body}</div>${seed}\n    <template id="app-scripts">${scripts.join('')}</template>`,
  );
}
