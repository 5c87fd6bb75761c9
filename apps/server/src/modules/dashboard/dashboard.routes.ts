import { dashboard } from '@preffy/api';
import type { FastifyInstance } from 'fastify';
import { aggregateCache } from '../../lib/aggregate-cache.ts';
import { route } from '../../lib/contract-route.ts';
import { chartRange, getChart, getTiles, listCompetitions } from './dashboard.service.ts';

/** The dashboard (issue 16): every signed-in role, each seeing only the competitions it may see. */
export async function dashboardRoutes(app: FastifyInstance) {
  // The chart counts every post since 2021: one answer per scope and range is kept briefly.
  const cachedChart = aggregateCache<Awaited<ReturnType<typeof getChart>>>(app.config.aggregatesCacheMs);
  const timeZone = app.config.businessTimeZone;
  route(app, dashboard.chart, async (request) => {
    const viewer = request.user!;
    const { from, to } = chartRange(request.query, timeZone);
    // Organizers see their own competitions; staff and admins all of them.
    const scope = viewer.role === 'organizer' ? viewer.email : 'all';
    return cachedChart(`${scope} ${request.query.kind} ${from} ${to}`, () =>
      // Counted off the event loop (decision 0075).
      getChart(app.aggregatesDb, viewer, request.query, timeZone),
    );
  });
  route(app, dashboard.competitions, async (request) =>
    listCompetitions(app.db, request.user!, request.query),
  );
  route(app, dashboard.tiles, async (request) => getTiles(app.db, request.user!));
}
