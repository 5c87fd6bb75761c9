import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { Finish, PaypalPayout } from '@preffy/api';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSubmissionKey } from '../../../lib/api/submission-key.ts';
import { formatCount } from '../../../lib/format.ts';
import { PAYPAL_BATCH_DONE, paypalQuery, useSendPaypal } from '../api/finish.ts';
import { formatTime } from '../format-time.ts';
import { usePaypalStatusLabel } from '../paypal-status.ts';

const BATCH_COLOR: Record<string, string> = {
  SUCCESS: 'green',
  DENIED: 'red',
  CANCELED: 'gray',
  FAILED: 'red',
};

/**
 * Send via PayPal and the competition's PayPal batches (status and items per status, read again
 * every few seconds while one is still moving). Nothing at all when the server has no PayPal
 * credentials.
 */
export function PaypalPanel({ finish }: { finish: Finish }) {
  const { t } = useTranslation('finish');
  const id = finish.competitionId;
  const state = useQuery(paypalQuery(id));
  const send = useSendPaypal(id);
  const submissionKey = useSubmissionKey();
  const { batchLabel, itemLabel } = usePaypalStatusLabel();
  if (!state.data?.configured) return null;

  const run = () => {
    const idempotencyKey = submissionKey.keyFor({ id, version: finish.version });
    send.mutate(
      { version: finish.version, idempotencyKey },
      {
        onSuccess: ({ payout }) => {
          submissionKey.succeeded();
          notifications.show({ color: 'green', message: t('paypal.sent', { count: payout.itemCount }) });
        },
      },
    );
  };
  const ask = () =>
    modals.openConfirmModal({
      title: t('paypal.confirmTitle'),
      children: <Text>{t('paypal.confirmBody')}</Text>,
      labels: { confirm: t('paypal.send'), cancel: t('cancel', { ns: 'common' }) },
      confirmProps: { 'data-testid': 'confirm-paypal' },
      onConfirm: run,
    });

  const items = (payout: PaypalPayout) =>
    Object.entries(payout.itemStatuses)
      .map(([status, count]) => `${itemLabel(status)}: ${formatCount(count)}`)
      .join(', ');
  return (
    <Stack gap="xs" data-testid="paypal">
      <Title order={2} size="h4">
        {t('paypal.title')}
      </Title>
      <Group>
        <Button variant="light" onClick={ask} loading={send.isPending}>
          {t('paypal.send')}
        </Button>
      </Group>
      {state.data.payouts.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('paypal.none')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table data-testid="paypal-batches">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('paypal.at')}</Table.Th>
                <Table.Th>{t('paypal.status')}</Table.Th>
                <Table.Th ta="right">{t('paypal.items')}</Table.Th>
                <Table.Th>{t('paypal.itemStatuses')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {state.data.payouts.map((payout) => (
                <Table.Tr key={payout.id}>
                  <Table.Td>
                    {formatTime(payout.createdAt)}
                    {payout.createdByName && (
                      <Text size="xs" c="dimmed">
                        {payout.createdByName}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Badge
                      variant="light"
                      color={
                        BATCH_COLOR[payout.batchStatus] ??
                        (PAYPAL_BATCH_DONE.has(payout.batchStatus) ? 'gray' : 'yellow')
                      }
                    >
                      {batchLabel(payout.batchStatus)}
                    </Badge>
                    {payout.lastError && (
                      <Text size="xs" c="red">
                        {payout.lastError}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{formatCount(payout.itemCount)}</Table.Td>
                  <Table.Td>{items(payout) || '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
