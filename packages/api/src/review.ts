import {
  DISQUALIFICATION_CHOICES,
  FLAG_MESSAGES,
  REVIEW_PAGE_SIZE,
  VIEW_SPIKE_MESSAGE,
  editPostSchema,
} from '@preffy/domain';
import { z } from 'zod';
import { idParams, versionBody } from './common.ts';
import { endpointsOf } from './endpoint.ts';
import { pageQuerySchema, pagedList } from './paging.ts';
import { MAX_POST_COUNT, postSchema } from './posts.ts';

/** A flag as stored on the post: code, the spec's message, and the numbers that raised it. */
export const postFlagSchema = z.object({
  code: z.enum([...(Object.keys(FLAG_MESSAGES) as (keyof typeof FLAG_MESSAGES)[]), 'viewSpike']),
  message: z.union([z.enum(Object.values(FLAG_MESSAGES)), z.literal(VIEW_SPIKE_MESSAGE)]),
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
  flags: z.array(postFlagSchema),
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
 * Cards a page at a time (Load More): `after` is the `next` of the previous answer. A cursor,
 * not a page number, because scored cards leave the queue while the reviewer works.
 */
export const queueQuerySchema = z.object({
  after: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(REVIEW_PAGE_SIZE),
});
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

export const creatorSchema = z.object({
  creator: z.string(),
  platform: z.string(),
  email: z.string(),
  postCount: z.number(),
  profileUrl: z.string().nullable(),
});
export type Creator = z.infer<typeof creatorSchema>;

/** A creator's editable metric (Creators tab): the stored number, else their posts' sum. */
export const creatorMetricSchema = creatorSchema.extend({
  /** The stored metric's id (null when none is stored yet). */
  id: z.string().nullable(),
  /** The competition's metric (likes or views) summed over the creator's posts. */
  computed: z.number(),
  /** The number staff set, if any; the leaderboard uses it instead of `computed`. */
  metric: z.number().nullable(),
  /** The stored metric's version (0 when none is stored yet). */
  version: z.number(),
});
export type CreatorMetric = z.infer<typeof creatorMetricSchema>;

export const referralSchema = z.object({ id: z.string(), referringLink: z.string(), createdAt: z.number() });

const { signedIn, staff } = endpointsOf(['review']);

/** A competition's cards, a page at a time on a cursor (the queue, the zero-likes view). */
const cardPages = { params: idParams, query: queueQuerySchema, responses: { 200: queuePageSchema } } as const;

export const review = {
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
    summary: 'Posts the automatic flags took out of the queue, with their flags',
    params: idParams,
    ...pagedList(pageQuerySchema, reviewPostSchema),
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
  creators: signedIn.get('/api/competitions/:id/creators', {
    summary: "A competition's creators (handle, platform, email, posts), searchable",
    params: idParams,
    ...pagedList(pageQuerySchema, creatorSchema),
  }),
  creatorMetrics: signedIn.get('/api/competitions/:id/creator-metrics', {
    summary: "The Creators tab: each creator's metric, stored or computed from their posts",
    params: idParams,
    ...pagedList(pageQuerySchema, creatorMetricSchema),
  }),
  setCreatorMetric: staff.put('/api/competitions/:id/creator-metrics', {
    summary:
      "Set a creator's metric (the leaderboard uses it instead of their posts' sum); version 0 creates it",
    params: idParams,
    body: z.object({
      creator: z.string().trim().min(1).max(200),
      platform: z.string().trim().min(1).max(50),
      metric: z.number().int().min(0).max(MAX_POST_COUNT),
      version: z.number().int().min(0),
    }),
    responses: { 200: z.object({ metric: creatorMetricSchema }) },
  }),
  referralCreators: signedIn.get('/api/competitions/:id/referral-creators', {
    summary: "The creators of the competition's promotions (their creatorEmails), for the referral screens",
    params: idParams,
    ...pagedList(pageQuerySchema, z.object({ email: z.string() })),
  }),
  referrals: signedIn.get('/api/posts/:id/referrals', {
    summary: 'The links that referred to a post',
    params: idParams,
    ...pagedList(pageQuerySchema, referralSchema),
  }),
  resetReferrals: staff.post('/api/posts/:id/reset-referrals', {
    summary: 'Reset: bonusLikes to 0 and likes reduced by the former bonus',
    params: idParams,
    idempotent: true,
    body: versionBody,
    responses: { 200: postAnswer },
  }),
};
