import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  createMemoryHistory,
  redirect,
} from '@tanstack/react-router';
import { MONTH_PATTERN } from '@preffy/domain';
import { Suspense, lazy } from 'react';
import { z } from 'zod';
import { meQuery } from '../lib/session.ts';
import { RootLayout } from './shell/PageTitleAndFocus.tsx';
import { catalogueReady } from '../lib/i18n/index.ts';
import { ENTRIES_TABS } from '../features/leaderboard/entries-tabs.ts';
import { POSTS_ADMIN_TABS } from '../features/posts/posts-admin-tabs.ts';
import { PAYMENT_TABS } from '../features/payments/payment-tabs.ts';
import { COMPETITION_TABS } from '@preffy/api';
import { SessionGate } from './shell/SessionGate.tsx';
import { RequireAccess } from './shell/RequireAccess.tsx';
import { NotFoundPage, ServerErrorPage } from './shell/StatusPages.tsx';
import { tableSearchSchema } from '../components/table/table-search.ts';
import { analyticsSearchSchema } from '../features/analytics/analytics-search.ts';
import { dashboardSearchSchema } from '../features/dashboard/dashboard-search.ts';

// Every screen loads when first opened (or when a link to it is hovered: defaultPreload), not
// with the app: the first page downloads the shell and its own screen only (issue 18).
const ForgotPasswordPage = lazyRouteComponent(
  () => import('../features/auth/components/ForgotPasswordPage.tsx'),
  'ForgotPasswordPage',
);
const LoginPage = lazyRouteComponent(() => import('../features/auth/components/LoginPage.tsx'), 'LoginPage');
const ResetPasswordPage = lazyRouteComponent(
  () => import('../features/auth/components/ResetPasswordPage.tsx'),
  'ResetPasswordPage',
);
const CalendarPage = lazyRouteComponent(
  () => import('../features/calendar/components/CalendarPage.tsx'),
  'CalendarPage',
);
const CompetitionsPage = lazyRouteComponent(
  () => import('../features/competitions/components/CompetitionsPage.tsx'),
  'CompetitionsPage',
);
const StartCompetitionPage = lazyRouteComponent(
  () => import('../features/competitions/components/StartCompetitionPage.tsx'),
  'StartCompetitionPage',
);
const EmailPage = lazyRouteComponent(() => import('../features/email/components/EmailPage.tsx'), 'EmailPage');
const EntriesPage = lazyRouteComponent(
  () => import('../features/leaderboard/components/EntriesPage.tsx'),
  'EntriesPage',
);
const ManualPostsPage = lazyRouteComponent(
  () => import('../features/posts/components/ManualPostsPage.tsx'),
  'ManualPostsPage',
);
const PostsAdminPage = lazyRouteComponent(
  () => import('../features/posts/components/PostsAdminPage.tsx'),
  'PostsAdminPage',
);
const ReferralsPage = lazyRouteComponent(
  () => import('../features/referrals/components/ReferralsPage.tsx'),
  'ReferralsPage',
);
const PaymentsPage = lazyRouteComponent(
  () => import('../features/payments/components/PaymentsPage.tsx'),
  'PaymentsPage',
);
const PartnerKeysPage = lazyRouteComponent(
  () => import('../features/partners/components/PartnerKeysPage.tsx'),
  'PartnerKeysPage',
);
const ReviewPage = lazyRouteComponent(
  () => import('../features/posts/components/ReviewPage.tsx'),
  'ReviewPage',
);
const ZeroLikesPage = lazyRouteComponent(
  () => import('../features/posts/components/ZeroLikesPage.tsx'),
  'ZeroLikesPage',
);
const OutboxPage = lazyRouteComponent(
  () => import('../features/email/components/OutboxPage.tsx'),
  'OutboxPage',
);
const PublicCompetitionPage = lazyRouteComponent(
  () => import('../features/public/components/PublicCompetitionPage.tsx'),
  'PublicCompetitionPage',
);
const AppLayout = lazyRouteComponent(() => import('./shell/AppLayout.tsx'), 'AppLayout');
const UsersPage = lazyRouteComponent(() => import('../features/users/components/UsersPage.tsx'), 'UsersPage');
const WinnersPage = lazyRouteComponent(
  () => import('../features/winners/components/WinnersPage.tsx'),
  'WinnersPage',
);
const FinishPage = lazyRouteComponent(
  () => import('../features/finish/components/FinishPage.tsx'),
  'FinishPage',
);
const PromotionsPage = lazyRouteComponent(
  () => import('../features/promotions/components/PromotionsPage.tsx'),
  'PromotionsPage',
);
const InquiriesPage = lazyRouteComponent(
  () => import('../features/inquiries/components/InquiriesPage.tsx'),
  'InquiriesPage',
);
const InquiryPage = lazyRouteComponent(
  () => import('../features/inquiries/components/InquiryPage.tsx'),
  'InquiryPage',
);
const InquireForm = lazyRouteComponent(
  () => import('../features/inquiries/components/InquireForm.tsx'),
  'InquireForm',
);
const AnalyticsPage = lazyRouteComponent(
  () => import('../features/analytics/components/AnalyticsPage.tsx'),
  'AnalyticsPage',
);
const DashboardPage = lazyRouteComponent(
  () => import('../features/dashboard/components/DashboardPage.tsx'),
  'DashboardPage',
);
const ReserveDateModal = lazy(() =>
  import('../features/calendar/components/ReserveDateModal.tsx').then((m) => ({
    default: m.ReserveDateModal,
  })),
);
const EditCompetitionPage = lazyRouteComponent(
  () => import('../features/competitions/components/EditCompetitionPage.tsx'),
  'EditCompetitionPage',
);
const ApiDocsPage = lazyRouteComponent(
  () => import('../features/api-docs/components/ApiDocsPage.tsx'),
  'ApiDocsPage',
);
// The reports carry the charts library; the shared link's page loads only what it shows.
const ReportPage = lazyRouteComponent(
  () => import('../features/reports/components/ReportPage.tsx'),
  'ReportPage',
);
const SharedReportPage = lazyRouteComponent(
  () => import('../features/reports/components/SharedReportPage.tsx'),
  'SharedReportPage',
);

const ProfilePage = lazyRouteComponent(
  () => import('../features/account/components/ProfilePage.tsx'),
  'ProfilePage',
);

const rootRoute = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  // A loader runs beside the routes' own work (the session): English arrives in the meantime.
  loader: catalogueReady,
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: ServerErrorPage,
});

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  validateSearch: z.object({
    redirect: z.string().optional().catch(undefined),
    link: z.string().optional().catch(undefined),
    signedOut: z.number().optional().catch(undefined),
    /** A sign-in link for an account with two-step verification: the code is asked first. */
    step: z.literal('two-step').optional().catch(undefined),
  }),
  // The screen's chunk loads with the route, so a prerendered sign-in page hydrates in one go.
  loader: () => LoginPage.preload?.(),
  component: function Login() {
    const search = loginRoute.useSearch();
    return <LoginPage redirect={search.redirect} link={search.link} twoStep={search.step === 'two-step'} />;
  },
});
const forgotRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/forgot-password',
  component: ForgotPasswordPage,
});
const resetRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset-password',
  component: ResetPasswordPage,
});
const publicCompetitionRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/c/$id',
  validateSearch: z.object({ ref: z.string().max(50).optional().catch(undefined) }),
  // The page names the tab itself (song – artist), as creators share and bookmark it.
  staticData: { ownTitle: true },
  component: PublicCompetitionPage,
});

/** The public contact form artists and labels fill in (embeddable, no sign-in). */
const inquireRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/inquire',
  component: InquireForm,
});

/** A report shared with the artist: the token is the credential, no sign-in, no shell. */
const sharedReportRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/r/$token',
  // The page names the tab itself: the competition's name.
  staticData: { ownTitle: true },
  component: function SharedReport() {
    const { token } = sharedReportRoute.useParams();
    return <SharedReportPage token={token} />;
  },
});

/** Everything below needs a session; without one the user signs in and comes back. */
const signedInRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'signed-in',
  beforeLoad: async ({ context, location }) => {
    const me = await context.queryClient.ensureQueryData(meQuery);
    if (!me) throw redirect({ to: '/login', search: { redirect: location.href } });
  },
  component: SessionGate,
});
const apiDocsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/preffy/api',
  component: ApiDocsPage,
});
const shellRoute = createRoute({ getParentRoute: () => signedInRoute, id: 'shell', component: AppLayout });

const indexRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/',
  // Home is the dashboard, where sign-in lands too.
  beforeLoad: () => {
    throw redirect({ to: '/dashboard' });
  },
});

const idSearch = z.object({ id: z.string().optional().catch(undefined) });

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

/** The signed-in user's own profile, password, two-step verification and lock screen delay. */
const profileRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/profile',
  component: ProfilePage,
});

/** A competition's report (every signed-in role; the server answers 404 for what they cannot see). */
const reportRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/reports',
  validateSearch: idSearch,
  component: function Report() {
    const { id } = reportRoute.useSearch();
    return <ReportPage id={id} />;
  },
});

/** Admin-only screens (each a table: its page, size, search and sort in the URL): other roles get
 * the no-access page (and 403 from the API). */
function adminRoute<P extends string>(path: P, Page: (props: object) => React.ReactNode) {
  return createRoute({
    getParentRoute: () => shellRoute,
    path,
    validateSearch: idSearch.extend(tableSearchSchema.shape),
    component: () => (
      <RequireAccess access="admin">
        <Page />
      </RequireAccess>
    ),
  });
}
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
  component: StartCompetitionPage,
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

const calendarRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/preffy/calendar',
  validateSearch: z.object({ month: z.string().regex(MONTH_PATTERN).optional().catch(undefined) }),
  component: function Calendar() {
    const { month } = calendarRoute.useSearch();
    const navigate = calendarRoute.useNavigate();
    return (
      <CalendarPage month={month} onMonthChange={(next) => void navigate({ search: { month: next } })} />
    );
  },
});

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

/** Posts admin: the tab and the table's state in the URL. */
const postsAdminRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/preffy/posts',
  validateSearch: tableSearchSchema.extend({ tab: z.enum(POSTS_ADMIN_TABS).optional().catch(undefined) }),
  component: function PostsAdmin() {
    const { tab } = postsAdminRoute.useSearch();
    const navigate = postsAdminRoute.useNavigate();
    return (
      <PostsAdminPage
        tab={tab ?? 'active'}
        onTabChange={(next) => void navigate({ search: { tab: next } })}
      />
    );
  },
});
const handleSearch = z.string().trim().min(1).max(200).optional().catch(undefined);
const manualPostsRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/preffy/manual',
  validateSearch: idSearch.extend({ creator: handleSearch }),
  component: function ManualPosts() {
    const { id, creator } = manualPostsRoute.useSearch();
    const navigate = manualPostsRoute.useNavigate();
    return (
      <ManualPostsPage
        id={id}
        creator={creator}
        onCreatorChange={(next) => void navigate({ search: { id, creator: next }, replace: true })}
      />
    );
  },
});
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

/** Post review: the competition's unscored posts as cards. */
const reviewRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/update',
  validateSearch: idSearch,
  component: function Review() {
    const { id } = reviewRoute.useSearch();
    return <ReviewPage id={id} />;
  },
});
/** Errors: the posts with 0 likes as cards, and the flagged posts table (its state in the URL). */
const zeroLikesRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/correct',
  validateSearch: idSearch.extend(tableSearchSchema.shape),
  component: function ZeroLikes() {
    const { id } = zeroLikesRoute.useSearch();
    return <ZeroLikesPage id={id} />;
  },
});

const emailRoute = adminRoute('/preffy/email', EmailPage);
const outboxRoute = adminRoute('/preffy/outbox', OutboxPage);
const usersRoute = adminRoute('/admin/users', UsersPage);
const partnerKeysRoute = adminRoute('/admin/partner-keys', PartnerKeysPage);

const routeTree = rootRoute.addChildren([
  loginRoute,
  forgotRoute,
  resetRoute,
  publicCompetitionRoute,
  inquireRoute,
  sharedReportRoute,
  signedInRoute.addChildren([
    apiDocsRoute,
    shellRoute.addChildren([
      indexRoute,
      dashboardRoute,
      profileRoute,
      reportRoute,
      competitionsRoute,
      startCompetitionRoute,
      editCompetitionRoute,
      calendarRoute,
      entriesRoute,
      reviewRoute,
      zeroLikesRoute,
      postsAdminRoute,
      manualPostsRoute,
      referralsRoute,
      paymentsRoute,
      analyticsRoute,
      winnersRoute,
      finishRoute,
      promotionsRoute,
      inquiriesRoute,
      inquiryRoute,
      partnerKeysRoute,
      emailRoute,
      outboxRoute,
      usersRoute,
    ]),
  ]),
]);

/**
 * The app's router. The build's prerender (prerender.tsx) gives the page it draws: the router
 * then stays at that address, and leaves out the inline script with which it would restore a
 * server-drawn page's scroll (the CSP forbids inline scripts; a first page has nothing to restore).
 */
export function createAppRouter(queryClient: QueryClient, prerenderAt?: string) {
  return createRouter({
    routeTree,
    ...(prerenderAt ? { history: createMemoryHistory({ initialEntries: [prerenderAt] }) } : {}),
    context: { queryClient },
    defaultPreload: 'intent',
    defaultNotFoundComponent: NotFoundPage,
    scrollRestoration: !prerenderAt,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The page sets the window's title itself (PageTitleAndFocus leaves it). */
    ownTitle?: boolean;
  }
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
