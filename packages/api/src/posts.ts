import {
  COUNT_MAX,
  DISQUALIFICATION_CHOICES,
  FLAG_MESSAGES,
  INTEGRITY_MESSAGES,
  INTEGRITY_SIGNAL_CODES,
  REFRESH_FAILURES,
  REVIEW_PAGE_SIZE,
  VIEW_SPIKE_MESSAGE,
  VIEWS_KINDS,
  ENTRY_CHANNELS,
  editPostSchema,
  submitPostSchema,
} from '@preffy/domain';
import { z } from 'zod';
import { idParams, okSchema, versionBody } from './common.ts';
import { endpointsOf } from './endpoint.ts';
import { pageQuerySchema, pagedList } from './paging.ts';

/** One import is at most this many rows; larger files are split by the user. */
export const MAX_IMPORT_ROWS = 5000;
/** Likes and views a platform could report: whole numbers up to a trillion. */
export const MAX_POST_COUNT = COUNT_MAX;

/** A post with its last refresh and that refresh's failure, if any. */
export const postSchema = z.object({
  id: z.string(),
  version: z.number(),
  createdAt: z.number(),
  link: z.string(),
  email: z.string(),
  creator: z.string(),
  platform: z.string(),
  postId: z.string().nullable(),
  likes: z.number(),
  views: z.number(),
  /** Counted by the platform, unknown (views then 0) or estimated as 4 × likes (decision 0097). */
  viewsKind: z.enum(VIEWS_KINDS),
  comments: z.number(),
  shares: z.number(),
  bonusLikes: z.number().nullable(),
  creativityScore: z.number(),
  source: z.string(),
  country: z.string().nullable(),
  author: z.string().nullable(),
  postedDate: z.number().nullable(),
  statsCheckedAt: z.number().nullable(),
  statsProvider: z.string().nullable(),
  statsError: z.string().nullable(),
  /** The last refresh's failure as a fixed reason the web translates (decision 0111). */
  statsFailure: z.enum(REFRESH_FAILURES).nullable(),
});
export type Post = z.infer<typeof postSchema>;

/** A post's numbers at one refresh. */
export const postSnapshotSchema = postSchema
  .pick({ likes: true, views: true, viewsKind: true, comments: true, shares: true })
  .extend({
    at: z.number(),
    /** Which provider answered (a fallback's own name); null before readings recorded it (issue 42). */
    provider: z.string().nullable(),
    /** Its counts came rounded ("1.2M"). */
    rounded: z.boolean(),
  });
export type PostSnapshot = z.infer<typeof postSnapshotSchema>;

export const POST_SORTS = ['createdAt', 'likes', 'views', 'creator'] as const;

export const listPostsQuerySchema = pageQuerySchema.extend({
  sortBy: z.enum(POST_SORTS).default('createdAt'),
  failedOnly: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
export type ListPostsQuery = z.infer<typeof listPostsQuerySchema>;

export const importRowSchema = z.object({
  row: z.number(),
  ok: z.boolean(),
  link: z.string().optional(),
  errors: z.array(z.string()).optional(),
});
export const importReportSchema = z.object({
  accepted: z.number(),
  refused: z.number(),
  rows: z.array(importRowSchema),
});
export type ImportReport = z.infer<typeof importReportSchema>;

/** A flag as stored on the post: code, the spec's message, and the numbers that raised it. */
export const postFlagSchema = z.object({
  code: z.enum([
    ...(Object.keys(FLAG_MESSAGES) as (keyof typeof FLAG_MESSAGES)[]),
    'viewSpike',
    ...INTEGRITY_SIGNAL_CODES,
  ]),
  message: z.union([
    z.enum(Object.values(FLAG_MESSAGES)),
    z.literal(VIEW_SPIKE_MESSAGE),
    z.enum(Object.values(INTEGRITY_MESSAGES)),
  ]),
  values: z.record(z.string(), z.union([z.number(), z.string()])),
});
export type StoredPostFlag = z.infer<typeof postFlagSchema>;

/**
 * A post as review and moderation show it: the post, its referrals, its flags (notes, or why it
 * was removed), the provider's country beside the stored one, and how it left the queue.
 */
export const reviewPostSchema = postSchema.extend({
  competitionId: z.string(),
  deleted: z.boolean(),
  referralCount: z.number(),
  /** Entries refused since for repeating this post's video (the errors view lists them). */
  duplicateAttempts: z.number(),
  flags: z.array(postFlagSchema),
  /**
   * Its risk score (issue 42): 0–100, the sum of its flags' weights, with the flags that make it
   * up, heaviest first, so the number always comes with its reasons.
   */
  risk: z.object({
    score: z.number().int().min(0).max(100),
    parts: z.array(z.object({ code: postFlagSchema.shape.code, weight: z.number() })),
  }),
  /** Staff restored it: its flags are notes and never remove it again. */
  flagsCleared: z.boolean(),
  providerCountry: z.string().nullable(),
  deletedReason: z.enum(['flagged', 'disqualified', 'admin']).nullable(),
  disqualification: z.enum(DISQUALIFICATION_CHOICES).nullable(),
  /** The creator's profile on the platform (Vet), when the handle and platform make one. */
  profileUrl: z.string().nullable(),
});
export type ReviewPost = z.infer<typeof reviewPostSchema>;

/**
 * An entry refused because its video was already live in the competition: who tried, when,
 * through what, and the entry it repeats (that entry may have been removed since).
 */
export const duplicateAttemptSchema = z.object({
  id: z.string(),
  attemptedAt: z.number(),
  email: z.string(),
  creator: z.string(),
  link: z.string(),
  via: z.enum(ENTRY_CHANNELS),
  /** The staff member's name when one tried through a signed-in screen. */
  attemptedByName: z.string().nullable(),
  earlier: z.object({
    id: z.string(),
    creator: z.string(),
    email: z.string(),
    link: z.string(),
    removed: z.boolean(),
  }),
});
export type DuplicateAttempt = z.infer<typeof duplicateAttemptSchema>;

/**
 * Cards a page at a time (Load More): `after` is the `next` of the previous answer. A cursor,
 * not a page number, because scored cards leave the queue while the reviewer works.
 */
export const QUEUE_ORDERS = ['oldest', 'risk'] as const;
export const queueQuerySchema = z.object({
  after: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(REVIEW_PAGE_SIZE),
  /** Oldest first (the legacy's order), or the riskiest first (issue 42), oldest among equals. */
  order: z.enum(QUEUE_ORDERS).default('oldest'),
  /** Only cards whose risk score is at least this. */
  minRisk: z.coerce.number().int().min(0).max(100).optional(),
});
/** The errors view's groups (issue 42): per flag, the removed posts and the live ones noted. */
export const signalGroupsSchema = z.object({
  signals: z.array(z.object({ code: postFlagSchema.shape.code, removed: z.number(), live: z.number() })),
});
export type SignalGroups = z.infer<typeof signalGroupsSchema>;

export const queuePageSchema = z.object({
  items: z.array(reviewPostSchema),
  /** Cards still waiting in all (not only after the cursor). */
  total: z.number(),
  next: z.string().nullable(),
});
export type QueuePage = z.infer<typeof queuePageSchema>;

const postAnswer = z.object({ post: reviewPostSchema });

/** Posts admin: every post the caller may see, per tab (active or deleted), searchable. */
export const ADMIN_POST_SORTS = ['createdAt', 'likes', 'creator', 'email'] as const;
export const adminPostsQuerySchema = pageQuerySchema.extend({
  deleted: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  sortBy: z.enum(ADMIN_POST_SORTS).default('createdAt'),
  competitionId: z.string().max(100).optional(),
  /** Exact creator handle (the manual posts page). */
  creator: z.string().max(200).optional(),
  /** Exact creator email (the referral screens). */
  email: z.string().max(254).optional(),
  /** Only posts with at least one referral (the referral reset table). */
  withReferrals: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
export const adminPostSchema = reviewPostSchema.extend({ competitionName: z.string() });
export type AdminPost = z.infer<typeof adminPostSchema>;

/** The Edit modal (posts admin) and the card's link box and likes input: only what is sent changes. */
export const updatePostBodySchema = versionBody.extend({
  email: editPostSchema.shape.email.optional(),
  creator: editPostSchema.shape.creator.optional(),
  likes: editPostSchema.shape.likes.optional(),
  link: editPostSchema.shape.link.optional(),
  isDeleted: z.boolean().optional(),
});

const { signedIn, staff } = endpointsOf(['posts']);

/** A competition's cards, a page at a time on a cursor (the queue, the zero-likes view). */
const cardPages = { params: idParams, query: queueQuerySchema, responses: { 200: queuePageSchema } } as const;

const { anyone } = endpointsOf(['public']);

export const posts = {
  /** The public page's entry form: anonymous, so no CSRF token (the server rate-limits it). */
  submit: anyone.post('/api/public/competitions/:id/posts', {
    csrf: false,
    summary: "Enter a video into a competition (email, creator handle, the video's link)",
    params: idParams,
    body: submitPostSchema.extend({
      ref: z.string().trim().max(200).optional(),
      /** Honeypot: people never see or fill it; bots do. */
      website: z.string().max(500).optional(),
    }),
    responses: { 201: okSchema.extend({ platform: z.string().optional() }) },
  }),
  add: staff.post('/api/competitions/:id/posts', {
    summary: 'Add a post by hand (also to a closed competition)',
    params: idParams,
    body: submitPostSchema.extend({
      likes: z.number().int().min(0).max(MAX_POST_COUNT).optional(),
      views: z.number().int().min(0).max(MAX_POST_COUNT).optional(),
    }),
    responses: { 201: z.object({ post: postSchema }) },
  }),
  import: staff.post('/api/competitions/:id/posts/import', {
    summary: `Import posts from CSV text (link, email, creator, platform, optional likes, views; at most ${MAX_IMPORT_ROWS} rows): a report per row`,
    params: idParams,
    body: z.object({ csv: z.string().min(1, 'The file is empty').max(900_000) }),
    responses: { 200: importReportSchema },
  }),
  snapshots: signedIn.get('/api/posts/:id/snapshots', {
    summary:
      "A post's numbers at each refresh (the newest 500), oldest first, to chart growth and spot spikes",
    params: idParams,
    responses: { 200: z.object({ items: z.array(postSnapshotSchema) }) },
  }),
  list: signedIn.get('/api/competitions/:id/posts', {
    summary: "A competition's posts, with each one's last refresh and its failure, if any",
    params: idParams,
    ...pagedList(listPostsQuerySchema, postSchema),
  }),
  queue: signedIn.get('/api/competitions/:id/review', {
    summary:
      'The review queue: posts not yet scored (bonusLikes null), oldest first, a page of cards at a time',
    ...cardPages,
  }),
  zeroLikes: signedIn.get('/api/competitions/:id/zero-likes', {
    summary: 'Posts with 0 likes (to enter likes by hand), oldest first, a page of cards at a time',
    ...cardPages,
  }),
  flagged: signedIn.get('/api/competitions/:id/flagged', {
    summary:
      'Posts the automatic flags took out of the queue, with their flags; `signal`: only those with it',
    params: idParams,
    ...pagedList(pageQuerySchema.extend({ signal: postFlagSchema.shape.code.optional() }), reviewPostSchema),
  }),
  signals: signedIn.get('/api/competitions/:id/signals', {
    summary:
      "The competition's posts grouped by flag: for each flag raised, how many posts were removed and how many are live with it",
    params: idParams,
    responses: { 200: signalGroupsSchema },
  }),
  duplicateAttempts: signedIn.get('/api/competitions/:id/duplicate-attempts', {
    summary: 'Entries refused because their video was already live in the competition, newest first',
    params: idParams,
    ...pagedList(
      pageQuerySchema.extend({ sortDirection: z.enum(['asc', 'desc']).default('desc') }),
      duplicateAttemptSchema,
    ),
  }),
  score: staff.post('/api/posts/:id/score', {
    summary: 'Love (creativity 100) or Like (10): sets the referral bonus and likes = base likes + bonus',
    params: idParams,
    body: versionBody.extend({ score: z.enum(['love', 'like']) }),
    responses: { 200: postAnswer },
  }),
  disqualify: staff.post('/api/posts/:id/disqualify', {
    summary:
      'Delete a post from review: No Email, or one of three Post Disqualification emails to the creator; then a soft delete',
    params: idParams,
    idempotent: true,
    body: versionBody.extend({ choice: z.enum(DISQUALIFICATION_CHOICES) }),
    responses: { 200: postAnswer },
  }),
  restore: staff.post('/api/posts/:id/restore', {
    summary: 'Bring back a post the flags or a reviewer removed; its flags stay as notes (audited)',
    params: idParams,
    body: versionBody,
    responses: { 200: postAnswer },
  }),
  update: staff.patch('/api/posts/:id', {
    summary: "Edit a post (email, creator, likes, link, deleted); a new link is checked like an entry's",
    params: idParams,
    body: updatePostBodySchema,
    responses: { 200: postAnswer },
  }),
  listAll: signedIn.get('/api/posts', {
    summary:
      'Posts admin: every post the caller may see, Active or Inactive (deleted), searchable and sortable',
    ...pagedList(adminPostsQuerySchema, adminPostSchema),
  }),
};
