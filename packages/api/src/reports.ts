import { z } from 'zod';
import { idParams, versionQuery } from './common.ts';
import { endpointsOf } from './endpoint.ts';

/**
 * The competition report (/reports?id, issue 16): did it work, what did it cost, who made it
 * work. Every figure is computed by the database. Staff share it with the artist as a read-only,
 * expiring, revocable link (/r/:token) that carries nothing private: no emails, no payments.
 */

/** How many top posts a report shows (with their embeds). */
export const REPORT_TOP_POSTS = 10;
/** How many leaderboard rows a report shows. */
export const REPORT_LEADERBOARD_ROWS = 25;
/** At most this many points in Views over time (a longer competition is shown by week). */
export const REPORT_MAX_POINTS = 400;
/** A shared link lives 1 to 90 days. */
export const REPORT_SHARE_MAX_DAYS = 90;
/** At most this many live (unexpired, unrevoked) links per competition. */
export const REPORT_SHARE_MAX_LIVE = 20;

export const REPORT_MESSAGES = {
  notFound: 'Report not found',
  shareNotFound: 'This link has expired or was revoked',
  tooManyShares: 'This competition already has 20 live links: revoke one first',
} as const;

export const reportTotalsSchema = z.object({
  posts: z.number(),
  creators: z.number(),
  views: z.number(),
  likes: z.number(),
  comments: z.number(),
  shares: z.number(),
});

/** Total views of the competition's posts at the end of each day (or week), from the stats snapshots. */
export const reportViewsPointSchema = z.object({ day: z.string(), views: z.number() });

/** A top post: enough to embed it (the link and platform), and its numbers. No email. */
export const reportPostSchema = z.object({
  id: z.string(),
  creator: z.string(),
  platform: z.string(),
  link: z.string(),
  views: z.number(),
  likes: z.number(),
  comments: z.number(),
  shares: z.number(),
  postedDate: z.number().nullable(),
});

/** One slice of a split: a platform key (tiktok…) or an ISO country code ('' when unknown). */
export const reportSplitSchema = z.object({ key: z.string(), posts: z.number(), views: z.number() });

export const reportLeaderboardRowSchema = z.object({
  rank: z.number(),
  creator: z.string(),
  platform: z.string(),
  views: z.number(),
  likes: z.number(),
});

/** A winner as the artist may see them: who, on which platform, which prize. */
export const reportWinnerSchema = z.object({
  creator: z.string(),
  platform: z.string(),
  prizeLabel: z.string().nullable(),
  /** The prize slot's amount; null for a payment made before prize slots were recorded. */
  prize: z.number().nullable(),
});

/** What a shared link shows: the report without anything private. */
export const publicReportSchema = z.object({
  competition: z.object({
    id: z.string(),
    name: z.string(),
    organizer: z.string(),
    image: z.string().nullable(),
    startDate: z.number(),
    endDate: z.number(),
    /** The platforms its live posts are on (names, most posts first); none yet: those it lists. */
    platforms: z.array(z.string()),
  }),
  totals: reportTotalsSchema,
  /** 'day' points, or 'week' points (the week's first day) past REPORT_MAX_POINTS days. */
  viewsOverTime: z.object({ step: z.enum(['day', 'week']), points: z.array(reportViewsPointSchema) }),
  topPosts: z.array(reportPostSchema),
  byPlatform: z.array(reportSplitSchema),
  byCountry: z.array(reportSplitSchema),
  leaderboard: z.array(reportLeaderboardRowSchema),
  winners: z.array(reportWinnerSchema),
  /** What the prize lines add up to (public on the competition page too). */
  prizeTotal: z.number(),
  generatedAt: z.number(),
  /** The business time zone its days are counted in (a shared page has no session to ask). */
  timeZone: z.string(),
});
export type PublicReport = z.infer<typeof publicReportSchema>;

/** Payment status of the winners: staff and admins only, never on a shared link. */
export const reportMoneySchema = z.object({
  invoiceAmount: z.number(),
  paid: z.number(),
  owed: z.number(),
  payments: z.array(
    z.object({
      creator: z.string().nullable(),
      platform: z.string().nullable(),
      paymentEmail: z.string(),
      amount: z.number(),
      status: z.string(),
    }),
  ),
});

/** The report as a signed-in user sees it; `money` is null for organizers. */
export const reportSchema = publicReportSchema.extend({ money: reportMoneySchema.nullable() });
export type Report = z.infer<typeof reportSchema>;

/** A shared link as staff see it in the list (never its token: that is shown once, when made). */
export const reportShareSchema = z.object({
  id: z.string(),
  version: z.number(),
  createdAt: z.number(),
  createdByName: z.string().nullable(),
  expiresAt: z.number(),
  revokedAt: z.number().nullable(),
  /** Live: not expired, not revoked. */
  live: z.boolean(),
});
export type ReportShare = z.infer<typeof reportShareSchema>;

const tokenParams = z.object({ token: z.string().regex(/^[\w-]{20,100}$/) });

const { anyone, signedIn, staff } = endpointsOf(['reports']);

export const reports = {
  get: signedIn.get('/api/reports/:id', {
    summary: 'A competition report (organizers: their own competitions; payments for staff only)',
    params: idParams,
    responses: { 200: z.object({ report: reportSchema }) },
  }),
  csv: signedIn.get('/api/reports/:id/csv', {
    summary: 'The report as text/csv (an attachment)',
    params: idParams,
    produces: 'text/csv',
    responses: {},
  }),
  pdf: signedIn.get('/api/reports/:id/pdf', {
    summary: 'The report as application/pdf (an attachment)',
    params: idParams,
    produces: 'application/pdf',
    responses: {},
  }),
  shares: staff.get('/api/reports/:id/shares', {
    summary: 'The links this report was shared with, newest first (the latest 50)',
    params: idParams,
    responses: { 200: z.object({ items: z.array(reportShareSchema) }) },
  }),
  share: staff.post('/api/reports/:id/shares', {
    summary: 'Share with the artist: a read-only link that expires; its address is shown only now',
    // Not idempotent: a stored answer would keep the link's secret address for 24 h (decision 0034).
    params: idParams,
    body: z.object({ expiresInDays: z.number().int().min(1).max(REPORT_SHARE_MAX_DAYS) }),
    responses: { 201: z.object({ share: reportShareSchema, url: z.string() }) },
  }),
  revoke: staff.delete('/api/reports/shares/:id', {
    summary: 'Revoke a shared link (with the version read): it stops working at once',
    params: idParams,
    query: versionQuery,
    responses: { 200: z.object({ share: reportShareSchema }) },
  }),
};

/** The shared link's side: no sign-in, the token is the credential; an expired or revoked one is 404. */
export const publicReports = {
  get: anyone.get('/api/public/reports/:token', {
    summary: 'A shared report: read-only, nothing private',
    params: tokenParams,
    responses: { 200: z.object({ report: publicReportSchema, expiresAt: z.number() }) },
  }),
  csv: anyone.get('/api/public/reports/:token/csv', {
    summary: 'A shared report as text/csv',
    params: tokenParams,
    produces: 'text/csv',
    responses: {},
  }),
  pdf: anyone.get('/api/public/reports/:token/pdf', {
    summary: 'A shared report as application/pdf',
    params: tokenParams,
    produces: 'application/pdf',
    responses: {},
  }),
};
