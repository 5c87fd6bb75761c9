import type { PublicCompetition, PublicStandings } from '@preffy/api';
import { type Query, QueryClient, skipToken } from '@tanstack/react-query';
import { prerenderToNodeStream } from 'react-dom/static';
import { AppProviders } from './app/AppProviders.tsx';
import { createAppRouter } from './app/router.tsx';
import { publicCompetitionQuery, publicStandingsQuery } from './features/public/api/public.ts';
import { type Language, ensureLanguage, i18n } from './lib/i18n/index.ts';
import { type DrawnPage, type QuerySeed, pageHtml } from './prerender/page-html.ts';
import { setHtmlParser } from './lib/rich-text.tsx';
import { parseHtml } from './prerender/parse-html.ts';
import { type ApiTransport, setApiTransport } from './lib/api/client.ts';
import { meQuery } from './lib/session.ts';
import { drawQueue } from './prerender/draw-queue.ts';

export { pageHtml };
export type { DrawnPage };

// No DOMParser here: stored rich text is read with htmlparser2 instead.
setHtmlParser(parseHtml);

// One screen at a time: the language is i18next's one global setting.
const inQueue = drawQueue();

/** Draws a screen whose data is in the client: the HTML React writes once all of it is ready. */
async function draw(router: ReturnType<typeof createAppRouter>, queryClient: QueryClient) {
  // Waits for the screen's own lazy chunk too (renderToString would leave it to the browser).
  const { prelude } = await prerenderToNodeStream(<AppProviders router={router} queryClient={queryClient} />);
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

// Each signed-in drawing asks the API as its own user, through the transport it sets for its
// time (drawings never overlap: draw-queue.ts). Not an AsyncLocalStorage, which on Node 20
// tracks every promise of the whole server.
let drawTransport: ApiTransport | null = null;
setApiTransport((url, init) =>
  drawTransport
    ? drawTransport(url, init)
    : Promise.reject(new Error('No API on the server outside a signed-in drawing')),
);

/**
 * A page as a visitor without a session first sees it, in one language, drawn from the given
 * queries' data: the build writes the sign-in pages (prerender-pages.ts) and the server draws
 * the public competition page per request (spa.ts); the browser then hydrates it (main.tsx).
 * The tree is the browser's own (AppProviders), so the two agree.
 */
export async function prerender(
  path: string,
  language: Language,
  seed: QuerySeed[] = [],
  deadline?: number,
): Promise<string | null> {
  return inQueue(async () => {
    await drawIn(language);
    const queryClient = new QueryClient();
    for (const { queryKey, data } of seed) queryClient.setQueryData(queryKey, data);
    const router = createAppRouter(queryClient, path);
    await router.load();
    return draw(router, queryClient);
  }, deadline);
}

async function drawIn(language: Language) {
  await ensureLanguage('en');
  await ensureLanguage(language);
  await i18n.changeLanguage(language);
}

/**
 * How long the browser counts a signed-in page's data as fresh: the table does not ask for it
 * again the moment it hydrates (and cover itself with its loading overlay meanwhile).
 */
const SEED_FRESH_MS = 30_000;

/** Drawings of a signed-in screen at most: each one asks for the queries the one before showed. */
const MAX_DRAWS = 4;

/** A query the screen asked for and has not got: to be fetched, unless the screen disabled it. */
function waiting(query: Query): boolean {
  if (query.state.status !== 'pending' || query.state.fetchStatus !== 'idle') return false;
  const { enabled, queryFn } = query.options as {
    enabled?: boolean | ((q: Query) => boolean);
    queryFn?: unknown;
  };
  return (
    queryFn !== undefined &&
    queryFn !== skipToken &&
    (typeof enabled === 'function' ? enabled(query) : enabled) !== false
  );
}

/**
 * A signed-in page (SERVER_DRAWN_PAGES) as its user first sees it, with their data (decision
 * 0072). `transport` asks the server's own API as that user. The screen is drawn, the queries it
 * showed as loading are fetched, and it is drawn again, until nothing is left to load. Null when
 * the page is not the user's to see as asked (signed out, locked, sent elsewhere) or any of its
 * queries fails: the browser then draws it, and shows what went wrong as it always does.
 */
export function signedInPage(
  url: string,
  language: Language,
  transport: ApiTransport,
  deadline?: number,
): Promise<DrawnPage | null> {
  const late = () => deadline !== undefined && Date.now() > deadline;
  return inQueue(async () => {
    drawTransport = transport;
    try {
      return await drawSignedIn(url, language, late);
    } finally {
      drawTransport = null;
    }
  }, deadline);
}

async function drawSignedIn(url: string, language: Language, late: () => boolean): Promise<DrawnPage | null> {
  await drawIn(language);
  // Fresh for good: data fetched for one drawing would otherwise be stale in the next, and
  // draw its table as fetching (the browser, given the same data as fresh, would not).
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  const router = createAppRouter(queryClient, url);
  await router.load();
  const me = queryClient.getQueryData(meQuery.queryKey);
  const asked = new URL(url, 'http://local').pathname;
  if (!me || me.account.locked || me.account.twoStep.setupRequired) return null;
  if (
    router.state.location.pathname !== asked ||
    router.state.matches.some((match) => match.status !== 'success')
  )
    return null;
  for (let drawn = 1; ; drawn++) {
    const body = await draw(router, queryClient);
    const queries = queryClient.getQueryCache().getAll();
    if (queries.some((query) => query.state.status === 'error')) return null;
    const toFetch = queries.filter(waiting);
    if (toFetch.length === 0) {
      const seed = queries
        .filter((query) => query.state.status === 'success')
        .map((query) => ({ queryKey: query.queryKey, data: query.state.data, freshMs: SEED_FRESH_MS }));
      return { language, body, seed };
    }
    if (drawn === MAX_DRAWS || late()) return null;
    // A failed query leaves the page to the browser (checked on the next drawing).
    await Promise.all(toFetch.map((query) => query.fetch().catch(() => undefined)));
  }
}

/** The public competition page (/c/:id) of a competition, as its visitors first see it. */
export async function publicCompetitionPage(
  competition: PublicCompetition,
  language: Language,
  deadline?: number,
  standings?: PublicStandings,
): Promise<DrawnPage | null> {
  const seed: QuerySeed[] = [
    { queryKey: publicCompetitionQuery(competition.id).queryKey, data: competition },
  ];
  // Its standings' first page, drawn with it (the page creators share, issue 43).
  if (standings) seed.push({ queryKey: publicStandingsQuery(competition.id).queryKey, data: standings });
  const body = await prerender(`/c/${competition.id}`, language, seed, deadline);
  // The title the page gives itself: the song and the artist.
  return body === null
    ? null
    : { language, body, seed, title: `${competition.name} – ${competition.organizer}` };
}

// The screens the server draws per request are part of this bundle, loaded with it once the
// server is ready, not lazy chunks loaded by the first visitor's drawing (which must finish in
// the server's time limit).
export { CompetitionsPage } from './features/competitions/components/CompetitionsPage.tsx';
export { PublicCompetitionPage } from './features/public/components/PublicCompetitionPage.tsx';
