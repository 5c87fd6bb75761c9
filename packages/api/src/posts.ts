import { COUNT_MAX, submitPostSchema } from '@preffy/domain';
import { z } from 'zod';
import { idParams, okSchema } from './common.ts';
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
});
export type Post = z.infer<typeof postSchema>;

/** A post's numbers at one refresh. */
export const postSnapshotSchema = postSchema
  .pick({ likes: true, views: true, comments: true, shares: true })
  .extend({ at: z.number() });
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

const { signedIn, staff } = endpointsOf(['posts']);
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
};
