import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { analyticsSearchSchema } from '../../features/analytics/analytics-search.ts';
import { RequireAccess } from '../shell/RequireAccess.tsx';
import type { NavEntry } from '../shell/nav.ts';
import { shellRoute } from './layout.tsx';

const AnalyticsPage = lazyRouteComponent(
  () => import('../../features/analytics/components/AnalyticsPage.tsx'),
  'AnalyticsPage',
);

/** Analytics (staff and admins): the period in the URL. */
const analyticsRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/preffy/analytics',
  validateSearch: analyticsSearchSchema,
  component: function AnalyticsScreen() {
    const search = analyticsRoute.useSearch();
    const navigate = analyticsRoute.useNavigate();
    return (
      <RequireAccess access="staff">
        <AnalyticsPage search={search} onSearchChange={(next) => void navigate({ search: next })} />
      </RequireAccess>
    );
  },
});

export const analyticsRoutes = { shell: [analyticsRoute] } as const;

export const analyticsNav = {
  analytics: {
    to: '/preffy/analytics',
    label: 'analytics:nav.analytics',
    icon: 'chartBar',
    access: 'staff',
    order: 90,
  },
} satisfies Record<string, NavEntry>;
