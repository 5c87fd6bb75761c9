import './lib/zod-jitless.ts';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import 'mantine-datatable/styles.css';
import './styles.css';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, queryClient, router } from './app/App.tsx';
import { currentLanguage, languageReady } from './lib/i18n/index.ts';
import { takeEarlyInput } from './lib/early-input.ts';
import type { QuerySeed } from './prerender/page-html.ts';

const root = document.getElementById('root')!;

// The user's language is loaded first, so the first screen is never drawn in English. A page the
// build prerendered (prerender-pages.ts) is hydrated once its screen has loaded, if it was drawn
// in the user's language; otherwise (a language chosen here, not the browser's) it is redrawn.
void languageReady.then(async () => {
  if (root.dataset.prerendered && root.dataset.prerendered === currentLanguage()) {
    // The data the server drew the page from (the public competition page, a signed-in page),
    // as it drew it. A signed-in page's counts as fresh for a while, so its table does not ask
    // again the moment it hydrates (and cover itself with its loading overlay meanwhile).
    const seed = document.getElementById('app-seed')?.textContent;
    for (const { queryKey, data, freshMs } of seed ? (JSON.parse(seed) as QuerySeed[]) : []) {
      queryClient.setQueryData(queryKey, data);
      if (freshMs) queryClient.setQueryDefaults(queryKey, { staleTime: freshMs });
    }
    await router.load();
    // The router then draws what it drew in the build (without its client-only Suspense around
    // the routes), as it does for a page a server rendered.
    router.ssr = { manifest: undefined };
    takeEarlyInput(root);
    // As a transition, hydration yields to the browser every few milliseconds instead of holding
    // the main thread for the whole page: a tap meanwhile is answered (Lighthouse's blocking time).
    startTransition(() => {
      hydrateRoot(root, <App />);
    });
  } else {
    // Redrawn: fields typed into are replaced, but forms from now on go to the app.
    takeEarlyInput(root);
    createRoot(root).render(<App />);
  }
});
