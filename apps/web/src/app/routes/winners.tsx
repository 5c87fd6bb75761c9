import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { tableSearchSchema } from '../../components/table/table-search.ts';
import { RequireAccess } from '../shell/RequireAccess.tsx';
import type { NavEntry } from '../shell/nav.ts';
import { shellRoute } from './layout.tsx';

const WinnersPage = lazyRouteComponent(
  () => import('../../features/winners/components/WinnersPage.tsx'),
  'WinnersPage',
);

/** The winners directory (staff and admins): the table's state in the URL. */
const winnersRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/preffy/winners',
  validateSearch: tableSearchSchema,
  component: () => (
    <RequireAccess access="staff">
      <WinnersPage />
    </RequireAccess>
  ),
});

export const winnersRoutes = { shell: [winnersRoute] } as const;

export const winnersNav = {
  winners: { to: '/preffy/winners', label: 'winners:nav.winners', icon: 'trophy', access: 'staff', order: 80 },
} satisfies Record<string, NavEntry>;
