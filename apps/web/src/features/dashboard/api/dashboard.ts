import { type DashboardChart, dashboard } from '@preffy/api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api/client.ts';

/** The dashboard's query keys: the tiles, one chart per kind and range, the competitions pages. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  tiles: ['dashboard', 'tiles'] as const,
  chart: (query: ChartQuery) => ['dashboard', 'chart', query] as const,
  competitions: ['dashboard', 'competitions'] as const,
};

export type ChartQuery = { kind: DashboardChart; from?: string; to?: string };

export const chartQuery = (query: ChartQuery) =>
  queryOptions({
    queryKey: dashboardKeys.chart(query),
    queryFn: () => call(dashboard.chart, { query }),
  });

/** The chart's series; the last one stays on screen while another kind or range loads. */
export const useDashboardChart = (query: ChartQuery) =>
  useQuery({ ...chartQuery(query), placeholderData: keepPreviousData });

export const useDashboardTiles = () =>
  useQuery({ queryKey: dashboardKeys.tiles, queryFn: () => call(dashboard.tiles, {}) });
