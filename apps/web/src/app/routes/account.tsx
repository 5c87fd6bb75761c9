import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { shellRoute } from './layout.tsx';

const ProfilePage = lazyRouteComponent(
  () => import('../../features/account/components/ProfilePage.tsx'),
  'ProfilePage',
);

/** The signed-in user's own profile, password, two-step verification and lock screen delay. */
const profileRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/profile',
  component: ProfilePage,
});

export const accountRoutes = { shell: [profileRoute] } as const;
