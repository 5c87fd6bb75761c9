import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { pageQuerySchema } from '@preffy/api';
import { likePattern, offsetOf } from '../../lib/paging.ts';

/** The admin tabs: Upcoming (preview), Active, Completed (doc 2 section 4). */
export const COMPETITION_TABS = ['upcoming', 'active', 'completed'] as const;

const SORT_COLUMNS = {
  endDate: 'endDate',
  name: 'name',
  lastUpdated: 'lastUpdated',
  organizer: 'organizer',
  startDate: 'startDate',
} as const;

export const listCompetitionsQuerySchema = pageQuerySchema.extend({
  tab: z.enum(COMPETITION_TABS).optional(),
  sortBy: z.enum(Object.keys(SORT_COLUMNS) as [keyof typeof SORT_COLUMNS]).default('endDate'),
  sortDirection: z.enum(['asc', 'desc']).default('desc'),
});
export type ListCompetitionsQuery = z.infer<typeof listCompetitionsQuerySchema>;

/** Competitions a user may see: organizers only their own (organizerEmail), others all. */
export function visibleCompetitions(db: Database, viewer: { role: string; email: string }) {
  let q = db.selectFrom('competitions').where('deleted', '=', 0);
  if (viewer.role === 'organizer') q = q.where('organizerEmail', '=', viewer.email.toLowerCase());
  return q;
}

export async function listCompetitions(
  db: Database,
  viewer: { role: string; email: string },
  q: ListCompetitionsQuery,
) {
  let base = visibleCompetitions(db, viewer);
  if (q.tab === 'upcoming') base = base.where('hasEnded', '=', 0).where('isActive', '=', 0);
  if (q.tab === 'active') base = base.where('hasEnded', '=', 0).where('isActive', '=', 1);
  if (q.tab === 'completed') base = base.where('hasEnded', '=', 1);
  if (q.search) {
    const pattern = likePattern(q.search.toLowerCase());
    base = base.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['name']), 'like', pattern),
        eb(eb.fn('lower', ['organizer']), 'like', pattern),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy(SORT_COLUMNS[q.sortBy], q.sortDirection)
      .orderBy('id')
      .limit(q.pageSize)
      .offset(offsetOf(q))
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export const findCompetition = (db: Database, id: string) =>
  db.selectFrom('competitions').selectAll().where('id', '=', id).where('deleted', '=', 0).executeTakeFirst();
