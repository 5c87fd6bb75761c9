import type { PublicCompetition } from '@preffy/api';
import { QueryClient } from '@tanstack/react-query';
import { prerenderToNodeStream } from 'react-dom/static';
import { AppProviders } from './app/AppProviders.tsx';
import { createAppRouter } from './app/router.tsx';
import { publicCompetitionQuery } from './features/public/api/public.ts';
import { type Language, ensureLanguage, i18n } from './lib/i18n/index.ts';
import { type DrawnPage, type QuerySeed, pageHtml } from './prerender/page-html.ts';
import { setHtmlParser } from './lib/rich-text.tsx';
import { parseHtml } from './prerender/parse-html.ts';

export { pageHtml };
export type { DrawnPage };

// No DOMParser here: stored rich text is read with htmlparser2 instead.
setHtmlParser(parseHtml);

// One screen at a time: the language is i18next's one global setting.
let queue: Promise<unknown> = Promise.resolve();

/**
 * A page as a visitor without a session first sees it, in one language, drawn from the given
 * queries' data: the build writes the sign-in pages (prerender-pages.ts) and the server draws
 * the public competition page per request (spa.ts); the browser then hydrates it (main.tsx).
 * The tree is the browser's own (AppProviders), so the two agree.
 */
export function prerender(path: string, language: Language, seed: QuerySeed[] = []): Promise<string> {
  const drawn = queue.then(async () => {
    await ensureLanguage('en');
    await ensureLanguage(language);
    await i18n.changeLanguage(language);
    const queryClient = new QueryClient();
    for (const { queryKey, data } of seed) queryClient.setQueryData(queryKey, data);
    const router = createAppRouter(queryClient, path);
    await router.load();
    // Waits for the screen's own lazy chunk too (renderToString would leave it to the browser).
    const { prelude } = await prerenderToNodeStream(
      <AppProviders router={router} queryClient={queryClient} />,
    );
    let html = '';
    for await (const chunk of prelude) html += String(chunk);
    return html;
  });
  queue = drawn.catch(() => undefined);
  return drawn;
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
