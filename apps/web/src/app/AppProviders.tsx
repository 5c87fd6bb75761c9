import { type CSSVariablesResolver, MantineProvider, createTheme } from '@mantine/core';
import type { TFunction } from 'i18next';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { type ReactNode, StrictMode, Suspense, lazy, useMemo } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '../lib/i18n/index.ts';
import type { AppRouter } from './router.tsx';
import { calendarDayProps } from '../components/forms/calendar-keys.ts';
import { namedPill } from '../components/forms/named-pill.tsx';

const dialogDefaults = (t: TFunction) => ({
  closeButtonProps: { 'aria-label': t('common.close') },
  attributes: { header: { role: 'none' } },
});

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
    // Filled surfaces take black or white text, whichever reaches 4.5:1 (WCAG AA): at a
    // luminance of 0.18 both do, so the switch never leaves a colour short (issue 19).
    autoContrast: true,
    luminanceThreshold: 0.18,
    // The same filled shade in both schemes, so the text chosen for it holds in both.
    primaryShade: { light: 6, dark: 6 },
    // Every component's settings are plain objects, not Component.extend(): extend would import
    // the component (a MultiSelect brings the whole combobox) into the first page's JavaScript.
    components: {
      // A badge always shows its whole word ('Confirmed', 'Подтверждено'): it never shrinks into
      // an ellipsis in a narrow column; the column grows or the row wraps instead.
      Badge: {
        styles: { root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } },
      },
      MultiSelect: { defaultProps: { renderPill: namedPill(t) } },
      // Every dialog's close button says what it does (Mantine leaves it unnamed), and its
      // title bar (a <header>) is no second banner beside the app's own.
      // A table wider than a phone scrolls sideways; a focusable region lets the keyboard scroll
      // it even when its rows hold no link or button (axe: scrollable-region-focusable).
      TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
      Modal: { defaultProps: dialogDefaults(t) },
      Drawer: { defaultProps: dialogDefaults(t) },
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

/**
 * Text colours that reach WCAG AA (4.5:1) on their backgrounds in both schemes (issue 19):
 * Mantine's dimmed grey is 3.3:1 on white and 4.0:1 on dark, its coloured text is shade 6 (light)
 * or 4 (dark), and its light variants (badges, avatars, light buttons) write shade 6 on a tint of
 * it: 2.4–3.8:1 for most colours. Links in dark take the primary colour's shade 2; in light its
 * shade 8: shade 6 is 4.3:1 on a green alert's tint (the completed banner's links), shade 8
 * at least 5.1:1 on every light tint.
 */
const readableColors: CSSVariablesResolver = (theme) => {
  // Coloured text (c="red"), the light variant's text, and the outline variant's text and border.
  const colors = Object.keys(theme.colors);
  const textColors = (shade: (color: string) => string) =>
    Object.fromEntries(
      colors.flatMap((color) =>
        ['text', 'light-color', 'outline'].map((use) => [`--mantine-color-${color}-${use}`, shade(color)]),
      ),
    );
  return {
    variables: {},
    light: {
      '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
      '--mantine-color-anchor': `var(--mantine-color-${theme.primaryColor}-8)`,
      ...textColors((color) => `color-mix(in srgb, var(--mantine-color-${color}-9), black 30%)`),
    },
    dark: {
      '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
      '--mantine-color-anchor': `var(--mantine-color-${theme.primaryColor}-2)`,
      ...textColors((color) => `var(--mantine-color-${color}-2)`),
    },
  };
};

/** Mantine with the theme of the current language (it changes when the user switches). */
function ThemedMantine({ children }: { children: ReactNode }) {
  // react-i18next hands out a new `t` when the language changes: the theme follows it.
  const { t } = useTranslation();
  const theme = useMemo(() => createAppTheme(t), [t]);
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto" cssVariablesResolver={readableColors}>
      {children}
    </MantineProvider>
  );
}

// Asked for by App.tsx as the app starts, not when first drawn: a notification shown meanwhile
// waits in its store, and a dialog waits for its host (lib/dialogs.ts).
export const loadOverlays = () => import('./shell/Overlays.tsx');
const Overlays = lazy(loadOverlays);

/**
 * The providers every screen relies on, around the router. The browser (App.tsx) and the
 * build's prerender (prerender.tsx) draw the same tree, so a prerendered page hydrates.
 */
export const AppProviders = ({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) => (
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
