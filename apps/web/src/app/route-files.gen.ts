// Written by `npm run area-lists` (scripts/area-lists.ts) from the folders; do not edit.
import { accountRoutes } from './routes/account.tsx';
import { analyticsRoutes, analyticsNav } from './routes/analytics.tsx';
import { apiDocsRoutes } from './routes/api-docs.tsx';
import { authRoutes } from './routes/auth.tsx';
import { calendarRoutes, calendarNav } from './routes/calendar.tsx';
import { competitionsRoutes, competitionsNav } from './routes/competitions.tsx';
import { dashboardRoutes, dashboardNav } from './routes/dashboard.tsx';
import { emailRoutes, emailNav } from './routes/email.tsx';
import { finishRoutes, finishNav } from './routes/finish.tsx';
import { inquiriesRoutes, inquiriesNav } from './routes/inquiries.tsx';
import { leaderboardRoutes } from './routes/leaderboard.tsx';
import { legacyImportRoutes, legacyImportNav } from './routes/legacy-import.tsx';
import { partnersRoutes, partnersNav } from './routes/partners.tsx';
import { paymentsRoutes, paymentsNav } from './routes/payments.tsx';
import { postsRoutes, postsNav } from './routes/posts.tsx';
import { promotionsRoutes, promotionsNav } from './routes/promotions.tsx';
import { publicRoutes } from './routes/public.tsx';
import { referralsRoutes } from './routes/referrals.tsx';
import { reportsRoutes } from './routes/reports.tsx';
import { settingsRoutes, settingsNav } from './routes/settings.tsx';
import { usersRoutes, usersNav } from './routes/users.tsx';
import { winnersRoutes, winnersNav } from './routes/winners.tsx';

/** Pages anyone may open. */
export const PUBLIC_ROUTES = [
  ...authRoutes.public,
  ...inquiriesRoutes.public,
  ...publicRoutes.public,
  ...reportsRoutes.public,
] as const;

/** Signed-in pages drawn without the app shell. */
export const SIGNED_IN_ROUTES = [...apiDocsRoutes.signedIn] as const;

/** Signed-in pages inside the app shell (sidebar and top bar). */
export const SHELL_ROUTES = [
  ...accountRoutes.shell,
  ...analyticsRoutes.shell,
  ...calendarRoutes.shell,
  ...competitionsRoutes.shell,
  ...dashboardRoutes.shell,
  ...emailRoutes.shell,
  ...finishRoutes.shell,
  ...inquiriesRoutes.shell,
  ...leaderboardRoutes.shell,
  ...legacyImportRoutes.shell,
  ...partnersRoutes.shell,
  ...paymentsRoutes.shell,
  ...postsRoutes.shell,
  ...promotionsRoutes.shell,
  ...referralsRoutes.shell,
  ...reportsRoutes.shell,
  ...settingsRoutes.shell,
  ...usersRoutes.shell,
  ...winnersRoutes.shell,
] as const;

/** Each area's sidebar entries; the shell orders them by their `order`. */
export const NAV_AREAS = [
  analyticsNav,
  calendarNav,
  competitionsNav,
  dashboardNav,
  emailNav,
  finishNav,
  inquiriesNav,
  legacyImportNav,
  partnersNav,
  paymentsNav,
  postsNav,
  promotionsNav,
  settingsNav,
  usersNav,
  winnersNav,
] as const;
