import {
  COMPETITION_FIELD_ACCESS,
  COMPETITION_STATES,
  canManageCompetition,
  newCompetitionDefaults,
  startCompetitionSchema,
  updateCompetitionSchema,
} from '@preffy/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound, parseOrThrow } from '../../lib/errors.ts';
import { now } from '../../lib/clock.ts';
import { pageOf } from '@preffy/api';
import { competitionListItemSchema, competitionSchema, toCompetition } from './competition.dto.ts';
import { findCompetition, listCompetitions, listCompetitionsQuerySchema } from './competitions.repository.ts';
import {
  confirmHold,
  deleteCompetition,
  setCompetitionState,
  startCompetition,
  updateCompetition,
} from './competitions.service.ts';

const idParams = z.object({ id: z.string().min(1).max(100) });
const version = z.object({ version: z.number().int().min(1) });
const one = z.object({ competition: competitionSchema });

export async function competitionsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const timeZone = app.config.businessTimeZone;

  r.get(
    '/api/competitions',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['competitions'],
        summary: 'Competitions by tab (upcoming, active, completed), searched and sorted on the server',
        querystring: listCompetitionsQuerySchema,
        response: { 200: pageOf(competitionListItemSchema) },
      },
    },
    async (request) => {
      const { rows, total } = await listCompetitions(app.db, request.user!, request.query);
      return { items: rows.map(toCompetition), total };
    },
  );

  r.get(
    '/api/competitions/defaults',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['competitions'],
        summary: 'What the Start A Competition form starts with, in the business time zone',
        response: {
          200: z.object({
            timeZone: z.string(),
            startDate: z.number(),
            endDate: z.number(),
            invoiceAmount: z.number(),
            prizes: z.array(z.string()),
            email: z.string(),
          }),
        },
      },
    },
    async (request) => {
      const d = newCompetitionDefaults(now(), timeZone);
      return {
        timeZone,
        startDate: d.startDate,
        endDate: d.endDate,
        invoiceAmount: d.invoiceAmount,
        prizes: d.prizes,
        email: request.user!.email,
      };
    },
  );

  r.get(
    '/api/competitions/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['competitions'],
        summary: 'One competition',
        params: idParams,
        response: { 200: one },
      },
    },
    async (request) => {
      const row = await findCompetition(app.db, request.params.id);
      // Organizers get 404 for others' competitions: not even their existence leaks.
      if (!row || !canManageCompetition(request.user!, row.organizerEmail)) throw notFound('Competition');
      return { competition: toCompetition(row) };
    },
  );

  r.post(
    '/api/competitions',
    {
      config: { access: 'signed-in', idempotent: true },
      schema: {
        tags: ['competitions'],
        summary: 'Start A Competition',
        // The end-date rule depends on today, so it is checked again in the handler.
        body: startCompetitionSchema({ now: 0, timeZone }),
        response: { 201: one },
      },
    },
    async (request, reply) => {
      const input = parseOrThrow(startCompetitionSchema({ now: now(), timeZone }), request.body);
      const competition = await startCompetition(app.db, request.user!, input);
      return reply.code(201).send({ competition });
    },
  );

  r.put(
    '/api/competitions/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['competitions'],
        summary: 'Update A Competition (every field, with the version read)',
        params: idParams,
        body: updateCompetitionSchema.and(version),
        response: { 200: one },
      },
    },
    async (request) => ({
      competition: await updateCompetition(app.db, request.user!, request.params.id, request.body),
    }),
  );

  r.post(
    '/api/competitions/:id/state',
    {
      config: { access: COMPETITION_FIELD_ACCESS.state.update },
      schema: {
        tags: ['competitions'],
        summary: 'Set the state: preview, active or completed',
        params: idParams,
        body: version.extend({ state: z.enum(COMPETITION_STATES) }),
        response: { 200: one },
      },
    },
    async (request) => ({
      competition: await setCompetitionState(app.db, request.user!, request.params.id, request.body),
    }),
  );

  r.post(
    '/api/competitions/:id/confirm',
    {
      config: { access: COMPETITION_FIELD_ACCESS.isConfirmed.update },
      schema: {
        tags: ['competitions'],
        summary: 'Confirm a hold (staff and admins only)',
        params: idParams,
        body: version,
        response: { 200: one },
      },
    },
    async (request) => ({
      competition: await confirmHold(app.db, request.user!, request.params.id, request.body.version),
    }),
  );

  r.delete(
    '/api/competitions/:id',
    {
      // Administrators and the competition's own organizer (checked in the service).
      config: { access: 'signed-in' },
      schema: {
        tags: ['competitions'],
        summary: "Delete (soft): administrators and the competition's organizer",
        params: idParams,
        querystring: z.object({ version: z.coerce.number().int().min(1) }),
        response: { 200: z.object({ ok: z.boolean() }) },
      },
    },
    async (request) => {
      await deleteCompetition(app.db, request.user!, request.params.id, request.query.version);
      return { ok: true };
    },
  );
}
