import { AsyncLocalStorage } from 'node:async_hooks';
import type { PublicCompetition } from '@preffy/api';
import { type Query, QueryClient, skipToken } from '@tanstack/react-query';
import { prerenderToNodeStream } from 'react-dom/static';
import { AppProviders } from './app/AppProviders.tsx';
import { createAppRouter } from './app/router.tsx';
import { publicCompetitionQuery } from './features/public/api/public.ts';
import { type Language, ensureLanguage, i18n } from './lib/i18n/index.ts';
import { type DrawnPage, type QuerySeed, pageHtml } from './prerender/page-html.ts';
import { setHtmlParser } from './lib/rich-text.tsx';
import { parseHtml } from './prerender/parse-html.ts';
import { type ApiTransport, setApiTransport } from './lib/api/client.ts';
import { meQuery } from './lib/session.ts';

export { pageHtml };
export type { DrawnPage };

// No DOMParser here: stored rich text is read with htmlparser2 instead.
setHtmlParser(parseHtml);

// One screen at a time: the language is i18next's one global setting.
let queue: Promise<unknown> = Promise.resolve();
/**
 * After this long the next screen is drawn even if the one before has not finished: one that
 * never ends must not hold every later page (the server has long since sent the plain page).
 */
const STALL_MS = 10_000;

function inQueue<T>(draw: () => Promise<T>): Promise<T> {
  const drawn = queue.then(draw);
  const stalled = new Promise((resolve) => setTimeout(resolve, STALL_MS).unref());
  queue = Promise.race([drawn, stalled]).catch(() => undefined);
  return drawn;
}

/** Draws a screen whose data is in the client: the HTML React writes once all of it is ready. */
async function draw(router: ReturnType<typeof createAppRouter>, queryClient: QueryClient) {
  // Waits for the screen's own lazy chunk too (renderToString would leave it to the browser).
  const { prelude } = await prerenderToNodeStream(<AppProviders router={router} queryClient={queryClient} />);
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

// Each signed-in draw asks the API as its own user: the transport is the draw's own, found
// through the async context (a stalled draw can never use a later draw's user).
const drawTransport = new AsyncLocalStorage<ApiTransport>();
setApiTransport((url, init) => {
  const transport = drawTransport.getStore();
  if (!transport) return Promise.reject(new Error('No API on the server outside a signed-in draw'));
  return transport(url, init);
});

/**
 * A page as a visitor without a session first sees it, in one language, drawn from the given
 * queries' data: the build writes the sign-in pages (prerender-pages.ts) and the server draws
 * the public competition page per request (spa.ts); the browser then hydrates it (main.tsx).
 * The tree is the browser's own (AppProviders), so the two agree.
 */
export function prerender(path: string, language: Language, seed: QuerySeed[] = []): Promise<string> {
  return inQueue(async () => {
    await drawIn(language);
    const queryClient = new QueryClient();
    for (const { queryKey, data } of seed) queryClient.setQueryData(queryKey, data);
    const router = createAppRouter(queryClient, path);
    await router.load();
    return draw(router, queryClient);
  });
}

async function drawIn(language: Language) {
  await ensureLanguage('en');
  await ensureLanguage(language);
  await i18n.changeLanguage(language);
}

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
): Promise<DrawnPage | null> {
  return inQueue(() =>
    drawTransport.run(transport, async () => {
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
            .map((query) => ({ queryKey: query.queryKey, data: query.state.data }));
          return { language, body, seed };
        }
        if (drawn === MAX_DRAWS) return null;
        // A failed query leaves the page to the browser (checked on the next drawing).
        await Promise.all(toFetch.map((query) => query.fetch().catch(() => undefined)));
      }
    }),
  );
}

/** The public competition page (/c/:id) of a competition, as its visitors first see it. */
export async function publicCompetitionPage(
  competition: PublicCompetition,
  language: Language,
): Promise<DrawnPage> {
  const seed = [{ queryKey: publicCompetitionQuery(competition.id).queryKey, data: competition }];
  const body = await prerender(`/c/${competition.id}`, language, seed);
  // The title the page gives itself: the song and the artist.
  return { language, body, seed, title: `${competition.name} – ${competition.organizer}` };
}
