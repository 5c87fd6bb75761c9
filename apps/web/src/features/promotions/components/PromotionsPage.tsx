import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { dialogs } from '../../../lib/dialogs.ts';
import { notifications } from '@mantine/notifications';
import { type Promotion, type PromotionSent, promotions } from '@preffy/api';
import { IconMail, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { confirmDestructive } from '../../../components/confirm-destructive.tsx';
import { type Column, ServerTable } from '../../../components/table/ServerTable.tsx';
import { useServerTable } from '../../../components/table/use-server-table.ts';
import { usdColumn } from '../../../components/table/number-columns.ts';
import { ApiError, notifyError } from '../../../lib/api/client.ts';
import { UNFORMATTABLE, formatDay, formatUsd } from '../../../lib/format.ts';
import { useBusinessTimeZone } from '../../../lib/session.ts';
import { promotionsKeys, useDeletePromotion, useSendPromotion } from '../api/promotions.ts';
import { PromotionModal } from './PromotionModal.tsx';

/** The spec's page sizes: 10, 25 or 100. */
const PAGE_SIZES = [10, 25, 100];

/** Which dialog is open: Create Promotion, or Edit of one promotion. */
type Editing = { promotion?: Promotion } | null;

/**
 * Promotions (/preffy/promotion): each competition's giveaway pots with their creator count
 * (remaining balance ÷ amount per creator), searched, sorted and paged on the server. Create,
 * Edit, Send promotion email (confirmed; refused with the reason while the balance or the amount
 * is not positive) and Delete (confirmed). Staff and admins only.
 */
export function PromotionsPage() {
  const { t } = useTranslation('promotions');
  const timeZone = useBusinessTimeZone();
  const table = useServerTable({
    key: promotionsKeys.lists,
    endpoint: promotions.list,
    sortBy: 'createdAt',
    sortDirection: 'desc',
    pageSizes: PAGE_SIZES,
  });
  const [editing, setEditing] = useState<Editing>(null);
  const remove = useDeletePromotion();

  const dayOrOpen = (ms: number | null) => (ms === null ? UNFORMATTABLE : formatDay(ms, timeZone));
  // A day never breaks over two lines (2026-\n11-20).
  const dayCell = (ms: number | null) => (
    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
      {dayOrOpen(ms)}
    </Text>
  );

  const confirmDelete = (promotion: Promotion) =>
    confirmDestructive({
      title: t('delete.title', { name: promotion.name }),
      body: t('delete.body'),
      confirm: t('actions.delete'),
      testId: 'confirm-delete-promotion',
      onConfirm: () =>
        remove.mutate(promotion, {
          onSuccess: () =>
            notifications.show({ color: 'green', message: t('delete.done', { name: promotion.name }) }),
        }),
    });

  const showSent = (promotion: Promotion, sent: PromotionSent) =>
    dialogs.open({
      title: t('send.doneTitle', { name: promotion.name }),
      children: (
        <Stack>
          <Text role="status" data-testid="promotion-send-result">
            {t('send.queued', { count: sent.queued })} {t('send.skipped', { count: sent.skipped })}
          </Text>
          <Group justify="flex-end">
            <Button onClick={() => dialogs.closeAll()}>{t('send.close')}</Button>
          </Group>
        </Stack>
      ),
    });

  // Each call's answer reaches its own promotion, and each promotion keeps its own retry key.
  const send = useSendPromotion({
    onSent: showSent,
    onFailed: (promotion, error) => {
      if (!(error instanceof ApiError && error.body.code === 'VERSION_CONFLICT')) return notifyError(error);
      notifications.show({
        color: 'yellow',
        title: t('send.conflictTitle'),
        message: t('send.conflictBody', { name: promotion.name }),
        autoClose: 10_000,
      });
    },
  });

  const confirmSend = (promotion: Promotion) =>
    dialogs.openConfirmModal({
      title: t('send.title', { name: promotion.name }),
      children: (
        <Stack gap="xs">
          <Text>
            {t('send.body', {
              count: promotion.creatorEmails.length,
              competition: promotion.competitionName,
              amount: formatUsd(promotion.amount),
              creators: promotion.creatorCount,
            })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('send.suppressed')}
          </Text>
        </Stack>
      ),
      labels: { confirm: t('actions.send'), cancel: t('cancel', { ns: 'common' }) },
      confirmProps: { 'data-testid': 'confirm-send-promotion' },
      onConfirm: () => send.mutate(promotion),
    });

  const columns: Column<Promotion>[] = [
    { key: 'id', title: t('columns.id'), hidden: true },
    { key: 'name', title: t('columns.name'), sortKey: 'name' },
    { key: 'competitionName', title: t('columns.competition'), sortKey: 'competitionName' },
    { key: 'competitionId', title: t('columns.competitionId'), hidden: true },
    {
      key: 'startDate',
      title: t('columns.startDate'),
      sortKey: 'startDate',
      text: (p) => dayOrOpen(p.startDate),
      cell: (p) => dayCell(p.startDate),
    },
    {
      key: 'endDate',
      title: t('columns.endDate'),
      sortKey: 'endDate',
      text: (p) => dayOrOpen(p.endDate),
      cell: (p) => dayCell(p.endDate),
    },
    {
      key: 'isActive',
      title: t('columns.isActive'),
      sortKey: 'isActive',
      text: (p) => (p.isActive ? t('yes') : t('no')),
      cell: (p) => (
        <Badge variant="light" color={p.isActive ? 'green' : 'gray'}>
          {p.isActive ? t('yes') : t('no')}
        </Badge>
      ),
    },
    usdColumn('amount', t('columns.amount')),
    usdColumn('remainingBalance', t('columns.remainingBalance')),
    {
      key: 'creatorCount',
      title: t('columns.creators'),
      textAlign: 'right',
      csv: (p) => p.creatorCount,
      cell: (p) => (
        <Stack gap={0} align="flex-end">
          <Text size="sm" fw={600} data-testid="creator-count">
            {p.creatorCount}
          </Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {t('creatorsRule', { balance: formatUsd(p.remainingBalance), amount: formatUsd(p.amount) })}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'creatorEmails',
      title: t('columns.creatorEmails'),
      hidden: true,
      csv: (p) => p.creatorEmails.join(' '),
    },
    {
      key: 'actions',
      title: t('columns.actions'),
      csv: false,
      pinned: true,
      cell: (p) => (
        <RowActions
          promotion={p}
          sending={send.isPending && send.variables?.id === p.id}
          // One send at a time: every Send waits until the pending one is answered.
          sendPaused={send.isPending}
          onEdit={() => setEditing({ promotion: p })}
          onSend={() => confirmSend(p)}
          onDelete={() => confirmDelete(p)}
        />
      ),
    },
  ];

  return (
    <Stack>
      <PageHeader title={t('title')}>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({})}>
          {t('create')}
        </Button>
      </PageHeader>
      <Text size="sm" c="dimmed">
        {t('creatorsHint')}
      </Text>
      <ServerTable
        table={table}
        columns={columns}
        search={{ label: t('search'), width: 340 }}
        csv={{ filename: 'promotions.csv' }}
        emptyText={t('empty')}
        noMatchText={(search) => t('noMatch', { search })}
      />
      {editing && <PromotionModal promotion={editing.promotion} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

/** Edit, Send promotion email and Delete; Send says why when it cannot run (visible text). */
function RowActions({
  promotion: p,
  sending,
  sendPaused,
  onEdit,
  onSend,
  onDelete,
}: {
  promotion: Promotion;
  sending: boolean;
  sendPaused: boolean;
  onEdit: () => void;
  onSend: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('promotions');
  const reasonId = `send-block-${p.id}`;
  return (
    <Stack gap={4} align="flex-start" miw={190}>
      <Group gap={4}>
        <Button
          size="compact-xs"
          variant="light"
          leftSection={<IconPencil size={14} />}
          aria-label={t('actions.editLabel', { name: p.name })}
          onClick={onEdit}
        >
          {t('actions.edit')}
        </Button>
        <Button
          size="compact-xs"
          variant="light"
          leftSection={<IconMail size={14} />}
          aria-label={`${t('actions.send')}: ${p.name}`}
          // Focusable while refused, so the reason it names is reached from the keyboard too.
          data-disabled={!p.canSend || sendPaused || undefined}
          aria-disabled={!p.canSend || sendPaused}
          aria-describedby={p.canSend ? undefined : reasonId}
          loading={sending}
          onClick={() => p.canSend && !sendPaused && onSend()}
        >
          {t('actions.send')}
        </Button>
        <Button
          size="compact-xs"
          variant="light"
          color="red"
          leftSection={<IconTrash size={14} />}
          aria-label={t('actions.deleteLabel', { name: p.name })}
          onClick={onDelete}
        >
          {t('actions.delete')}
        </Button>
      </Group>
      {p.sendBlock && (
        <Text id={reasonId} size="xs" c="orange" data-testid="send-block">
          {t(`sendBlock.${p.sendBlock}`)}
        </Text>
      )}
    </Stack>
  );
}
