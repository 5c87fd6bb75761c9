import { Stack, Text } from '@mantine/core';
import { type Payment, payments } from '@preffy/api';
import { useTranslation } from 'react-i18next';
import { type Column, ServerTable } from '../../../components/table/ServerTable.tsx';
import { useServerTable } from '../../../components/table/use-server-table.ts';
import { usdColumn } from '../../../components/table/number-columns.ts';
import { finishKeys } from '../api/finish.ts';

/** The competition's To Be Paid payments, paged and searched on the server, with their count. */
export function ToBePaidTable({ competitionId }: { competitionId: string }) {
  const { t } = useTranslation('finish');
  const table = useServerTable({
    key: finishKeys.payments(competitionId),
    endpoint: payments.list,
    inUrl: false,
    sortBy: 'paymentEmail',
    pageSizes: [10, 25, 100],
    extra: { competitionId, status: 'To Be Paid' },
  });
  const columns: Column<Payment>[] = [
    { key: 'contactEmail', title: t('payments.contactEmail'), sortKey: 'contactEmail' },
    { key: 'paymentEmail', title: t('payments.paymentEmail'), sortKey: 'paymentEmail' },
    usdColumn('amount', t('payments.amount')),
    { key: 'source', title: t('payments.source'), sortKey: 'source' },
  ];
  return (
    <Stack gap="xs">
      <Text fw={500} data-testid="to-be-paid-count" aria-live="polite">
        {table.query.data ? t('payments.count', { count: table.total }) : '\u00a0'}
      </Text>
      <ServerTable
        table={table}
        columns={columns}
        search={{ label: t('payments.search'), width: 300 }}
        csv={{ filename: `to-be-paid-${competitionId}.csv`, label: t('payments.exportTable') }}
        emptyText={t('payments.empty')}
      />
    </Stack>
  );
}
