/**
 * The web app's pages, as its router declares them ($name: one path segment). The server
 * answers any other page address with HTTP 404 (the app still shows its Not found screen), so
 * browsers, crawlers and link checkers see a missing page as missing. A web test checks that
 * the router declares exactly these.
 */
export const PAGE_PATHS = [
  '/',
  '/login',
  '/forgot-password',
  '/reset-password',
  '/c/$id',
  '/inquire',
  '/r/$token',
  '/preffy/api',
  '/dashboard',
  '/profile',
  '/reports',
  '/preffy/view',
  '/preffy/add',
  '/edit',
  '/preffy/calendar',
  '/table-update',
  '/preffy/posts',
  '/preffy/manual',
  '/preffy/referrals',
  '/preffy/analytics',
  '/preffy/payments',
  '/preffy/winners',
  '/preffy/finish',
  '/inquiries',
  '/contacts-profile',
  '/preffy/promotion',
  '/update',
  '/correct',
  '/preffy/email',
  '/preffy/outbox',
  '/admin/users',
  '/admin/partner-keys',
] as const;

const patterns = PAGE_PATHS.map((page) => page.split('/').filter(Boolean));

/** Whether a path (no query) is one of the app's pages; a trailing slash is the same page. */
export function isPagePath(pathname: string): boolean {
  const segments = pathname.split('/').filter(Boolean);
  return patterns.some(
    (pattern) =>
      pattern.length === segments.length &&
      pattern.every((part, i) => part.startsWith('$') || part === segments[i]),
  );
}
