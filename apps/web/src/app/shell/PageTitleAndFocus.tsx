import { Outlet, useMatches, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** How long a new page may take to draw its heading (a lazy screen, its first data). */
const HEADING_WAIT_MS = 3000;
const RETRY_MS = 50;

/**
 * After each move to another page (not a change of tab, page or filter in the address), the
 * window's title becomes the page's heading and the app's name, and focus moves to the heading,
 * so a screen reader announces where the user arrived and Tab starts from the page's top
 * (issue 19). The first page keeps the browser's own focus; a page that sets the title itself
 * keeps its own.
 */
function PageTitleAndFocus() {
  const { t } = useTranslation();
  const pathname = useRouterState({ select: (s) => s.resolvedLocation?.pathname ?? s.location.pathname });
  const firstPage = useRef(true);
  const lastHeading = useRef<HTMLElement | null>(null);
  // A page that names the tab itself (the public page: song – artist) keeps its name.
  const ownTitle = useMatches({ select: (matches) => matches.some((m) => m.staticData.ownTitle) });
  useEffect(() => {
    const appName = t('app.name');
    const moveFocus = !firstPage.current;
    firstPage.current = false;
    const deadline = Date.now() + HEADING_WAIT_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const apply = () => {
      const heading =
        document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
      // The page left may still be drawn for a moment: wait for the new page's own heading
      // (one screen serving two addresses keeps its heading: taken at the deadline).
      const waiting = !heading || (heading === lastHeading.current && heading.isConnected);
      if (waiting && Date.now() < deadline) {
        timer = setTimeout(apply, RETRY_MS);
        return;
      }
      lastHeading.current = heading;
      if (!ownTitle) {
        const text = heading?.textContent?.trim();
        document.title = text && text !== appName ? `${text} · ${appName}` : appName;
      }
      if (!heading) return;
      if (!moveFocus) return;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
    };
    apply();
    return () => clearTimeout(timer);
  }, [pathname, t, ownTitle]);
  return null;
}

/** The root of every page: the page, then its title and focus. */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <PageTitleAndFocus />
    </>
  );
}
