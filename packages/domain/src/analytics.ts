import { isRealDay } from './calendar.ts';
import { addDays, localDay, midnightOn } from './dates.ts';

/**
 * Shared rules of the dashboard, analytics and reports (issue 16). The database groups rows by
 * epoch quarter-hour (floor(ms / 900,000): the same expression in SQLite and PostgreSQL); these
 * functions turn such buckets into days of the business time zone, which SQL cannot do portably
 * across daylight-saving changes. A quarter-hour because every time zone's offset is a whole
 * number of quarter-hours (+5:30 Kolkata, +5:45 Kathmandu): a bucket never straddles midnight.
 */

/** The dashboard charts start here (doc 2 section 9) and run daily until today. */
export const CHART_FIRST_DAY = '2021-03-01';

/**
 * The dashboard chart's days unless others are picked: the last 90 days (issue 39: from the first
 * chart day, years of days put every post in the chart's last pixels), never before CHART_FIRST_DAY.
 */
export const CHART_DEFAULT_DAYS = 90;
export function defaultChartFrom(today: string): string {
  const from = addDays(today, 1 - CHART_DEFAULT_DAYS);
  return from < CHART_FIRST_DAY ? CHART_FIRST_DAY : from;
}

/** The length of the time buckets the database groups by: 15 minutes. */
export const TIME_BUCKET_MS = 900_000;

/** A count the database grouped by epoch quarter-hour (epoch ms / TIME_BUCKET_MS, rounded down). */
export type BucketCount = { bucket: number; count: number };
/** One day of a chart. */
export type DayCount = { day: string; count: number };

/** Every day from `from` to `to` (YYYY-MM-DD, inclusive); empty when `to` is before `from`. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The epoch milliseconds [start, end) that the days `from`..`to` cover in the time zone. */
export function dayRangeMs(from: string, to: string, timeZone: string): { start: number; end: number } {
  return { start: midnightOn(from, timeZone), end: midnightOn(addDays(to, 1), timeZone) };
}

/**
 * Quarter-hour buckets summed into the days `from`..`to` of the time zone, every day present (0
 * when nothing happened). A bucket lies wholly inside one local day in every time zone, so each
 * count lands on its own day exactly.
 */
export function dailySeries(
  buckets: readonly BucketCount[],
  from: string,
  to: string,
  timeZone: string,
): DayCount[] {
  return daySeries(
    buckets.map(({ bucket, count }) => ({ day: localDay(bucket * TIME_BUCKET_MS, timeZone), count })),
    from,
    to,
  );
}

/** Counts per day summed into the days `from`..`to`, every day present (0 when nothing happened). */
export function daySeries(counts: readonly DayCount[], from: string, to: string): DayCount[] {
  const byDay = new Map(daysBetween(from, to).map((day) => [day, 0]));
  for (const { day, count } of counts) {
    const sum = byDay.get(day);
    if (sum !== undefined) byDay.set(day, sum + Number(count));
  }
  return [...byDay].map(([day, count]) => ({ day, count }));
}

/** A running total: what a cumulative chart (views so far) shows each day. */
export function cumulative(series: readonly DayCount[], start = 0): DayCount[] {
  let total = start;
  return series.map(({ day, count }) => ({ day, count: (total += count) }));
}

/** The analytics period presets; 'custom' takes from/to. */
export const ANALYTICS_PRESETS = ['last7', 'last30', 'last90', 'thisYear', 'lastYear', 'custom'] as const;
export type AnalyticsPreset = (typeof ANALYTICS_PRESETS)[number];

/** The days a preset covers, ending today (inclusive) in the business time zone. */
export function presetRange(
  preset: Exclude<AnalyticsPreset, 'custom'>,
  now: number,
  timeZone: string,
): { from: string; to: string } {
  const today = localDay(now, timeZone);
  const year = Number(today.slice(0, 4));
  switch (preset) {
    case 'last7':
      return { from: addDays(today, -6), to: today };
    case 'last30':
      return { from: addDays(today, -29), to: today };
    case 'last90':
      return { from: addDays(today, -89), to: today };
    case 'thisYear':
      return { from: `${year}-01-01`, to: today };
    case 'lastYear':
      return { from: `${year - 1}-01-01`, to: `${year - 1}-12-31` };
  }
}

/** A custom range is two real days, in order, inside [CHART_FIRST_DAY, today]. */
export function isValidRange(from: string, to: string, today: string): boolean {
  return isRealDay(from) && isRealDay(to) && CHART_FIRST_DAY <= from && from <= to && to <= today;
}

/** A rate as a share of a whole (0 when there is no whole): flag and disqualification rates. */
export const rate = (part: number, whole: number) => (whole > 0 ? part / whole : 0);
