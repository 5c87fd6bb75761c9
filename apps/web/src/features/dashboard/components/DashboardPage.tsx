import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader.tsx';
import type { DashboardSearch } from '../dashboard-search.ts';
import { DashboardChart } from './DashboardChart.tsx';
import { DashboardCompetitions } from './DashboardCompetitions.tsx';
import { DashboardTiles } from './DashboardTiles.tsx';

/**
 * The dashboard (/dashboard), where sign-in lands: what waits (tiles), the daily chart, and the
 * ended and active competitions. Each role sees the competitions it may see.
 */
export function DashboardPage({
  search,
  onSearchChange,
}: {
  search: DashboardSearch;
  onSearchChange: (next: DashboardSearch) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <PageHeader title={t('nav.dashboard', { ns: 'dashboard' })} />
      <DashboardTiles />
      <DashboardChart
        search={{ chart: search.chart, from: search.from, to: search.to }}
        onChange={(next) => onSearchChange({ ...search, ...next })}
      />
      <DashboardCompetitions />
    </Stack>
  );
}
