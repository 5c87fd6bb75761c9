import { localDay } from '@preffy/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { now } from '../../lib/clock.ts';
import { findCompetition } from './competitions.repository.ts';

const idParams = z.object({ id: z.string().min(1).max(100) });

/**
 * The public competition page's data (/c/:id, no sign-in). Only what the page shows:
 * never emails, notes, payments or anything else private.
 */
export async function publicCompetitionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/public/competitions/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['public'],
        summary: 'A competition as the public page shows it',
        params: idParams,
        response: {
          200: z.object({
            id: z.string(),
            name: z.string(),
            organizer: z.string(),
            image: z.string().nullable(),
            spotify: z.string().nullable(),
            invoiceAmount: z.number(),
            totalViews: z.number(),
            ugcCount: z.number(),
            prizes: z.array(z.string()),
            startDate: z.number(),
            endDate: z.number(),
            isOpen: z.boolean(),
          }),
        },
      },
    },
    async (request) => {
      const c = await findCompetition(app.db, request.params.id);
      if (!c) throw notFound('Competition');
      const stats = await app.db
        .selectFrom('posts')
        .select((eb) => [eb.fn.countAll<number>().as('ugc'), eb.fn.sum<number>('views').as('views')])
        .where('competitionId', '=', c.id)
        .where('deleted', '=', 0)
        .executeTakeFirstOrThrow();
      return {
        id: c.id,
        name: c.name,
        organizer: c.organizer,
        image: c.image,
        spotify: c.spotify,
        invoiceAmount: c.invoiceAmount,
        totalViews: Number(stats.views ?? 0),
        ugcCount: Number(stats.ugc),
        prizes: JSON.parse(c.prizes) as string[],
        startDate: Number(c.startDate),
        endDate: Number(c.endDate),
        isOpen: c.isClosed === 0 && c.hasEnded === 0,
      };
    },
  );

  r.post(
    '/api/public/competitions/:id/visits',
    {
      // Anonymous and cookie-less, like a page view: nothing to forge, so no CSRF token.
      config: { access: 'public', csrf: false, rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        tags: ['public'],
        summary: 'Count a visit of the public page under its ?ref= tag',
        params: idParams,
        body: z.object({
          ref: z
            .string()
            .trim()
            .min(1)
            .max(50)
            .regex(/^[\w.-]+$/),
        }),
        response: { 200: z.object({ ok: z.boolean() }) },
      },
    },
    async (request) => {
      const c = await findCompetition(app.db, request.params.id);
      if (!c) throw notFound('Competition');
      const day = localDay(now(), app.config.businessTimeZone);
      await app.db
        .insertInto('competitionVisits')
        .values({ competitionId: c.id, ref: request.body.ref.toLowerCase(), day, visits: 1 })
        .onConflict((oc) =>
          oc
            .columns(['competitionId', 'ref', 'day'])
            .doUpdateSet((eb) => ({ visits: eb('competitionVisits.visits', '+', 1) })),
        )
        .execute();
      return { ok: true };
    },
  );
}
