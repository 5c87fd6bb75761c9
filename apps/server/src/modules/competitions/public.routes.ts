import { localDay, prizeTotal } from '@preffy/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { now } from '../../lib/clock.ts';
import { findCompetition } from './competitions.repository.ts';

/**
 * A competition the public may see: a hold (not confirmed) is not announced yet, so its page
 * answers 404 like a missing one.
 */
async function announcedCompetition(db: FastifyInstance['db'], id: string) {
  const c = await findCompetition(db, id);
  if (!c || c.isConfirmed !== 1) throw notFound('Competition');
  return c;
}

const idParams = z.object({ id: z.string().min(1).max(100) });

/**
 * The public competition page's data (/c/:id, no sign-in). Only what the page shows:
 * never emails, notes, the invoice amount, payments or anything else private.
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
            /** What the prize lines add up to: public anyway, unlike the invoice behind them. */
            prizeTotal: z.number(),
            totalViews: z.number(),
            ugcCount: z.number(),
            prizes: z.array(z.string()),
            startDate: z.number(),
            endDate: z.number(),
            /** Whether it takes entries now: started, not closed, not ended. */
            isOpen: z.boolean(),
            hasStarted: z.boolean(),
          }),
        },
      },
    },
    async (request) => {
      const c = await announcedCompetition(app.db, request.params.id);
      const stats = await app.db
        .selectFrom('posts')
        .select((eb) => [eb.fn.countAll<number>().as('ugc'), eb.fn.sum<number>('views').as('views')])
        .where('competitionId', '=', c.id)
        .where('deleted', '=', 0)
        .executeTakeFirstOrThrow();
      const prizes = JSON.parse(c.prizes) as string[];
      const hasStarted = Number(c.startDate) <= now();
      return {
        id: c.id,
        name: c.name,
        organizer: c.organizer,
        image: c.image,
        spotify: c.spotify,
        prizeTotal: prizeTotal(prizes).total,
        totalViews: Number(stats.views ?? 0),
        ugcCount: Number(stats.ugc),
        prizes,
        startDate: Number(c.startDate),
        endDate: Number(c.endDate),
        isOpen: hasStarted && c.isClosed === 0 && c.hasEnded === 0,
        hasStarted,
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
      const c = await announcedCompetition(app.db, request.params.id);
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
