import { LANGUAGES, type Language } from './account.ts';
import { PAGE_PATHS } from './page-paths.gen.ts';

/**
 * The web app's pages (PAGE_PATHS, written from the route files by `npm run area-lists`). The
 * server answers any other page address with HTTP 404 (the app still shows its Not found screen),
 * so browsers, crawlers and link checkers see a missing page as missing. A web test checks that
 * the router declares exactly these.
 */
export { PAGE_PATHS };

const patterns = PAGE_PATHS.map((page) => page.split('/').filter(Boolean));

/** Whether a path (no query) is one of the app's pages; a trailing slash is the same page. */
export function isPagePath(pathname: string): boolean {
  const segments = pathname.split('/').filter(Boolean);
  return patterns.some(
    (pattern) =>
      pattern.length === segments.length &&
      pattern.every((part, i) => part.startsWith('$') || part === segments[i]),
  );
}

/**
 * Signed-in pages the server draws with the user's own data on a full page load (decision 0072),
 * so the first screen arrives drawn instead of after the app's JavaScript and its requests. Only
 * pages whose first screen depends on nothing but what the server knows (the account, the
 * business time zone, the address), not on the browser (its time zone, its width, its storage).
 */
export const SERVER_DRAWN_PAGES = ['/preffy/view'] as const satisfies readonly (typeof PAGE_PATHS)[number][];

/** Whether a path (no query) is a signed-in page the server draws; a trailing slash is the same. */
export const isServerDrawnPage = (pathname: string): boolean =>
  (SERVER_DRAWN_PAGES as readonly string[]).includes(pathname.replace(/(.)\/$/, '$1'));

/**
 * Pages the build writes as HTML in every language (apps/web/prerender-pages.ts), each with the
 * query parameters that leave its first screen as written (any other, such as the sign-in page's
 * `link=invalid`, changes it). The server sends one of these instead of the empty app page.
 */
export const PRERENDERED_PAGES = {
  '/login': ['redirect', 'signedOut'],
  '/forgot-password': [],
} as const satisfies Record<string, readonly string[]>;
export type PrerenderedPage = keyof typeof PRERENDERED_PAGES;

/** Where the build writes a prerendered page, under the web build's folder. */
export const prerenderedFile = (page: PrerenderedPage, language: string) =>
  `prerendered/${page.slice(1)}.${language}.html`;

/** The prerendered page for an address, if its first screen is the one the build wrote. */
export function prerenderedPageFor(url: string): PrerenderedPage | undefined {
  // Read as a path on this server: '//x' would otherwise be taken for a host.
  const { pathname, searchParams } = new URL(`http://local${url.startsWith('/') ? '' : '/'}${url}`);
  if (!Object.hasOwn(PRERENDERED_PAGES, pathname)) return undefined;
  const page = pathname as PrerenderedPage;
  let same = true;
  searchParams.forEach((_value, key) => {
    if (!(PRERENDERED_PAGES[page] as readonly string[]).includes(key)) same = false;
  });
  return same ? page : undefined;
}

/**
 * The language a prerendered page is sent in: the browser's first language when the app has it,
 * as the web app chooses when nothing is stored (apps/web/src/lib/i18n), else English.
 */
export function prerenderedLanguageFor(acceptLanguage: string | undefined): Language {
  const first = acceptLanguage?.split(',')[0]?.trim().slice(0, 2).toLowerCase();
  return LANGUAGES.find((language) => language === first) ?? 'en';
}
