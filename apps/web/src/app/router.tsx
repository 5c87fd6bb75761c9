import type { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRouter } from '@tanstack/react-router';
import { NotFoundPage } from '../components/StatusPages.tsx';
import { PUBLIC_ROUTES, SHELL_ROUTES, SIGNED_IN_ROUTES } from './route-files.gen.ts';
import { rootRoute, shellRoute, signedInRoute } from './routes/layout.tsx';

/*
 * Each area's routes (and its sidebar entries) live in app/routes/<area>.tsx, named as the
 * feature, the contract and the server module are; route-files.gen.ts lists them (written by
 * `npm run area-lists`) and this file only puts them together. They sit
 * in app/, not in features/<area>/, because a route file hangs from the app's layout routes and
 * may hand one feature's screen to another (the inquiry page gets the calendar's Reserve A Date
 * form), which the feature-boundaries lint rule forbids inside a feature.
 *
 * Every screen loads when first opened (or when a link to it is hovered: defaultPreload), not
 * with the app: the first page downloads the shell and its own screen only (issue 18). The route
 * files keep each screen behind lazyRouteComponent.
 */
const routeTree = rootRoute.addChildren([
  ...PUBLIC_ROUTES,
  signedInRoute.addChildren([...SIGNED_IN_ROUTES, shellRoute.addChildren([...SHELL_ROUTES])]),
]);

/**
 * The app's router. The build's prerender (prerender.tsx) gives the page it draws: the router
 * then stays at that address, and leaves out the inline script with which it would restore a
 * server-drawn page's scroll (the CSP forbids inline scripts; a first page has nothing to restore).
 */
export function createAppRouter(queryClient: QueryClient, prerenderAt?: string) {
  return createRouter({
    routeTree,
    ...(prerenderAt ? { history: createMemoryHistory({ initialEntries: [prerenderAt] }) } : {}),
    context: { queryClient },
    defaultPreload: 'intent',
    defaultNotFoundComponent: NotFoundPage,
    scrollRestoration: !prerenderAt,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The page sets the window's title itself (PageTitleAndFocus leaves it). */
    ownTitle?: boolean;
  }
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
