import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { offsetOf, pageOf, pageQuerySchema } from '../../lib/paging.ts';

const outboxEmailSchema = z.object({
  id: z.string(),
  createdAt: z.number(),
  kind: z.string(),
  toEmail: z.string(),
  toName: z.string().nullable(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  status: z.string(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  sentAt: z.number().nullable(),
});

export async function outboxRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/outbox',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['email'],
        summary: 'The email outbox, newest first',
        querystring: pageQuerySchema
          .pick({ page: true, pageSize: true })
          .extend({ toEmail: z.string().optional() }),
        response: { 200: pageOf(outboxEmailSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      let base = app.db.selectFrom('emailOutbox');
      if (q.toEmail) base = base.where('toEmail', '=', q.toEmail.toLowerCase());
      const [items, count] = await Promise.all([
        base
          .selectAll()
          .orderBy('createdAt', 'desc')
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
