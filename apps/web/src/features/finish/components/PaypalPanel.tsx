import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { dialogs } from '../../../lib/dialogs.ts';
import { notifications } from '@mantine/notifications';
import type { Finish, PaypalPayout } from '@preffy/api';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSubmissionKey } from '../../../lib/api/submission-key.ts';
import { formatCount } from '../../../lib/format.ts';
import { PAYPAL_BATCH_DONE, toBePaidSummaryQuery, usePaypalState, useSendPaypal } from '../api/finish.ts';
import { useFormatTimestamp } from '../../../lib/session.ts';
import { usePaypalStatusLabel } from '../paypal-status.ts';

const BATCH_COLOR: Record<string, string> = {
  SUCCESS: 'green',
  DENIED: 'red',
  CANCELED: 'gray',
  FAILED: 'red',
};

/** Batches whose payments PayPal may still pay: they are not sent again (decision 0029). */
const HOLDS_PAYMENTS = (status: string) => status === 'NEEDS_REVIEW' || !PAYPAL_BATCH_DONE.has(status);

/** How many payments Send via PayPal would send: To Be Paid, less those a batch still holds. */
export function paymentsToSend(toBePaid: number, payouts: readonly PaypalPayout[]) {
  const held = payouts.reduce((sum, p) => sum + (HOLDS_PAYMENTS(p.batchStatus) ? p.itemCount : 0), 0);
  return Math.max(0, toBePaid - held);
}

/** A batch's error in the user's language, by its status (PayPal's own text is the detail). */
export function batchErrorText(t: TFunction<'finish'>, payout: PaypalPayout) {
  const vars = { senderBatchId: payout.senderBatchId };
  switch (payout.batchStatus) {
    case 'NEEDS_REVIEW':
      return t('paypal.error.NEEDS_REVIEW', vars);
    case 'REFUSED':
      return t('paypal.error.REFUSED', vars);
    case 'DENIED':
    case 'CANCELED':
      return t('paypal.error.released', vars);
    default:
      return t('paypal.error.other', vars);
  }
}

/**
 * Send via PayPal and the competition's PayPal batches (status and items per status, read again
 * every few seconds while one is still moving). Nothing at all when the server has no PayPal
 * credentials.
 */
export function PaypalPanel({ finish }: { finish: Finish }) {
  const { t } = useTranslation('finish');
  const formatTime = useFormatTimestamp();
  const id = finish.competitionId;
  const state = usePaypalState(id);
  const toBePaid = useQuery({ ...toBePaidSummaryQuery(id), enabled: state.data?.configured === true });
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
  const count = toBePaid.data ? paymentsToSend(toBePaid.data.count, state.data.payouts) : null;
  const ask = () =>
    dialogs.openConfirmModal({
      title: t('paypal.confirmTitle'),
      children: (
        <Text data-testid="paypal-confirm-body">{t('paypal.confirmBody', { count: count ?? 0 })}</Text>
      ),
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
        <Button variant="light" onClick={ask} loading={send.isPending || count === null}>
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
                      <Stack gap={0} mt={4} data-testid="paypal-batch-error">
                        <Text size="xs" c="red">
                          {batchErrorText(t, payout)}
                        </Text>
                        <Text size="xs" c="dimmed" component="details">
                          <summary>{t('paypal.error.detail')}</summary>
                          {payout.lastError}
                        </Text>
                      </Stack>
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
