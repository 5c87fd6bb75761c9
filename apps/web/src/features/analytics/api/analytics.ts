import { type AnalyticsQuery, analytics } from '@preffy/api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api/client.ts';

/** The analytics feature's query keys: one entry per period asked. */
export const analyticsKeys = {
  all: ['analytics'] as const,
  period: (query: AnalyticsQuery) => ['analytics', query] as const,
};

/** The figures of one period (a preset, or a custom from/to). */
export const analyticsQuery = (query: AnalyticsQuery) =>
  queryOptions({
    queryKey: analyticsKeys.period(query),
    queryFn: () => call(analytics.get, { query }),
  });

/**
 * The figures of the chosen period; nothing is asked while a custom range lacks a day. The last
 * figures stay on screen while the next period loads, so switching does not flash the page.
 */
export const useAnalytics = (query: AnalyticsQuery | null) =>
  useQuery({
    ...analyticsQuery(query ?? {}),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
