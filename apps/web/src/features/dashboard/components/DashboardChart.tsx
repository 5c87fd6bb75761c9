import { Alert, Card, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { DASHBOARD_CHARTS, type DashboardChart as ChartKind } from '@preffy/api';
import { defaultChartFrom, localDay } from '@preffy/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartDaysInput } from '../../../components/charts/ChartDaysInput.tsx';
import { PictureLineChart } from '../../../components/charts/picture-charts.tsx';
import { describeError } from '../../../lib/api/client.ts';
import { formatCount, formatTimestamp } from '../../../lib/format.ts';
import { useBusinessTimeZone } from '../../../lib/session.ts';
import { useDashboardChart } from '../api/dashboard.ts';
import type { DashboardSearch } from '../dashboard-search.ts';

type ChartSearch = Pick<DashboardSearch, 'chart' | 'from' | 'to'>;

/**
 * The daily chart: All UGC or New Creators, over the days in the address (the last 90 days
 * until today unless a range was picked, as the server takes them). Its days and its "counted at"
 * are both in the business time zone, named once under the days.
 */
export function DashboardChart({
  search,
  onChange,
}: {
  search: ChartSearch;
  onChange: (next: ChartSearch) => void;
}) {
  const { t } = useTranslation('dashboard');
  const timeZone = useBusinessTimeZone();
  // Today as the page opened: the picker's last day and the default range's end.
  const [today] = useState(() => localDay(Date.now(), timeZone));
  const defaultFrom = defaultChartFrom(today);
  const kind: ChartKind = search.chart ?? 'ugc';
  const result = useDashboardChart({ kind, from: search.from, to: search.to });
  // The first click of a range has no end yet: it stays here until the second one.
  const [picking, setPicking] = useState<[string | null, string | null] | null>(null);
  const points = result.data?.points ?? [];
  const nothing = points.every((p) => p.count === 0);

  return (
    <Card withBorder padding="md" data-testid="dashboard-chart">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t(`chart.kinds.${kind}`)}
        </Title>
        <Group align="flex-end" wrap="wrap">
          <Select
            label={t('chart.label')}
            data-testid="dashboard-chart-select"
            data={DASHBOARD_CHARTS.map((value) => ({ value, label: t(`chart.kinds.${value}`) }))}
            value={kind}
            allowDeselect={false}
            w={{ base: '100%', xs: 260 }}
            onChange={(value) => onChange({ ...search, chart: (value ?? 'ugc') as ChartKind })}
          />
          <ChartDaysInput
            label={t('chart.range')}
            description={t('chart.timeZone', { zone: timeZone })}
            today={today}
            value={picking ?? [search.from ?? defaultFrom, search.to ?? today]}
            onChange={([from, to]) => {
              if (!from || !to) return setPicking([from, to]);
              setPicking(null);
              // The default span leaves the address clean.
              onChange({
                ...search,
                from: from === defaultFrom ? undefined : from,
                to: to === today ? undefined : to,
              });
            }}
          />
        </Group>
        {result.isError ? (
          <Alert color="red" title={t('chart.loadFailed')}>
            {describeError(result.error).message}
          </Alert>
        ) : !result.data ? (
          <Loader aria-label={t('common.loading', { ns: 'common' })} />
        ) : nothing ? (
          <Text c="dimmed" data-testid="dashboard-chart-empty">
            {t(`chart.empty.${kind}`)}
          </Text>
        ) : (
          <div style={{ opacity: result.isPlaceholderData ? 0.6 : 1 }} aria-busy={result.isFetching}>
            <PictureLineChart
              h={260}
              data={points}
              dataKey="day"
              series={[{ name: 'count', label: t(`chart.series.${kind}`), color: 'blue.6' }]}
              valueFormatter={formatCount}
              withDots={points.length <= 60}
              curveType="linear"
              aria-label={t(`chart.kinds.${kind}`)}
            />
            <Text size="xs" c="dimmed" mt="xs" data-testid="dashboard-chart-as-of">
              {t('chart.asOf', {
                time: formatTimestamp(result.data.computedAt, timeZone, undefined, { zoneName: false }),
              })}
            </Text>
          </div>
        )}
      </Stack>
    </Card>
  );
}
