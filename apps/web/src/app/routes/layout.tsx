import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  lazyRouteComponent,
  redirect,
} from '@tanstack/react-router';
import { z } from 'zod';
import { NotFoundPage, ServerErrorPage } from '../../components/StatusPages.tsx';
import { tableSearchSchema } from '../../components/table/table-search.ts';
import { catalogueReady } from '../../lib/i18n/index.ts';
import { meQuery } from '../../lib/session.ts';
import { RootLayout } from '../shell/PageTitleAndFocus.tsx';
import { RequireAccess } from '../shell/RequireAccess.tsx';
import { SessionGate } from '../shell/SessionGate.tsx';

/** The routes every page hangs from, and the search params several areas read alike. */

const AppLayout = lazyRouteComponent(() => import('../shell/AppLayout.tsx'), 'AppLayout');

export const rootRoute = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  // A loader runs beside the routes' own work (the session): English arrives in the meantime.
  loader: catalogueReady,
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: ServerErrorPage,
});

/** Everything below needs a session; without one the user signs in and comes back. */
export const signedInRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'signed-in',
  beforeLoad: async ({ context, location }) => {
    const me = await context.queryClient.ensureQueryData(meQuery);
    if (!me) throw redirect({ to: '/login', search: { redirect: location.href } });
  },
  component: SessionGate,
});

/** The signed-in pages inside the app's layout (top bar, sidebar). */
export const shellRoute = createRoute({
  getParentRoute: () => signedInRoute,
  id: 'shell',
  component: AppLayout,
});

export const idSearch = z.object({ id: z.string().optional().catch(undefined) });

/** A creator's handle in the URL (the manual posts page, the referral reset table). */
export const handleSearch = z.string().trim().min(1).max(200).optional().catch(undefined);

/** Admin-only screens (each a table: its page, size, search and sort in the URL): other roles get
 * the no-access page (and 403 from the API). */
export function adminRoute<P extends string>(path: P, Page: (props: object) => React.ReactNode) {
  return createRoute({
    getParentRoute: () => shellRoute,
    path,
    validateSearch: idSearch.extend(tableSearchSchema.shape),
    component: () => (
      <RequireAccess access="admin">
        <Page />
      </RequireAccess>
    ),
  });
}
