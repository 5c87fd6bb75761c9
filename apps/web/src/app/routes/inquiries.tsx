import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { Suspense, lazy } from 'react';
import { z } from 'zod';
import { tableSearchSchema } from '../../components/table/table-search.ts';
import { RequireAccess } from '../shell/RequireAccess.tsx';
import type { NavEntry } from '../shell/nav.ts';
import { idSearch, rootRoute, shellRoute } from './layout.tsx';

const InquireForm = lazyRouteComponent(
  () => import('../../features/inquiries/components/InquireForm.tsx'),
  'InquireForm',
);
const InquiriesPage = lazyRouteComponent(
  () => import('../../features/inquiries/components/InquiriesPage.tsx'),
  'InquiriesPage',
);
const InquiryPage = lazyRouteComponent(
  () => import('../../features/inquiries/components/InquiryPage.tsx'),
  'InquiryPage',
);
// The calendar's form, which the inquiry page opens: features do not import each other.
const ReserveDateModal = lazy(() =>
  import('../../features/calendar/components/ReserveDateModal.tsx').then((m) => ({
    default: m.ReserveDateModal,
  })),
);

/** The public contact form artists and labels fill in (embeddable, no sign-in). */
const inquireRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/inquire',
  component: InquireForm,
});

/** The inquiry inbox (staff and admins): the status and the table's state in the URL. */
const inquiriesRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/inquiries',
  validateSearch: tableSearchSchema.extend({
    status: z.string().max(50).optional().catch(undefined),
    mine: z.boolean().optional().catch(undefined),
  }),
  component: function Inquiries() {
    const { status } = inquiriesRoute.useSearch();
    return (
      <RequireAccess access="staff">
        <InquiriesPage status={status} />
      </RequireAccess>
    );
  },
});

/** One inquiry (staff and admins). */
const inquiryRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/contacts-profile',
  validateSearch: idSearch,
  component: function Inquiry() {
    const { id } = inquiryRoute.useSearch();
    return (
      <RequireAccess access="staff">
        <InquiryPage
          id={id}
          reserveDate={({ prefill, onReserved, onClose }) => (
            <Suspense fallback={null}>
              <ReserveDateModal
                day={null}
                prefill={prefill}
                onReserved={(competition) => onReserved(competition.id)}
                onClose={onClose}
              />
            </Suspense>
          )}
        />
      </RequireAccess>
    );
  },
});

export const inquiriesRoutes = { public: [inquireRoute], shell: [inquiriesRoute, inquiryRoute] } as const;

export const inquiriesNav = {
  inquiries: { to: '/inquiries', label: 'inquiries:nav.inquiries', icon: 'messages', access: 'staff', order: 110 },
} satisfies Record<string, NavEntry>;
