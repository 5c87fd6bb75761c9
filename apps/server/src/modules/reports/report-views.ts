import { REPORT_MAX_POINTS, type PublicReport } from '@preffy/api';
import { type BucketCount, TIME_BUCKET_MS, cumulative, dailySeries, localDay } from '@preffy/domain';

type ViewsOverTime = PublicReport['viewsOverTime'];

const WEEK_DAYS = 7;

/**
 * Views over time: the total views of the competition's posts at the end of each day, from its
 * start day to its end day (or today, while it runs), in the business time zone. `buckets` are the
 * views each quarter-hour added (reports.repository viewGrowthByBucket). Growth recorded before the first
 * day still counts in the running total; growth after the last day is not shown. Past
 * REPORT_MAX_POINTS days the series is shown by week: each point is a week's first day with the
 * total at the end of that week (the last week may be shorter).
 */
export function viewsOverTime(
  buckets: readonly BucketCount[],
  range: { startDate: number; endDate: number; now: number; timeZone: string },
): ViewsOverTime {
  const first = localDay(range.startDate, range.timeZone);
  const endDay = localDay(range.endDate, range.timeZone);
  const today = localDay(range.now, range.timeZone);
  const last = endDay < today ? endDay : today;
  if (last < first) return { step: 'day', points: [] };
  // The growth before the first day: buckets whose local day is earlier (dailySeries' own rule).
  const before = buckets
    .filter(({ bucket }) => localDay(bucket * TIME_BUCKET_MS, range.timeZone) < first)
    .reduce((sum, { count }) => sum + count, 0);
  const days = cumulative(dailySeries(buckets, first, last, range.timeZone), before);
  if (days.length <= REPORT_MAX_POINTS)
    return { step: 'day', points: days.map(({ day, count }) => ({ day, views: count })) };
  const points = [];
  for (let i = 0; i < days.length; i += WEEK_DAYS) {
    const week = days.slice(i, i + WEEK_DAYS);
    points.push({ day: week[0]!.day, views: week[week.length - 1]!.count });
  }
  return { step: 'week', points };
}
