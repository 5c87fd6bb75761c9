import { Anchor, Badge, Button, Group, Modal, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { localDay, roleMeets } from '@preffy/domain';
import { IconCheck, IconPlayerPlay, IconPlus } from '@tabler/icons-react';
import { type DayCompetition, calendar } from '@preffy/api';
import { Link } from '@tanstack/react-router';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../../lib/session.ts';
import { formatUsd } from '../../../lib/format.ts';
import { useCompetitionLabel } from '../../../lib/competition-label.ts';
import { ServerTable } from '../../../components/table/ServerTable.tsx';
import { useServerTable } from '../../../components/table/use-server-table.ts';
import { DAY_PAGE_SIZE, calendarKeys, useConfirmHold, useDeleteCompetition } from '../api/calendar.ts';
import { TONES } from '../tones.tsx';
import { confirmChange, confirmDestructive } from '../../../components/confirm-destructive.tsx';

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
  const { t } = useTranslation('calendar');
  const me = useMe();
  // The modal's table keeps its page to itself: the URL belongs to the calendar below it.
  const table = useServerTable({
    key: [...calendarKeys.all, 'day', day],
    endpoint: calendar.day,
    pathParams: { day },
    pageSizes: [DAY_PAGE_SIZE],
    inUrl: false,
  });
  const confirm = useConfirmHold(() => notifications.show({ color: 'green', message: t('confirmed') }));
  const label = useCompetitionLabel();
  const remove = useDeleteCompetition(() => notifications.show({ color: 'green', message: t('deleted') }));
  const askDelete = (c: DayCompetition) =>
    confirmDestructive({
      title: t('deleteTitle', { name: label(c) }),
      body: t('areYouSure'),
      confirm: t('delete'),
      onConfirm: () => remove.mutate(c),
      testId: 'confirm-delete',
    });
  const isStaff = roleMeets(me.role, 'staff');
  const isPhone = useMediaQuery('(max-width: 36em)') ?? false;

  return (
    // On a phone the day takes the whole screen; the table scrolls sideways rather than cut text.
    <Modal opened onClose={onClose} size="xl" fullScreen={isPhone} title={t('dayTitle', { date: day })}>
      <Stack>
        <ServerTable
          table={table}
          search={false}
          minHeight={150}
          emptyText={t('noCompetitions')}
          columns={[
            // On a phone the organizer names the row; the email and the prize total give way.
            { key: 'email', title: t('columns.email'), visibleFrom: 'sm' },
            { key: 'organizer', title: t('columns.organizer') },
            {
              key: 'startDate',
              title: t('columns.startDate'),
              cell: (c) => localDay(c.startDate, timeZone),
            },
            {
              key: 'prizeTotal',
              title: t('columns.prizeTotal'),
              visibleFrom: 'sm',
              cell: (c) => formatUsd(c.prizeTotal),
            },
            {
              key: 'isConfirmed',
              title: t('columns.confirmed'),
              // Confirm is an action too.
              pinned: true,
              cell: (c) => {
                const { color, Icon } = TONES[c.tone];
                return (
                  <Group gap={4} wrap="nowrap">
                    <Badge color={color} variant="light" leftSection={<Icon size={12} />} data-tone={c.tone}>
                      {c.isConfirmed ? t('confirmedLabel') : t('holdLabel')}
                    </Badge>
                    {!c.isConfirmed && isStaff && (
                      <Button
                        size="compact-xs"
                        variant="light"
                        leftSection={<IconCheck size={12} />}
                        loading={confirm.isPending}
                        onClick={() =>
                          confirmChange({
                            title: t('confirmHoldTitle', { name: label(c) }),
                            body: t('confirmHoldBody'),
                            confirm: t('confirmHold'),
                            onConfirm: () => confirm.mutate(c),
                            testId: 'confirm-hold',
                          })
                        }
                        aria-label={`${t('confirmHold')}: ${c.organizer}`}
                      >
                        {t('confirm')}
                      </Button>
                    )}
                  </Group>
                );
              },
            },
            {
              key: 'edit',
              title: t('columns.edit'),
              pinned: true,
              // A hold waiting for its competition starts it here: the hold becomes the competition.
              cell: (c) => (
                <Group gap="xs" wrap="nowrap">
                  {c.canStart && (
                    <Button
                      size="compact-xs"
                      variant="light"
                      leftSection={<IconPlayerPlay size={12} />}
                      aria-label={`${t('startFromHold')}: ${c.organizer}`}
                      renderRoot={(props) => <Link to="/preffy/add" search={{ hold: c.id }} {...props} />}
                    >
                      {t('startFromHold')}
                    </Button>
                  )}
                  {c.canChange && (
                    <Anchor
                      size="sm"
                      aria-label={`${t('columns.edit')}: ${c.organizer}`}
                      renderRoot={(props) => <Link to="/edit" search={{ id: c.id }} {...props} />}
                    >
                      {t('columns.edit')}
                    </Anchor>
                  )}
                </Group>
              ),
            },
            {
              key: 'delete',
              title: t('columns.delete'),
              pinned: true,
              cell: (c) =>
                c.canChange ? (
                  <Button
                    size="compact-xs"
                    color="red"
                    variant="subtle"
                    onClick={() => askDelete(c)}
                    aria-label={`${t('columns.delete')}: ${c.organizer}`}
                  >
                    {t('columns.delete')}
                  </Button>
                ) : null,
            },
          ]}
        />
        <Group justify="flex-end">
          <Button leftSection={<IconPlus size={16} />} onClick={onReserve}>
            {t('reserveTitle')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
