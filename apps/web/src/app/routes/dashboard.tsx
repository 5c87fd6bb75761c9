import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { dashboardSearchSchema } from '../../features/dashboard/dashboard-search.ts';
import type { NavEntry } from '../shell/nav.ts';
import { shellRoute } from './layout.tsx';

const DashboardPage = lazyRouteComponent(
  () => import('../../features/dashboard/components/DashboardPage.tsx'),
  'DashboardPage',
);

/** The dashboard, where sign-in lands: the chart, its days and the table's page in the URL. */
const dashboardRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/dashboard',
  validateSearch: dashboardSearchSchema,
  component: function Dashboard() {
    const search = dashboardRoute.useSearch();
    const navigate = dashboardRoute.useNavigate();
    return (
      <DashboardPage
        search={search}
        onSearchChange={(next) => void navigate({ search: next, replace: true })}
      />
    );
  },
});

export const dashboardRoutes = { shell: [dashboardRoute] } as const;

export const dashboardNav = {
  dashboard: { to: '/dashboard', label: 'dashboard:nav.dashboard', icon: 'dashboard', access: 'signed-in', order: 10 },
} satisfies Record<string, NavEntry>;
