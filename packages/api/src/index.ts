// Written by `npm run area-lists` (scripts/area-lists.ts) from the folders; do not edit.
/**
 * The API contract: every endpoint declared once, imported by the server (routes, validation,
 * OpenAPI) and by the web app (the typed client). One file per area.
 */
export * from './account.ts';
export * from './analytics.ts';
export * from './auth.ts';
export * from './calendar.ts';
export * from './common.ts';
export * from './competitions.ts';
export * from './dashboard.ts';
export * from './email.ts';
export * from './endpoint.ts';
export * from './errors.ts';
export * from './field-messages.ts';
export * from './finish.ts';
export * from './health.ts';
export * from './images.ts';
export * from './inquiries-unseen.ts';
export * from './inquiries.ts';
export * from './inquiry-options.ts';
export * from './jobs.ts';
export * from './leaderboard.ts';
export * from './legacy-import.ts';
export * from './outbox.ts';
export * from './pages.ts';
export * from './paging.ts';
export * from './partners.ts';
export * from './payments.ts';
export * from './paypal.ts';
export * from './posts.ts';
export * from './promotions.ts';
export * from './public.ts';
export * from './referrals.ts';
export * from './reports.ts';
export * from './settings.ts';
export * from './users.ts';
export * from './winners.ts';
