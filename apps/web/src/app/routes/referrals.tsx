import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { tableSearchSchema } from '../../components/table/table-search.ts';
import { handleSearch, shellRoute } from './layout.tsx';

const ReferralsPage = lazyRouteComponent(
  () => import('../../features/referrals/components/ReferralsPage.tsx'),
  'ReferralsPage',
);

/** The referral screens: the Referral view's creator email, the reset table's creator and its state. */
const referralsRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/preffy/referrals',
  validateSearch: tableSearchSchema.extend({
    id: z.string().optional().catch(undefined),
    email: z.string().trim().min(1).max(254).optional().catch(undefined),
    creator: handleSearch,
  }),
  component: function Referrals() {
    const { id, email, creator } = referralsRoute.useSearch();
    const navigate = referralsRoute.useNavigate();
    return (
      <ReferralsPage
        id={id}
        email={email}
        creator={creator}
        onChange={(next) => void navigate({ search: { id, ...next }, replace: true })}
      />
    );
  },
});

export const referralsRoutes = { shell: [referralsRoute] } as const;
