import { calendar } from '@preffy/api';
import { localDay } from '@preffy/domain';
import type { FastifyInstance } from 'fastify';
import { now } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { route } from '../../lib/contract-route.ts';
import {
  feedOwner,
  feedUrl,
  hasFeed,
  renderFeed,
  revokeFeedToken,
  rotateFeedToken,
} from './calendar-feed.ts';
import { monthGrid } from './calendar.repository.ts';
import { dayCompetitions, reserveDate } from './calendar.service.ts';

export async function calendarRoutes(app: FastifyInstance) {
  const timeZone = app.config.businessTimeZone;

  route(app, calendar.month, async (request) => ({
    month: request.params.month,
    today: localDay(now(), timeZone),
    timeZone,
    genniDirectFormUrl: app.config.genniDirectFormUrl ?? null,
    days: await monthGrid(app.db, request.params.month, timeZone),
  }));

  route(app, calendar.day, async (request) =>
    dayCompetitions(app.db, request.user!, request.params.day, timeZone, request.query),
  );

  route(app, calendar.reserve, async (request, reply) => {
    const competition = await reserveDate(app.db, request.user!, request.body, {
      timeZone,
      staffEmail: app.config.reservationNoticeEmail,
    });
    return reply.code(201).send({ competition });
  });

  route(app, calendar.feed, async (request) => ({
    active: await hasFeed(app.db, request.user!.id),
    url: null,
  }));

  route(app, calendar.makeFeed, async (request) => ({
    active: true,
    url: feedUrl(app.config.publicUrl, await rotateFeedToken(app.db, request.user!.id)),
  }));

  route(app, calendar.stopFeed, async (request) => {
    await revokeFeedToken(app.db, request.user!.id);
    return { active: false, url: null };
  });

  route(
    app,
    calendar.feedFile,
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
    { rateLimit: { max: 60, timeWindow: 60_000 } },
  );
}
