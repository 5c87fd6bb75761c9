import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { signedInRoute } from './layout.tsx';

const ApiDocsPage = lazyRouteComponent(
  () => import('../../features/api-docs/components/ApiDocsPage.tsx'),
  'ApiDocsPage',
);

/** Signed in, outside the app's layout (no top bar, no sidebar). */
const apiDocsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/preffy/api',
  component: ApiDocsPage,
});

export const apiDocsRoutes = { signedIn: [apiDocsRoute] } as const;
