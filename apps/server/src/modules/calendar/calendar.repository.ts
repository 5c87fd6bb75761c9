import {
  addDays,
  calendarTone,
  isWaitingHold,
  midnightOn,
  monthGridDays,
  prizeTotal,
} from '@preffy/domain';
import type { Database } from '../../db/database.ts';
import { paged } from '../../lib/paging.ts';

/** How many organizers a day cell names; the rest are counted ("+3 more"). */
export const ENTRIES_PER_DAY = 5;

const flags = (r: { isConfirmed: number; isDirect: number; is555: number }) => ({
  isConfirmed: r.isConfirmed === 1,
  isDirect: r.isDirect === 1,
  is555: r.is555 === 1,
});

/**
 * One month grid in two bounded queries, whatever the number of competitions on record:
 * the organizers starting (holding or confirming) each day, at most ENTRIES_PER_DAY per start
 * time, and per day the count of confirmed competitions covering it (start ≤ day ≤ end).
 */
export async function monthGrid(db: Database, month: string, timeZone: string) {
  const days = monthGridDays(month);
  // Each day ends where the next begins: one midnight per day, plus the one after the grid.
  const midnights = [...days, addDays(days.at(-1)!, 1)].map((day) => midnightOn(day, timeZone));
  const bounds = days.map((day, i) => ({ day, from: midnights[i]!, to: midnights[i + 1]! }));
  const gridStart = bounds[0]!.from;
  const gridEnd = bounds.at(-1)!.to;

  const ranked = db
    .selectFrom('competitions')
    .select((eb) => [
      'id',
      'organizer',
      'startDate',
      'isConfirmed',
      'isDirect',
      'is555',
      eb.fn
        .agg<number>('row_number')
        .over((ob) => ob.partitionBy('startDate').orderBy('isConfirmed', 'desc').orderBy('organizer'))
        .as('rank'),
      eb.fn
        .countAll<number>()
        .over((ob) => ob.partitionBy('startDate'))
        .as('sameStart'),
    ])
    .where('deleted', '=', 0)
    .where('startDate', '>=', gridStart)
    .where('startDate', '<', gridEnd);
  const starting = await db
    .selectFrom(ranked.as('ranked'))
    .selectAll()
    .where('rank', '<=', ENTRIES_PER_DAY)
    .orderBy('startDate')
    .orderBy('rank')
    .execute();

  const covering = await db
    .selectFrom('competitions')
    .select((eb) =>
      bounds.map((b, i) =>
        eb.fn
          .sum<number>(
            eb
              .case()
              .when(eb.and([eb('startDate', '<', b.to), eb('endDate', '>=', b.from)]))
              .then(1)
              .else(0)
              .end(),
          )
          .as(`d${i}`),
      ),
    )
    .where('deleted', '=', 0)
    .where('isConfirmed', '=', 1)
    .where('startDate', '<', gridEnd)
    .where('endDate', '>=', gridStart)
    .executeTakeFirst();

  return bounds.map((b, i) => {
    const here = starting.filter((r) => r.startDate >= b.from && r.startDate < b.to);
    const total = [...new Map(here.map((r) => [r.startDate, Number(r.sameStart)])).values()].reduce(
      (a, n) => a + n,
      0,
    );
    const entries = here.slice(0, ENTRIES_PER_DAY).map((r) => {
      const f = flags(r);
      return { id: r.id, organizer: r.organizer, ...f, tone: calendarTone(f) };
    });
    return {
      day: b.day,
      inMonth: b.day.startsWith(month),
      entries,
      moreEntries: total - entries.length,
      confirmedCount: Number((covering as Record<string, unknown> | undefined)?.[`d${i}`] ?? 0),
    };
  });
}

/** The competitions covering one day (start ≤ day ≤ end), paged, for the day modal. */
export async function competitionsOnDay(
  db: Database,
  day: string,
  timeZone: string,
  q: { page: number; pageSize: number },
) {
  const from = midnightOn(day, timeZone);
  const to = midnightOn(addDays(day, 1), timeZone);
  const base = db
    .selectFrom('competitions')
    .where('deleted', '=', 0)
    .where('startDate', '<', to)
    .where('endDate', '>=', from);
  return paged(
    q,
    base,
    (competitions) =>
      competitions
        .select([
          'id',
          'version',
          'name',
          'organizer',
          'organizerEmail',
          'startDate',
          'endDate',
          'prizes',
          'isConfirmed',
          'isDirect',
          'is555',
          'audio',
          'reservation',
        ])
        .orderBy('startDate')
        .orderBy('organizer')
        .orderBy('id'),
    (r) => {
      const f = flags(r);
      return {
        id: r.id,
        version: r.version,
        name: r.name,
        organizer: r.organizer,
        email: r.organizerEmail,
        startDate: Number(r.startDate),
        endDate: Number(r.endDate),
        prizeTotal: prizeTotal(JSON.parse(r.prizes) as string[]).total,
        ...f,
        tone: calendarTone(f),
        isWaitingHold: isWaitingHold(r),
      };
    },
  );
}

/** Organizer emails of the competitions starting on a day (they hold that date). */
export async function organizersStartingOn(db: Database, day: string, timeZone: string, exceptId?: string) {
  let q = db
    .selectFrom('competitions')
    .select('organizerEmail')
    .distinct()
    .where('deleted', '=', 0)
    .where('startDate', '>=', midnightOn(day, timeZone))
    .where('startDate', '<', midnightOn(addDays(day, 1), timeZone));
  if (exceptId) q = q.where('id', '!=', exceptId);
  // A date is held by a handful of organizers; the cap keeps one email's recipients bounded.
  return (await q.limit(200).execute()).map((r) => r.organizerEmail);
}
