import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { rootRoute } from './layout.tsx';

const PublicCompetitionPage = lazyRouteComponent(
  () => import('../../features/public/components/PublicCompetitionPage.tsx'),
  'PublicCompetitionPage',
);

const publicCompetitionRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/c/$id',
  validateSearch: z.object({ ref: z.string().max(50).optional().catch(undefined) }),
  // The page names the tab itself (song – artist), as creators share and bookmark it.
  staticData: { ownTitle: true },
  component: PublicCompetitionPage,
});

export const publicRoutes = { public: [publicCompetitionRoute] } as const;
