import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { tableSearchSchema } from '../../components/table/table-search.ts';
import { PAYMENT_TABS } from '../../features/payments/payment-tabs.ts';
import { RequireAccess } from '../shell/RequireAccess.tsx';
import type { NavEntry } from '../shell/nav.ts';
import { shellRoute } from './layout.tsx';

const PaymentsPage = lazyRouteComponent(
  () => import('../../features/payments/components/PaymentsPage.tsx'),
  'PaymentsPage',
);

/** Payments admin (staff and admins): the tab and the table's state in the URL. */
const paymentsRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/preffy/payments',
  validateSearch: tableSearchSchema.extend({ tab: z.enum(PAYMENT_TABS).optional().catch(undefined) }),
  component: function Payments() {
    const { tab } = paymentsRoute.useSearch();
    const navigate = paymentsRoute.useNavigate();
    return (
      <RequireAccess access="staff">
        <PaymentsPage
          tab={tab ?? 'to-be-paid'}
          onTabChange={(next) => void navigate({ search: { tab: next } })}
        />
      </RequireAccess>
    );
  },
});

export const paymentsRoutes = { shell: [paymentsRoute] } as const;

export const paymentsNav = {
  payments: { to: '/preffy/payments', label: 'payments:nav.payments', icon: 'cash', access: 'staff', order: 70 },
} satisfies Record<string, NavEntry>;
