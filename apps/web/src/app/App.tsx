import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, notifyError, setGatedHandler, setUnauthorizedHandler } from '../lib/api/client.ts';
import { markAppReady } from '../lib/early-input.ts';
import { currentLanguage } from '../lib/i18n/index.ts';
import { useEffect } from 'react';
import { createAppRouter } from './router.tsx';
import { AppProviders, loadOverlays } from './AppProviders.tsx';

// Failed loads and saves always reach the user; a lost session sends them to sign in.
export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (query.queryKey[0] !== 'me') notifyError(error);
    },
  }),
  mutationCache: new MutationCache({
    onError: (error, _vars, _ctx, mutation) => {
      if (!mutation.options.meta?.handlesErrors) notifyError(error);
    },
  }),
  defaultOptions: {
    queries: {
      retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});
export const router = createAppRouter(queryClient);
setUnauthorizedHandler(() => {
  queryClient.setQueryData(['me'], null);
  if (!router.state.location.pathname.startsWith('/login'))
    void router.navigate({ to: '/login', search: { redirect: router.state.location.href } });
});
setGatedHandler(() => void queryClient.invalidateQueries({ queryKey: ['me'] }));
document.documentElement.lang = currentLanguage();

void loadOverlays();

export const App = () => {
  // After every screen's own effects (the replay of what boot.js held): the app takes over.
  useEffect(markAppReady, []);
  return <AppProviders router={router} queryClient={queryClient} />;
};

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: { handlesErrors?: boolean };
  }
}
