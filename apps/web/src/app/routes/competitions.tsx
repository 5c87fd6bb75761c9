import { COMPETITION_TABS } from '@preffy/api';
import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { z } from 'zod';
import { tableSearchSchema } from '../../components/table/table-search.ts';
import type { NavEntry } from '../shell/nav.ts';
import { idSearch, shellRoute } from './layout.tsx';

const CompetitionsPage = lazyRouteComponent(
  () => import('../../features/competitions/components/CompetitionsPage.tsx'),
  'CompetitionsPage',
);
const StartCompetitionPage = lazyRouteComponent(
  () => import('../../features/competitions/components/StartCompetitionPage.tsx'),
  'StartCompetitionPage',
);
const EditCompetitionPage = lazyRouteComponent(
  () => import('../../features/competitions/components/EditCompetitionPage.tsx'),
  'EditCompetitionPage',
);

/** `/` leads to all competitions, as both documents of the spec say; sign-in lands on the dashboard. */
const indexRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/preffy/view' });
  },
});

const competitionsRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/preffy/view',
  validateSearch: tableSearchSchema.extend({ tab: z.enum(COMPETITION_TABS).optional().catch(undefined) }),
  // Loaded with the route, not when first drawn: a page the server drew hydrates in one go.
  loader: () => CompetitionsPage.preload?.(),
  component: function Competitions() {
    const { tab } = competitionsRoute.useSearch();
    const navigate = competitionsRoute.useNavigate();
    return (
      <CompetitionsPage
        tab={tab ?? 'active'}
        // The search stays when the tab changes (it covers every tab); the page starts over.
        onTabChange={(next) => void navigate({ search: (prev) => ({ ...prev, tab: next, page: undefined }) })}
      />
    );
  },
});
const startCompetitionRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/preffy/add',
  // The hold to start the competition from (the calendar's day modal links here with it).
  validateSearch: z.object({ hold: z.string().max(100).optional().catch(undefined) }),
  component: function StartCompetition() {
    const { hold } = startCompetitionRoute.useSearch();
    return <StartCompetitionPage holdId={hold} />;
  },
});
const editCompetitionRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/edit',
  validateSearch: idSearch,
  component: function EditCompetition() {
    const { id } = editCompetitionRoute.useSearch();
    return <EditCompetitionPage id={id} />;
  },
});

export const competitionsRoutes = {
  shell: [indexRoute, competitionsRoute, startCompetitionRoute, editCompetitionRoute],
} as const;

export const competitionsNav = {
  all: { to: '/preffy/view', label: 'competitions:nav.allCompetitions', icon: 'list', access: 'signed-in', order: 20 },
  add: { to: '/preffy/add', label: 'competitions:nav.add', icon: 'plus', access: 'signed-in', order: 40 },
} satisfies Record<string, NavEntry>;
