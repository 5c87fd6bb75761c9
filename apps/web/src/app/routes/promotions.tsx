import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { tableSearchSchema } from '../../components/table/table-search.ts';
import { RequireAccess } from '../shell/RequireAccess.tsx';
import type { NavEntry } from '../shell/nav.ts';
import { shellRoute } from './layout.tsx';

const PromotionsPage = lazyRouteComponent(
  () => import('../../features/promotions/components/PromotionsPage.tsx'),
  'PromotionsPage',
);

/** Promotions (staff and admins): the table's state in the URL. */
const promotionsRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/preffy/promotion',
  validateSearch: tableSearchSchema,
  component: () => (
    <RequireAccess access="staff">
      <PromotionsPage />
    </RequireAccess>
  ),
});

export const promotionsRoutes = { shell: [promotionsRoute] } as const;

export const promotionsNav = {
  promotions: {
    to: '/preffy/promotion',
    label: 'promotions:nav.promotions',
    icon: 'speakerphone',
    access: 'staff',
    order: 120,
  },
} satisfies Record<string, NavEntry>;
