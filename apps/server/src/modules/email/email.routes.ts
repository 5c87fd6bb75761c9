import { email } from '@preffy/api';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/contract-route.ts';
import { sendBulkEmail, sendOutreach } from './bulk-email.ts';
import { listSubscribers } from '../winners/index.ts';
import { pickableCompetitions } from './email.repository.ts';
import { emailKinds, previewBulkEmail, previewSample } from './email.service.ts';

export async function emailRoutes(app: FastifyInstance) {
  route(app, email.kinds, async () => ({ items: emailKinds() }));

  route(app, email.preview, async (request) =>
    previewSample(app.config.publicUrl, request.params.kind, request.query.language),
  );

  route(app, email.bulkPreview, async (request) =>
    previewBulkEmail(app.db, app.config.publicUrl, request.query),
  );

  route(app, email.subscribers, async (request) => listSubscribers(app.db, request.query));

  route(app, email.competitions, async (request) => ({
    items: await pickableCompetitions(app.db, request.query.search, request.query.include),
  }));

  route(
    app,
    email.sendBulk,
    async (request, reply) => {
      const result = await sendBulkEmail(app.db, {
        ...request.body,
        publicUrl: app.config.publicUrl,
        actorId: request.user!.id,
      });
      return reply.code(202).send(result);
    },
    { bodyLimit: 8 * 1024 * 1024 },
  );

  route(
    app,
    email.sendOutreach,
    async (request, reply) =>
      reply.code(202).send(await sendOutreach(app.db, { ...request.body, actorId: request.user!.id })),
    { bodyLimit: 8 * 1024 * 1024 },
  );
}
