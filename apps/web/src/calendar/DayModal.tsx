import { Anchor, Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { localDay, roleMeets } from '@preffy/domain';
import { IconCheck, IconPlus } from '@tabler/icons-react';
import { type DayCompetition, calendar } from '@preffy/api';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useMe } from '../auth/session.ts';
import { formatUsd } from '../competitions/format.ts';
import { ServerTable } from '../table/ServerTable.tsx';
import { useServerTable } from '../table/use-server-table.ts';
import { DAY_PAGE_SIZE, calendarKeys, useConfirmHold, useDeleteCompetition } from './api.ts';
import { TONES } from './tones.tsx';

/**
 * '{date} Competitions': the competitions covering the day. Edit and Delete only where the
 * server says this user may change the competition (its organizer, administrators).
 */
export function DayModal({
  day,
  timeZone,
  onClose,
  onReserve,
}: {
  day: string;
  timeZone: string;
  onClose: () => void;
  onReserve: () => void;
}) {
  const { t } = useTranslation();
  const me = useMe();
  // The modal's table keeps its page to itself: the URL belongs to the calendar below it.
  const table = useServerTable({
    key: [...calendarKeys.all, 'day', day],
    endpoint: calendar.day,
    pathParams: { day },
    pageSizes: [DAY_PAGE_SIZE],
    inUrl: false,
  });
  const confirm = useConfirmHold(() =>
    notifications.show({ color: 'green', message: t('competitions.confirmed') }),
  );
  const remove = useDeleteCompetition(() =>
    notifications.show({ color: 'green', message: t('competitions.deleted') }),
  );
  const askDelete = (c: DayCompetition) =>
    modals.openConfirmModal({
      title: t('competitions.deleteTitle', { name: c.name || c.organizer }),
      children: <Text>{t('competitions.areYouSure')}</Text>,
      labels: { confirm: t('competitions.delete'), cancel: t('users.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-delete' } as Record<string, string>,
      onConfirm: () => remove.mutate(c),
    });
  const isStaff = roleMeets(me.role, 'staff');

  return (
    <Modal opened onClose={onClose} size="xl" title={t('calendar.dayTitle', { date: day })}>
      <Stack>
        <ServerTable
          table={table}
          search={false}
          minHeight={150}
          emptyText={t('calendar.noCompetitions')}
          columns={[
            { key: 'email', title: t('calendar.columns.email') },
            { key: 'organizer', title: t('calendar.columns.organizer') },
            {
              key: 'startDate',
              title: t('calendar.columns.startDate'),
              cell: (c) => localDay(c.startDate, timeZone),
            },
            {
              key: 'prizeTotal',
              title: t('calendar.columns.prizeTotal'),
              cell: (c) => formatUsd(c.prizeTotal),
            },
            {
              key: 'isConfirmed',
              title: t('calendar.columns.confirmed'),
              cell: (c) => {
                const { color, Icon } = TONES[c.tone];
                return (
                  <Group gap={4} wrap="nowrap">
                    <Badge color={color} variant="light" leftSection={<Icon size={12} />} data-tone={c.tone}>
                      {c.isConfirmed ? t('competitions.confirmedLabel') : t('competitions.holdLabel')}
                    </Badge>
                    {!c.isConfirmed && isStaff && (
                      <Button
                        size="compact-xs"
                        variant="light"
                        leftSection={<IconCheck size={12} />}
                        loading={confirm.isPending}
                        onClick={() => confirm.mutate(c)}
                        aria-label={`${t('competitions.confirmHold')}: ${c.organizer}`}
                      >
                        {t('calendar.confirm')}
                      </Button>
                    )}
                  </Group>
                );
              },
            },
            {
              key: 'edit',
              title: t('calendar.columns.edit'),
              cell: (c) =>
                c.canChange ? (
                  <Anchor
                    size="sm"
                    aria-label={`${t('calendar.columns.edit')}: ${c.organizer}`}
                    renderRoot={(props) => <Link to="/edit" search={{ id: c.id }} {...props} />}
                  >
                    {t('calendar.columns.edit')}
                  </Anchor>
                ) : null,
            },
            {
              key: 'delete',
              title: t('calendar.columns.delete'),
              cell: (c) =>
                c.canChange ? (
                  <Button
                    size="compact-xs"
                    color="red"
                    variant="subtle"
                    onClick={() => askDelete(c)}
                    aria-label={`${t('calendar.columns.delete')}: ${c.organizer}`}
                  >
                    {t('calendar.columns.delete')}
                  </Button>
                ) : null,
            },
          ]}
        />
        <Group justify="flex-end">
          <Button leftSection={<IconPlus size={16} />} onClick={onReserve}>
            {t('calendar.reserveTitle')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
