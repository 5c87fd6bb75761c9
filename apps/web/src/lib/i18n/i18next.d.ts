import 'i18next';
import type apiDocs from './locales/en/apiDocs.json';
import type auth from './locales/en/auth.json';
import type calendar from './locales/en/calendar.json';
import type common from './locales/en/common.json';
import type competitions from './locales/en/competitions.json';
import type email from './locales/en/email.json';
import type leaderboard from './locales/en/leaderboard.json';
import type finish from './locales/en/finish.json';
import type inquiries from './locales/en/inquiries.json';
import type inquiryOptions from './locales/en/inquiryOptions.json';
import type dashboard from './locales/en/dashboard.json';
import type analytics from './locales/en/analytics.json';
import type reports from './locales/en/reports.json';
import type partners from './locales/en/partners.json';
import type posts from './locales/en/posts.json';
import type promotions from './locales/en/promotions.json';
import type referrals from './locales/en/referrals.json';
import type publicPage from './locales/en/public.json';
import type payments from './locales/en/payments.json';
import type users from './locales/en/users.json';
import type winners from './locales/en/winners.json';
import type account from './locales/en/account.json';
import type layout from './locales/en/layout.json';

// Typed keys: t('nav.calendar') compiles, t('nav.calender') does not. English is the reference.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    fallbackNS: 'common';
    resources: {
      common: typeof common;
      auth: typeof auth;
      calendar: typeof calendar;
      competitions: typeof competitions;
      email: typeof email;
      leaderboard: typeof leaderboard;
      partners: typeof partners;
      public: typeof publicPage;
      users: typeof users;
      apiDocs: typeof apiDocs;
      posts: typeof posts;
      referrals: typeof referrals;
      winners: typeof winners;
      payments: typeof payments;
      finish: typeof finish;
      promotions: typeof promotions;
      inquiries: typeof inquiries;
      inquiryOptions: typeof inquiryOptions;
      dashboard: typeof dashboard;
      analytics: typeof analytics;
      reports: typeof reports;
      account: typeof account;
      layout: typeof layout;
    };
  }
}
