import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { RequireAccess } from '../shell/RequireAccess.tsx';
import type { NavEntry } from '../shell/nav.ts';
import { idSearch, shellRoute } from './layout.tsx';

const FinishPage = lazyRouteComponent(
  () => import('../../features/finish/components/FinishPage.tsx'),
  'FinishPage',
);

/** The finish wizard (staff and admins): the competition in the URL, its state on the server. */
const finishRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/preffy/finish',
  validateSearch: idSearch,
  component: function Finish() {
    const { id } = finishRoute.useSearch();
    const navigate = finishRoute.useNavigate();
    return (
      <RequireAccess access="staff">
        <FinishPage id={id} onCompetitionChange={(next) => void navigate({ search: { id: next } })} />
      </RequireAccess>
    );
  },
});

export const finishRoutes = { shell: [finishRoute] } as const;

export const finishNav = {
  finish: { to: '/preffy/finish', label: 'finish:nav.finish', icon: 'flagCheck', access: 'staff', order: 50 },
} satisfies Record<string, NavEntry>;
