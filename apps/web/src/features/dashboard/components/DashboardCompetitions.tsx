import { Stack, Title } from '@mantine/core';
import { DASHBOARD_PAGE_SIZES, type DashboardCompetition, dashboard } from '@preffy/api';
import { useTranslation } from 'react-i18next';
import { type Column, ServerTable } from '../../../components/table/ServerTable.tsx';
import { useServerTable } from '../../../components/table/use-server-table.ts';
import { usdColumn } from '../../../components/table/number-columns.ts';
import { formatCount } from '../../../lib/format.ts';
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
    usdColumn('prizeTotal', t('competitions.columns.prizeTotal'), { sortable: false }),
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
