import type { DashboardChartData, DashboardTiles, ParsedQuery, dashboard } from '@preffy/api';
import { dailySeries, defaultChartFrom, dayRangeMs, daySeries, localDay, prizeTotal } from '@preffy/domain';
import type { Database } from '../../db/database.ts';
import { now } from '../../lib/clock.ts';
import { requireChartDays } from '../../lib/day-range.ts';
import { countUnseen } from '../inquiries/index.ts';
import { prizeMoney } from '../payments/index.ts';
import {
  type Viewer,
  endedOrActive,
  flaggedTile,
  holdsTile,
  newCreatorsByBucket,
  reviewTile,
  ugcByBucket,
  ugcByDay,
} from './dashboard.repository.ts';

export type ChartQuery = ParsedQuery<typeof dashboard.chart>;

/** The chart's days: the last 90 (defaultChartFrom) until today (business time zone) unless asked otherwise (requireChartDays). */
export function chartRange(query: ChartQuery, timeZone: string, at = now()) {
  const today = localDay(at, timeZone);
  const from = query.from ?? defaultChartFrom(today);
  const to = query.to ?? today;
  requireChartDays(from, to, today);
  return { from, to };
}

/**
 * A daily series. Staff's UGC reads the daily rollups; otherwise the database counts per epoch
 * quarter-hour and dailySeries folds them into local days.
 */
export async function getChart(
  db: Database,
  viewer: Viewer,
  query: ChartQuery,
  timeZone: string,
): Promise<Omit<DashboardChartData, 'computedAt'>> {
  const { from, to } = chartRange(query, timeZone);
  if (query.kind === 'ugc' && viewer.role !== 'organizer')
    return { kind: query.kind, from, to, points: daySeries(await ugcByDay(db, { from, to }), from, to) };
  const range = dayRangeMs(from, to, timeZone);
  const buckets =
    query.kind === 'ugc'
      ? await ugcByBucket(db, viewer, range)
      : await newCreatorsByBucket(db, viewer, range);
  return { kind: query.kind, from, to, points: dailySeries(buckets, from, to, timeZone) };
}

/** A page of the ended or active competitions; the prize total is read from each one's prize lines. */
export async function listCompetitions(db: Database, viewer: Viewer, q: { page: number; pageSize: number }) {
  const { items, total } = await endedOrActive(db, viewer, q);
  return {
    total,
    items: items.map((row) => ({
      id: row.id,
      name: row.name,
      organizer: row.organizer,
      prizeTotal: prizeTotal(row.prizes ? (JSON.parse(row.prizes) as string[]) : []).total,
      ugcCount: Number(row.ugcCount ?? 0),
    })),
  };
}

/** The tiles; money and inquiries are staff business, so organizers get null for them. */
export async function getTiles(db: Database, viewer: Viewer): Promise<DashboardTiles> {
  const staff = viewer.role !== 'organizer';
  // Together: PostgreSQL runs them on connections of its pool at once (8–9 ms one after the
  // other); SQLite's one connection takes them in turn all the same.
  const [review, flagged, holds, payments, unseen] = await Promise.all([
    reviewTile(db, viewer),
    flaggedTile(db, viewer),
    holdsTile(db, viewer),
    staff ? prizeMoney(db, { all: true }) : null,
    staff ? countUnseen(db) : null,
  ]);
  return {
    review,
    flagged,
    payments: payments && { ...payments.toBePaid, paid: payments.paid.amount },
    inquiries: unseen === null ? null : { unseen },
    holds,
  };
}
