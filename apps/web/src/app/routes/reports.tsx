import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { idSearch, rootRoute, shellRoute } from './layout.tsx';

// The reports carry the charts library; the shared link's page loads only what it shows.
const ReportPage = lazyRouteComponent(
  () => import('../../features/reports/components/ReportPage.tsx'),
  'ReportPage',
);
const SharedReportPage = lazyRouteComponent(
  () => import('../../features/reports/components/SharedReportPage.tsx'),
  'SharedReportPage',
);

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

export const reportsRoutes = { public: [sharedReportRoute], shell: [reportRoute] } as const;
