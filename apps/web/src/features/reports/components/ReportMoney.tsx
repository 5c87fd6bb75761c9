import { Badge, Card, SimpleGrid, Table, Text } from '@mantine/core';
import type { Report } from '@preffy/api';
import { useTranslation } from 'react-i18next';
import { PaidMoneyHelp } from '../../../components/money/PaidMoneyHelp.tsx';
import { UNFORMATTABLE, formatUsd } from '../../../lib/format.ts';
import { platformName } from '../../../lib/labels.ts';
import { ReportSection } from './ReportSection.tsx';

type Money = NonNullable<Report['money']>;

/** The payment status as the payments screen shows it: 'Paid' is Sent To CSV (green), To Be Paid yellow. */
function PaymentStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('reports');
  const label = status === 'Paid' ? t('money.sent') : status === 'To Be Paid' ? t('money.toBePaid') : status;
  return (
    <Badge color={status === 'Paid' ? 'green' : 'yellow'} variant="light">
      {label}
    </Badge>
  );
}

/** Staff and admins only (the server sends it to no one else): invoice, paid, owed and the payments. */
export function ReportMoney({ money }: { money: Money }) {
  const { t } = useTranslation('reports');
  const figures = [
    ['invoice', money.invoiceAmount],
    ['paid', money.paid],
    ['owed', money.owed],
  ] as const;
  return (
    <ReportSection title={t('money.title')} testId="report-money">
      <Text size="sm" c="dimmed">
        {t('money.staffOnly')}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        {figures.map(([key, amount]) => (
          <Card withBorder padding="sm" key={key} data-testid={`money-${key}`}>
            <Text c="dimmed" size="sm">
              {t(`money.${key}`)}
            </Text>
            <Text fw={700} size="lg">
              {formatUsd(amount)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <PaidMoneyHelp scope="competition" />
      {money.payments.length === 0 ? (
        <Text c="dimmed" data-testid="report-money-empty">
          {t('money.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('results.creator')}</Table.Th>
                <Table.Th>{t('results.platform')}</Table.Th>
                <Table.Th>{t('money.paymentEmail')}</Table.Th>
                <Table.Th ta="right">{t('money.amount')}</Table.Th>
                <Table.Th>{t('money.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {money.payments.map((p, i) => (
                <Table.Tr key={`${i}-${p.paymentEmail}`}>
                  <Table.Td>{p.creator ?? UNFORMATTABLE}</Table.Td>
                  <Table.Td>{p.platform ? platformName(p.platform) : UNFORMATTABLE}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{p.paymentEmail}</Table.Td>
                  <Table.Td ta="right">{formatUsd(p.amount)}</Table.Td>
                  <Table.Td>
                    <PaymentStatusBadge status={p.status} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </ReportSection>
  );
}
