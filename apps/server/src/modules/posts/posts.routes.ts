import { canManageCompetition, submitPostSchema } from '@preffy/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { pageOf, pageQuerySchema } from '@preffy/api';
import { likePattern, offsetOf } from '../../lib/paging.ts';
import { findCompetition } from '../competitions/competitions.repository.ts';
import { MAX_IMPORT_ROWS, MAX_POST_COUNT, importPosts } from './import-posts.ts';
import { addPost } from './posts.service.ts';

const idParams = z.object({ id: z.string().min(1).max(100) });

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

const SORTS = { createdAt: 'createdAt', likes: 'likes', views: 'views', creator: 'creator' } as const;

export async function postsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const linkOptions = {
    shortLinkBaseUrl: app.config.shortLinkBaseUrl,
    timeoutMs: app.config.providers.timeoutMs,
  };

  r.post(
    '/api/public/competitions/:id/posts',
    {
      // The public page's entry form: anonymous, so no CSRF token; rate-limited per address.
      config: { access: 'public', csrf: false, rateLimit: { max: 10, timeWindow: 10 * 60_000 } },
      schema: {
        tags: ['public'],
        summary: "Enter a video into a competition (email, creator handle, the video's link)",
        params: idParams,
        body: submitPostSchema.extend({
          ref: z.string().trim().max(200).optional(),
          /** Honeypot: people never see or fill it; bots do. */
          website: z.string().max(500).optional(),
        }),
        response: { 201: z.object({ ok: z.boolean(), platform: z.string().optional() }) },
      },
    },
    async (request, reply) => {
      const { website, ...body } = request.body;
      // A bot filled the hidden field: answer like a success, store nothing.
      if (website) return reply.code(201).send({ ok: true });
      const post = await addPost(app.db, { ...body, competitionId: request.params.id }, linkOptions);
      return reply.code(201).send({ ok: true, platform: post.platform });
    },
  );

  r.post(
    '/api/competitions/:id/posts',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['posts'],
        summary: 'Add a post by hand (also to a closed competition)',
        params: idParams,
        body: submitPostSchema.extend({
          likes: z.number().int().min(0).max(MAX_POST_COUNT).optional(),
          views: z.number().int().min(0).max(MAX_POST_COUNT).optional(),
        }),
        response: { 201: z.object({ post: postSchema }) },
      },
    },
    async (request, reply) => {
      const post = await addPost(
        app.db,
        { ...request.body, competitionId: request.params.id },
        {
          ...linkOptions,
          allowClosed: true,
        },
      );
      return reply
        .code(201)
        .send({ post: { ...post, statsCheckedAt: null, statsProvider: null, statsError: null } });
    },
  );

  r.post(
    '/api/competitions/:id/posts/import',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['posts'],
        summary: `Import posts from CSV text (link, email, creator, platform, optional likes, views; at most ${MAX_IMPORT_ROWS} rows): a report per row`,
        params: idParams,
        body: z.object({ csv: z.string().min(1, 'The file is empty').max(900_000) }),
        response: {
          200: z.object({
            accepted: z.number(),
            refused: z.number(),
            rows: z.array(
              z.object({
                row: z.number(),
                ok: z.boolean(),
                link: z.string().optional(),
                errors: z.array(z.string()).optional(),
              }),
            ),
          }),
        },
      },
    },
    async (request) => {
      const competition = await findCompetition(app.db, request.params.id);
      if (!competition) throw notFound('Competition');
      return importPosts(app.db, competition.id, request.body.csv, linkOptions);
    },
  );

  r.get(
    '/api/posts/:id/snapshots',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['posts'],
        summary:
          "A post's numbers at each refresh (the newest 500), oldest first, to chart growth and spot spikes",
        params: idParams,
        response: {
          200: z.object({
            items: z.array(
              z.object({
                at: z.number(),
                likes: z.number(),
                views: z.number(),
                comments: z.number(),
                shares: z.number(),
              }),
            ),
          }),
        },
      },
    },
    async (request) => {
      const post = await app.db
        .selectFrom('posts')
        .innerJoin('competitions', 'competitions.id', 'posts.competitionId')
        .select(['posts.id', 'competitions.organizerEmail'])
        .where('posts.id', '=', request.params.id)
        .where('posts.deleted', '=', 0)
        .executeTakeFirst();
      if (!post || !canManageCompetition(request.user!, post.organizerEmail)) throw notFound('Post');
      const rows = await app.db
        .selectFrom('postSnapshots')
        .select(['at', 'likes', 'views', 'comments', 'shares'])
        .where('postId', '=', post.id)
        .orderBy('at', 'desc')
        .limit(500)
        .execute();
      return { items: rows.reverse().map((r) => ({ ...r, at: Number(r.at) })) };
    },
  );

  r.get(
    '/api/competitions/:id/posts',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['posts'],
        summary: "A competition's posts, with each one's last refresh and its failure, if any",
        params: idParams,
        querystring: pageQuerySchema.extend({
          sortBy: z.enum(Object.keys(SORTS) as [keyof typeof SORTS]).default('createdAt'),
          failedOnly: z
            .enum(['true', 'false'])
            .optional()
            .transform((v) => v === 'true'),
        }),
        response: { 200: pageOf(postSchema) },
      },
    },
    async (request) => {
      const competition = await findCompetition(app.db, request.params.id);
      if (!competition || !canManageCompetition(request.user!, competition.organizerEmail))
        throw notFound('Competition');
      const q = request.query;
      let base = app.db
        .selectFrom('posts')
        .where('competitionId', '=', competition.id)
        .where('deleted', '=', 0);
      if (q.failedOnly) base = base.where('statsError', 'is not', null);
      if (q.search) {
        const pattern = likePattern(q.search.toLowerCase());
        base = base.where((eb) =>
          eb.or([
            eb(eb.fn('lower', ['creator']), 'like', pattern),
            eb('email', 'like', pattern),
            eb(eb.fn('lower', ['link']), 'like', pattern),
          ]),
        );
      }
      const [items, count] = await Promise.all([
        base
          .selectAll()
          .orderBy(SORTS[q.sortBy], q.sortDirection)
          .orderBy('id')
          .limit(q.pageSize)
          .offset(offsetOf(q))
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { items, total: Number(count.total) };
    },
  );
}
