import { Stack, Title } from '@mantine/core';
import { DASHBOARD_PAGE_SIZES, type DashboardCompetition, dashboard } from '@preffy/api';
import { useTranslation } from 'react-i18next';
import { type Column, ServerTable } from '../../../components/table/ServerTable.tsx';
import { useServerTable } from '../../../components/table/use-server-table.ts';
import { formatCount, formatUsd } from '../../../lib/format.ts';
import { dashboardKeys } from '../api/dashboard.ts';

/** The ended and active competitions, latest end first (the server's order), paged in the address. */
export function DashboardCompetitions() {
  const { t } = useTranslation('dashboard');
  const table = useServerTable({
    key: dashboardKeys.competitions,
    endpoint: dashboard.competitions,
    pageSizes: [...DASHBOARD_PAGE_SIZES],
  });
  const columns: Column<DashboardCompetition>[] = [
    { key: 'name', title: t('competitions.columns.name') },
    { key: 'organizer', title: t('competitions.columns.organizer') },
    {
      key: 'prizeTotal',
      title: t('competitions.columns.prizeTotal'),
      text: (row) => formatUsd(row.prizeTotal),
      csv: (row) => row.prizeTotal,
      textAlign: 'right',
    },
    {
      key: 'ugcCount',
      title: t('competitions.columns.ugcCount'),
      text: (row) => formatCount(row.ugcCount),
      csv: (row) => row.ugcCount,
      textAlign: 'right',
    },
  ];
  return (
    <Stack gap="sm" data-testid="dashboard-competitions">
      <Title order={2} size="h4">
        {t('competitions.title')}
      </Title>
      <ServerTable table={table} columns={columns} search={false} emptyText={t('competitions.empty')} />
    </Stack>
  );
}
