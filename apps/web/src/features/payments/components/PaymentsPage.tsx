import { Anchor, Badge, Button, CopyButton, Group, Popover, Stack, Tabs, Text } from '@mantine/core';
import { dialogs } from '../../../lib/dialogs.ts';
import { notifications } from '@mantine/notifications';
import { PAYPAL_ITEM_STATUSES, type Payment, type PaymentTotals, payments } from '@preffy/api';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { type Column, ServerTable } from '../../../components/table/ServerTable.tsx';
import { useServerTable } from '../../../components/table/use-server-table.ts';
import { usdColumn } from '../../../components/table/number-columns.ts';
import { ApiError, notifyError } from '../../../lib/api/client.ts';
import { useSubmissionKey } from '../../../lib/api/submission-key.ts';
import { PaidMoneyHelp } from '../../../components/money/PaidMoneyHelp.tsx';
import { formatUsd } from '../../../lib/format.ts';
import { type PaymentMove, paymentTotalsQuery, paymentsKeys, useMovePayment } from '../api/payments.ts';
import { PAYMENT_TABS, type PaymentTab } from '../payment-tabs.ts';

/** The tabs, in the URL: 'To Be Paid' and 'Sent To CSV' (stored status 'Paid'). */
const STATUS_OF = { 'to-be-paid': 'To Be Paid', sent: 'Paid' } as const;
const TOTAL_OF = { 'to-be-paid': 'toBePaid', sent: 'paid' } as const satisfies Record<
  PaymentTab,
  keyof PaymentTotals
>;

/** A Sent or Unsend that met a payment changed meanwhile (stale version, or already moved). */
const isStale = (error: unknown) =>
  error instanceof ApiError && ['VERSION_CONFLICT', 'PAYMENT_STATUS'].includes(error.body.code);

/**
 * Payments admin (/preffy/payments): the winners' payments To Be Paid or Sent To CSV, with the
 * tab's totals, search, sort, pages of 10, 25 or 100 and CSV. Sent and Unsend move a payment
 * between the tabs after a confirmation. Staff and admins only.
 */
export function PaymentsPage({
  tab,
  onTabChange,
}: {
  tab: PaymentTab;
  onTabChange: (tab: PaymentTab) => void;
}) {
  const { t } = useTranslation('payments');
  const table = useServerTable({
    key: paymentsKeys.lists,
    endpoint: payments.list,
    sortBy: 'createdAt',
    sortDirection: 'desc',
    pageSizes: [10, 25, 100],
    extra: { status: STATUS_OF[tab] },
  });
  const totals = useQuery(paymentTotalsQuery(table.appliedSearch));
  const move = useMovePayment();
  const submissionKey = useSubmissionKey();

  const statusLabel = (status: string) =>
    status === 'Paid' ? t('status.paid') : status === 'To Be Paid' ? t('status.toBePaid') : status;

  const run = (payment: Payment, kind: PaymentMove) => {
    // The same payment at the same version is the same click: a retry reuses its key.
    const idempotencyKey = submissionKey.keyFor({ id: payment.id, version: payment.version, kind });
    move.mutate(
      { payment, move: kind, idempotencyKey },
      {
        onSuccess: () => {
          submissionKey.succeeded();
          notifications.show({
            color: 'green',
            message: t(kind === 'send' ? 'done.send' : 'done.unsend', { email: payment.contactEmail }),
          });
        },
        onError: (error) => {
          if (!isStale(error)) return notifyError(error);
          notifications.show({
            color: 'yellow',
            title: t('conflict.title'),
            message: t('conflict.body', { email: payment.contactEmail }),
            autoClose: 10_000,
          });
        },
      },
    );
  };

  const ask = (payment: Payment, kind: PaymentMove) =>
    dialogs.openConfirmModal({
      title: t(kind === 'send' ? 'confirm.sendTitle' : 'confirm.unsendTitle'),
      children: (
        <Text>
          {t(kind === 'send' ? 'confirm.sendBody' : 'confirm.unsendBody', {
            amount: formatUsd(payment.amount),
            email: payment.paymentEmail,
            competition: payment.competitionName,
          })}
        </Text>
      ),
      labels: {
        confirm: t(kind === 'send' ? 'actions.send' : 'actions.unsend'),
        cancel: t('cancel', { ns: 'common' }),
      },
      confirmProps: { color: kind === 'send' ? 'blue' : 'orange', 'data-testid': 'confirm-payment' },
      onConfirm: () => run(payment, kind),
    });

  const columns: Column<Payment>[] = [
    { key: 'id', title: t('columns.id'), hidden: true },
    {
      key: 'competitionName',
      title: t('columns.competition'),
      sortKey: 'competitionName',
      cell: (p) => (
        <Anchor
          size="sm"
          renderRoot={(props) => <Link {...props} to="/table-update" search={{ id: p.competitionId }} />}
        >
          {p.competitionName}
        </Anchor>
      ),
    },
    { key: 'competitionId', title: t('columns.competitionId'), hidden: true },
    { key: 'contactEmail', title: t('columns.contactEmail'), sortKey: 'contactEmail' },
    { key: 'paymentEmail', title: t('columns.paymentEmail'), sortKey: 'paymentEmail' },
    usdColumn('amount', t('columns.amount')),
    { key: 'source', title: t('columns.source'), sortKey: 'source' },
    {
      key: 'status',
      title: t('columns.status'),
      text: (p) => statusLabel(p.status),
      cell: (p) => (
        <Badge color={p.status === 'Paid' ? 'green' : 'yellow'} variant="light">
          {statusLabel(p.status)}
        </Badge>
      ),
    },
    {
      key: 'check',
      title: t('columns.check'),
      csv: false,
      pinned: true,
      cell: (p) => (
        <Group gap={6} wrap="nowrap">
          <CheckButton payment={p} />
          {p.paypalStatus && <PaypalStatusBadge status={p.paypalStatus} />}
        </Group>
      ),
    },
    {
      key: 'action',
      title: t('columns.action'),
      csv: false,
      pinned: true,
      cell: (p) => {
        const kind: PaymentMove = p.status === 'Paid' ? 'unsend' : 'send';
        return (
          <Button
            size="xs"
            variant="light"
            color={kind === 'send' ? 'blue' : 'orange'}
            aria-label={t(kind === 'send' ? 'actions.sendLabel' : 'actions.unsendLabel', {
              email: p.contactEmail,
            })}
            loading={move.isPending && move.variables?.payment.id === p.id}
            onClick={() => ask(p, kind)}
          >
            {t(kind === 'send' ? 'actions.send' : 'actions.unsend')}
          </Button>
        );
      },
    },
  ];

  const shown = totals.data?.[TOTAL_OF[tab]];
  return (
    <Stack>
      <PageHeader title={t('nav.payments')} />
      <Tabs value={tab} onChange={(v) => v && onTabChange(v as PaymentTab)}>
        <Tabs.List>
          {PAYMENT_TABS.map((value) => (
            <Tabs.Tab
              key={value}
              value={value}
              rightSection={
                totals.data ? (
                  <Badge size="sm" variant="light" color="gray" aria-hidden>
                    {totals.data[TOTAL_OF[value]].count}
                  </Badge>
                ) : undefined
              }
            >
              {t(value === 'sent' ? 'tabs.sent' : 'tabs.toBePaid')}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Text data-testid="payment-totals" fw={500} aria-live="polite">
        {shown
          ? t(tab === 'sent' ? 'totals.sent' : 'totals.toBePaid', {
              count: shown.count,
              amount: formatUsd(shown.amount),
            })
          : '\u00a0'}
      </Text>
      {tab === 'sent' && !table.appliedSearch && <PaidMoneyHelp scope="all" />}
      <ServerTable
        table={table}
        columns={columns}
        search={{ label: t('search'), width: 340 }}
        csv={{ filename: tab === 'sent' ? 'payments-sent-to-csv.csv' : 'payments-to-be-paid.csv' }}
        emptyText={tab === 'sent' ? t('empty.sent') : t('empty.toBePaid')}
      />
    </Stack>
  );
}

/** Check: the address the money goes to, to compare with the payout file (and copy). */
function CheckButton({ payment }: { payment: Payment }) {
  const { t } = useTranslation('payments');
  return (
    <Popover withArrow shadow="md" position="bottom-end">
      <Popover.Target>
        <Button size="xs" variant="default" aria-label={t('check.label', { email: payment.contactEmail })}>
          {t('check.button')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={4}>
          <Text size="xs" c="dimmed">
            {t('check.paymentEmail')}
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" data-testid="check-payment-email">
              {payment.paymentEmail}
            </Text>
            <CopyButton value={payment.paymentEmail}>
              {({ copied, copy }) => (
                <Button size="compact-xs" variant="subtle" onClick={copy}>
                  {copied ? t('check.copied') : t('check.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
          {payment.paypalStatus && (
            <>
              <Text size="xs" c="dimmed">
                {t('check.paypalStatus')}
              </Text>
              <PaypalStatusBadge status={payment.paypalStatus} />
            </>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

const PAYPAL_COLOR: Record<string, string> = {
  SUCCESS: 'green',
  PENDING: 'yellow',
  UNCLAIMED: 'orange',
  ONHOLD: 'orange',
};

/** The PayPal Payouts item status of a payment paid through the API, in the user's language. */
function PaypalStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('payments');
  const known = (PAYPAL_ITEM_STATUSES as readonly string[]).includes(status)
    ? (status as (typeof PAYPAL_ITEM_STATUSES)[number])
    : null;
  return (
    <Badge size="sm" variant="light" color={PAYPAL_COLOR[status] ?? 'red'} data-testid="paypal-status">
      {t('check.paypal', { status: known ? t(`paypalStatus.${known}`) : status })}
    </Badge>
  );
}
