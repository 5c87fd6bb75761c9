import { type OpenApiDocument, apiErrorSchema, health } from '@preffy/api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { documentedResponses, route } from '../../lib/contract-route.ts';
import { pingDatabase } from './health.repository.ts';

export async function healthRoutes(app: FastifyInstance) {
  // Outside /api and the contract: load balancers and probes call it, not the app.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/healthz',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Liveness and database check',
        operationId: 'getHealthz',
        security: [],
        response: { 200: z.object({ status: z.literal('ok'), database: z.string() }) },
        ...documentedResponses({
          500: {
            description: 'The database does not answer',
            content: { 'application/json': { schema: apiErrorSchema } },
          },
        }),
      },
    },
    async () => {
      await pingDatabase(app.db);
      return { status: 'ok' as const, database: app.dialect };
    },
  );

  // The swagger types declare no index signature; the response schema checks the shape it reads.
  route(app, health.openapi, async () => app.swagger() as unknown as OpenApiDocument);
}
