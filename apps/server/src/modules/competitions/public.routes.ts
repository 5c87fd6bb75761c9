import { publicCompetitions } from '@preffy/api';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/contract-route.ts';
import { cacheablePublicAnswer } from '../../lib/public-cache.ts';
import { getPublicCompetition, recordVisit } from './public.service.ts';

/** The public competition page's data (/c/:id, no sign-in). */
export async function publicCompetitionRoutes(app: FastifyInstance) {
  // The same for every visitor: cacheable (issue 43).
  route(app, publicCompetitions.get, async (request, reply) =>
    cacheablePublicAnswer(request, reply, await getPublicCompetition(app.db, request.params.id)),
  );

  route(
    app,
    publicCompetitions.countVisit,
    async (request) => {
      await recordVisit(app.db, request.params.id, request.body.ref, app.config.businessTimeZone);
      return { ok: true };
    },
    { rateLimit: { max: 60, timeWindow: 60_000 } },
  );
}
