// Written by `npm run area-lists` (scripts/area-lists.ts) from the folders; do not edit.
import type accountKeys from './locales/en/account.json';
import type analyticsKeys from './locales/en/analytics.json';
import type apiDocsKeys from './locales/en/apiDocs.json';
import type authKeys from './locales/en/auth.json';
import type calendarKeys from './locales/en/calendar.json';
import type commonKeys from './locales/en/common.json';
import type competitionsKeys from './locales/en/competitions.json';
import type dashboardKeys from './locales/en/dashboard.json';
import type emailKeys from './locales/en/email.json';
import type finishKeys from './locales/en/finish.json';
import type inquiriesKeys from './locales/en/inquiries.json';
import type inquiryOptionsKeys from './locales/en/inquiryOptions.json';
import type layoutKeys from './locales/en/layout.json';
import type leaderboardKeys from './locales/en/leaderboard.json';
import type legacyImportKeys from './locales/en/legacyImport.json';
import type partnersKeys from './locales/en/partners.json';
import type paymentsKeys from './locales/en/payments.json';
import type postsKeys from './locales/en/posts.json';
import type promotionsKeys from './locales/en/promotions.json';
import type publicKeys from './locales/en/public.json';
import type referralsKeys from './locales/en/referrals.json';
import type reportsKeys from './locales/en/reports.json';
import type settingsKeys from './locales/en/settings.json';
import type usersKeys from './locales/en/users.json';
import type winnersKeys from './locales/en/winners.json';

/** The locale namespaces: one file per namespace in locales/<language>/. */
export const NAMESPACES = [
  'account',
  'analytics',
  'apiDocs',
  'auth',
  'calendar',
  'common',
  'competitions',
  'dashboard',
  'email',
  'finish',
  'inquiries',
  'inquiryOptions',
  'layout',
  'leaderboard',
  'legacyImport',
  'partners',
  'payments',
  'posts',
  'promotions',
  'public',
  'referrals',
  'reports',
  'settings',
  'users',
  'winners',
] as const;

/** Each namespace's keys, from its English file (the reference). */
export interface Resources {
  account: typeof accountKeys;
  analytics: typeof analyticsKeys;
  apiDocs: typeof apiDocsKeys;
  auth: typeof authKeys;
  calendar: typeof calendarKeys;
  common: typeof commonKeys;
  competitions: typeof competitionsKeys;
  dashboard: typeof dashboardKeys;
  email: typeof emailKeys;
  finish: typeof finishKeys;
  inquiries: typeof inquiriesKeys;
  inquiryOptions: typeof inquiryOptionsKeys;
  layout: typeof layoutKeys;
  leaderboard: typeof leaderboardKeys;
  legacyImport: typeof legacyImportKeys;
  partners: typeof partnersKeys;
  payments: typeof paymentsKeys;
  posts: typeof postsKeys;
  promotions: typeof promotionsKeys;
  public: typeof publicKeys;
  referrals: typeof referralsKeys;
  reports: typeof reportsKeys;
  settings: typeof settingsKeys;
  users: typeof usersKeys;
  winners: typeof winnersKeys;
}
