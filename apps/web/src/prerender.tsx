import { QueryClient } from '@tanstack/react-query';
import { prerenderToNodeStream } from 'react-dom/static';
import { AppProviders } from './app/AppProviders.tsx';
import { createAppRouter } from './app/router.tsx';
import { type Language, ensureLanguage, i18n } from './lib/i18n/index.ts';

/**
 * A page as a visitor without a session first sees it, in one language: the build writes it into
 * the HTML (prerender-pages.ts), so the page is drawn before any JavaScript arrives, and the app
 * then hydrates it (main.tsx). The tree is the browser's own (AppProviders), so the two agree.
 */
export async function prerender(path: string, language: Language): Promise<string> {
  await ensureLanguage('en');
  await ensureLanguage(language);
  await i18n.changeLanguage(language);
  const queryClient = new QueryClient();
  const router = createAppRouter(queryClient, path);
  await router.load();
  // Waits for the screen's own lazy chunk too (renderToString would leave it to the browser).
  const { prelude } = await prerenderToNodeStream(<AppProviders router={router} queryClient={queryClient} />);
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}
