import { analytics } from '@preffy/api';
import type { FastifyInstance } from 'fastify';
import { aggregateCache } from '../../lib/aggregate-cache.ts';
import { route } from '../../lib/contract-route.ts';
import { getAnalytics, periodPrizeMoney, resolvePeriod } from './analytics.service.ts';

/**
 * Analytics (issue 16): staff and admins (the contract's access; organizers get 403). Every
 * staff member sees the same figures of a period, so one answer per period is kept briefly.
 */
export async function analyticsRoutes(app: FastifyInstance) {
  const cached = aggregateCache<Awaited<ReturnType<typeof getAnalytics>>>(app.config.aggregatesCacheMs);
  const timeZone = app.config.businessTimeZone;
  route(app, analytics.get, async (request) => {
    const period = resolvePeriod(request.query, timeZone);
    const [figures, prizeMoney] = await Promise.all([
      cached(`${period.preset} ${period.from} ${period.to}`, () =>
        // Counted off the event loop (decision 0075): about 2 s over a million posts.
        getAnalytics(app.aggregatesDb, period, timeZone),
      ),
      periodPrizeMoney(app.db, period, timeZone),
    ]);
    return { ...figures, prizeMoney };
  });
}
