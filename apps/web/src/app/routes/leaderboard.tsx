import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { tableSearchSchema } from '../../components/table/table-search.ts';
import { ENTRIES_TABS } from '../../features/leaderboard/entries-tabs.ts';
import { shellRoute } from './layout.tsx';

const EntriesPage = lazyRouteComponent(
  () => import('../../features/leaderboard/components/EntriesPage.tsx'),
  'EntriesPage',
);

const entriesRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/table-update',
  validateSearch: tableSearchSchema.extend({
    id: z.string().optional().catch(undefined),
    tab: z.enum(ENTRIES_TABS).optional().catch(undefined),
    /** Posts: only those whose stats check failed. */
    failed: z.boolean().optional().catch(undefined),
  }),
  component: function Entries() {
    const { id, tab } = entriesRoute.useSearch();
    const navigate = entriesRoute.useNavigate();
    return (
      <EntriesPage
        id={id}
        tab={tab ?? 'posts'}
        onTabChange={(next) => void navigate({ search: { id, tab: next } })}
      />
    );
  },
});

export const leaderboardRoutes = { shell: [entriesRoute] } as const;
