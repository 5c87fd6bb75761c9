import {
  FORM_MESSAGES,
  MONTH_PATTERN,
  canDeleteCompetition,
  isDayInWindow,
  isMonthInWindow,
  isRealDay,
  localDay,
  reserveDateSchema,
} from '@preffy/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { now } from '../../lib/clock.ts';
import { MAX_PAGE_SIZE, pageOf } from '@preffy/api';
import { competitionSchema } from '../competitions/competition.dto.ts';
import {
  feedOwner,
  feedUrl,
  hasFeed,
  renderFeed,
  revokeFeedToken,
  rotateFeedToken,
} from './calendar-feed.ts';
import { competitionsOnDay, monthGrid } from './calendar.repository.ts';
import { reserveDate } from './calendar.service.ts';

const tone = z.enum(['primary', 'secondary', 'danger', 'warning']);
const calendarFlags = { isConfirmed: z.boolean(), isDirect: z.boolean(), is555: z.boolean(), tone };

export async function calendarRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const timeZone = app.config.businessTimeZone;

  r.get(
    '/api/calendar/months/:month',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['calendar'],
        summary:
          'A month grid (weeks from Monday): who holds each day, and confirmed competitions covering it',
        params: z.object({
          month: z
            .string()
            .regex(MONTH_PATTERN, { error: 'A month is YYYY-MM', abort: true })
            .refine(isMonthInWindow, FORM_MESSAGES.dateOutOfWindow),
        }),
        response: {
          200: z.object({
            month: z.string(),
            today: z.string(),
            timeZone: z.string(),
            genniDirectFormUrl: z.string().nullable(),
            days: z.array(
              z.object({
                day: z.string(),
                inMonth: z.boolean(),
                entries: z.array(z.object({ id: z.string(), organizer: z.string(), ...calendarFlags })),
                moreEntries: z.number(),
                confirmedCount: z.number(),
              }),
            ),
          }),
        },
      },
    },
    async (request) => ({
      month: request.params.month,
      today: localDay(now(), timeZone),
      timeZone,
      genniDirectFormUrl: app.config.genniDirectFormUrl ?? null,
      days: await monthGrid(app.db, request.params.month, timeZone),
    }),
  );

  r.get(
    '/api/calendar/days/:day',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['calendar'],
        summary: 'The competitions covering one day, paged; canChange says whether Edit and Delete apply',
        params: z.object({
          day: z
            .string()
            .refine(isRealDay, { error: 'A day is a real date, YYYY-MM-DD', abort: true })
            .refine(isDayInWindow, FORM_MESSAGES.dateOutOfWindow),
        }),
        querystring: z.object({
          page: z.coerce.number().int().min(1).default(1),
          pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(10),
        }),
        response: {
          200: pageOf(
            z.object({
              id: z.string(),
              version: z.number(),
              name: z.string(),
              organizer: z.string(),
              email: z.string(),
              startDate: z.number(),
              endDate: z.number(),
              prizeTotal: z.number(),
              ...calendarFlags,
              canChange: z.boolean(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const { rows, total } = await competitionsOnDay(app.db, request.params.day, timeZone, request.query);
      const user = request.user!;
      return { total, items: rows.map((c) => ({ ...c, canChange: canDeleteCompetition(user, c.email) })) };
    },
  );

  r.post(
    '/api/calendar/reservations',
    {
      // A double-clicked Reserve A Date once made two holds and two sets of notices.
      config: { access: 'signed-in', idempotent: true },
      schema: {
        tags: ['calendar'],
        summary:
          'Reserve A Date: a 7-day hold from 15:00, with its notices (and a hold-conflict notice from 4 recipients)',
        body: reserveDateSchema,
        response: { 201: z.object({ competition: competitionSchema }) },
      },
    },
    async (request, reply) => {
      const competition = await reserveDate(app.db, request.user!, request.body, {
        timeZone,
        staffEmail: app.config.reservationNoticeEmail,
      });
      return reply.code(201).send({ competition });
    },
  );

  const feedState = z.object({ active: z.boolean(), url: z.string().nullable() });
  r.get(
    '/api/calendar/feed',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['calendar'],
        summary: 'Whether I have a calendar feed (its address is shown only when made)',
        response: { 200: feedState },
      },
    },
    async (request) => ({ active: await hasFeed(app.db, request.user!.id), url: null }),
  );
  r.post(
    '/api/calendar/feed',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['calendar'],
        summary: 'Make a new private feed address (the old one stops working)',
        response: { 200: feedState },
      },
    },
    async (request) => ({
      active: true,
      url: feedUrl(app.config.publicUrl, await rotateFeedToken(app.db, request.user!.id)),
    }),
  );
  r.delete(
    '/api/calendar/feed',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['calendar'], summary: 'Turn my calendar feed off', response: { 200: feedState } },
    },
    async (request) => {
      await revokeFeedToken(app.db, request.user!.id);
      return { active: false, url: null };
    },
  );

  r.get(
    '/api/calendar/feed/:file',
    {
      // The secret token in the address is the credential: calendar apps send no cookies.
      config: { access: 'public', rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        tags: ['calendar'],
        summary: 'The iCalendar feed (token.ics) of the competitions its owner may see',
        params: z.object({ file: z.string().regex(/^[\w-]{20,100}\.ics$/) }),
      },
    },
    async (request, reply) => {
      const owner = await feedOwner(app.db, request.params.file.replace(/\.ics$/, ''));
      if (!owner) throw notFound('Calendar feed');
      const body = await renderFeed(app.db, owner, { publicUrl: app.config.publicUrl });
      return reply
        .type('text/calendar; charset=utf-8')
        .header('Cache-Control', 'private, max-age=300')
        .header('Content-Disposition', 'inline; filename="preffy.ics"')
        .send(body);
    },
  );
}
