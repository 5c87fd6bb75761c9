import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';

export async function healthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/healthz',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Liveness and database check',
        response: { 200: z.object({ status: z.literal('ok'), database: z.string() }) },
      },
    },
    async () => {
      await sql`select 1`.execute(app.db);
      return { status: 'ok' as const, database: app.dialect };
    },
  );
  r.get(
    '/api/openapi.json',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['system'], summary: 'This API’s OpenAPI document', hide: true },
    },
    async () => app.swagger(),
  );
}
