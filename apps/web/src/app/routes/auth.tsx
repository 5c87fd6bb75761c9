import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { rootRoute } from './layout.tsx';

const LoginPage = lazyRouteComponent(
  () => import('../../features/auth/components/LoginPage.tsx'),
  'LoginPage',
);
const ForgotPasswordPage = lazyRouteComponent(
  () => import('../../features/auth/components/ForgotPasswordPage.tsx'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = lazyRouteComponent(
  () => import('../../features/auth/components/ResetPasswordPage.tsx'),
  'ResetPasswordPage',
);

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

export const authRoutes = { public: [loginRoute, forgotRoute, resetRoute] } as const;
