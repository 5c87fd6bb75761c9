import { MantineProvider, createTheme } from '@mantine/core';
import type { TFunction } from 'i18next';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { type ReactNode, StrictMode, Suspense, lazy, useMemo } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { ApiError, notifyError, setGatedHandler, setUnauthorizedHandler } from '../lib/api/client.ts';
import { currentLanguage, i18n } from '../lib/i18n/index.ts';
import { createAppRouter } from './router.tsx';
import { calendarDayProps } from '../components/forms/calendar-keys.ts';
import { namedPill } from '../components/forms/named-pill.tsx';

/**
 * The theme, in the user's language: the date pickers' month and year arrows get their names
 * from our catalogue (Mantine leaves them unnamed), set once here for every picker in the app.
 */
function createAppTheme(t: TFunction) {
  const ariaLabels = {
    previousMonth: t('datePicker.previousMonth'),
    nextMonth: t('datePicker.nextMonth'),
    previousYear: t('datePicker.previousYear'),
    nextYear: t('datePicker.nextYear'),
    previousDecade: t('datePicker.previousDecade'),
    nextDecade: t('datePicker.nextDecade'),
    monthLevelControl: t('datePicker.chooseMonth'),
    yearLevelControl: t('datePicker.chooseYear'),
  };
  return createTheme({
    primaryColor: 'violet',
    defaultRadius: 'md',
    // Every component's settings are plain objects, not Component.extend(): extend would import
    // the component (a MultiSelect brings the whole combobox) into the first page's JavaScript.
    components: {
      // A badge always shows its whole word ('Confirmed', 'Подтверждено'): it never shrinks into
      // an ellipsis in a narrow column; the column grows or the row wraps instead.
      Badge: {
        styles: { root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } },
      },
      MultiSelect: { defaultProps: { renderPill: namedPill(t) } },
      // Picking a day with the keyboard: arrows cross months, and Enter leaves focus on the field
      // (the popover returns it) instead of dropping it on the page.
      DatePickerInput: {
        defaultProps: {
          ariaLabels,
          getDayProps: calendarDayProps,
          popoverProps: { returnFocus: true },
        },
      },
    },
  });
}

/** Mantine with the theme of the current language (it changes when the user switches). */
function ThemedMantine({ children }: { children: ReactNode }) {
  // react-i18next hands out a new `t` when the language changes: the theme follows it.
  const { t } = useTranslation();
  const theme = useMemo(() => createAppTheme(t), [t]);
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto">
      {children}
    </MantineProvider>
  );
}

// Failed loads and saves always reach the user; a lost session sends them to sign in.
const queryClient = new QueryClient({
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
const router = createAppRouter(queryClient);
setUnauthorizedHandler(() => {
  queryClient.setQueryData(['me'], null);
  if (!router.state.location.pathname.startsWith('/login'))
    void router.navigate({ to: '/login', search: { redirect: router.state.location.href } });
});
setGatedHandler(() => void queryClient.invalidateQueries({ queryKey: ['me'] }));
document.documentElement.lang = currentLanguage();

// Asked for at once, not when first drawn: a notification shown meanwhile waits in its store,
// and a dialog waits for its host (lib/dialogs.ts).
const overlaysChunk = import('./shell/Overlays.tsx');
const Overlays = lazy(() => overlaysChunk);

/** The providers every screen relies on, around the router. */
export const App = () => (
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <ThemedMantine>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
          <Suspense fallback={null}>
            <Overlays />
          </Suspense>
        </QueryClientProvider>
      </ThemedMantine>
    </I18nextProvider>
  </StrictMode>
);

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: { handlesErrors?: boolean };
  }
}
