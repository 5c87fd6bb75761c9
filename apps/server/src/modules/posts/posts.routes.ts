import { posts } from '@preffy/api';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/contract-route.ts';
import { findVisibleCompetition } from '../competitions/index.ts';
import { importPosts } from './import-posts.ts';
import { listPosts } from './posts.repository.ts';
import { addPost, postSnapshots } from './posts.service.ts';

export async function postsRoutes(app: FastifyInstance) {
  const linkOptions = {
    shortLinkBaseUrl: app.config.shortLinkBaseUrl,
    timeoutMs: app.config.providers.timeoutMs,
    timeZone: app.config.businessTimeZone,
  };

  route(
    app,
    posts.submit,
    async (request, reply) => {
      const { website, ...body } = request.body;
      // A bot filled the hidden field: answer like a success, store nothing.
      if (website) return reply.code(201).send({ ok: true });
      const post = await addPost(
        app.db,
        { ...body, competitionId: request.params.id, via: 'form' },
        linkOptions,
      );
      return reply.code(201).send({ ok: true, platform: post.platform });
    },
    // Anonymous: rate-limited per address.
    { rateLimit: { max: 10, timeWindow: 10 * 60_000 } },
  );

  route(app, posts.add, async (request, reply) => {
    const post = await addPost(
      app.db,
      { ...request.body, competitionId: request.params.id, via: 'staff', attemptedBy: request.user!.id },
      { ...linkOptions, allowClosed: true },
    );
    return reply.code(201).send({
      post: { ...post, statsCheckedAt: null, statsProvider: null, statsError: null, statsFailure: null },
    });
  });

  route(app, posts.import, async (request) => {
    const competition = await findVisibleCompetition(app.db, request.user!, request.params.id);
    return importPosts(app.db, competition.id, request.body.csv, linkOptions, request.user!.id);
  });

  route(app, posts.snapshots, async (request) => ({
    items: await postSnapshots(app.db, request.user!, request.params.id),
  }));

  route(app, posts.list, async (request) => {
    const competition = await findVisibleCompetition(app.db, request.user!, request.params.id);
    return listPosts(app.db, competition.id, request.query);
  });
}
