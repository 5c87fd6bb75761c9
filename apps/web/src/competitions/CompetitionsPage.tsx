import { ActionIcon, Badge, Button, Group, Select, Stack, Tabs, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { COMPETITION_STATES, type CompetitionState, holdLabel, roleMeets } from '@preffy/domain';
import { IconCheck, IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { type CompetitionListItem, type CompetitionTab, COMPETITION_TABS, competitions } from '@preffy/api';
import { useBusinessTimeZone, useMe } from '../auth/session.ts';
import { type Column, type MenuItem, ServerTable } from '../table/ServerTable.tsx';
import { useServerTable } from '../table/use-server-table.ts';
import {
  COMPETITIONS_TABLE_KEY,
  useConfirmHold,
  useDeleteCompetition,
  useSetCompetitionState,
} from './api.ts';
import { formatDay } from './dates.ts';

/** The per-competition tools of the row menu (doc 2 section 3), each opened with the id. */
const TOOLS = [
  ['report', '/reports'],
  ['errors', '/correct'],
  ['update', '/update'],
  ['entries', '/table-update'],
  ['creators', '/preffy/manual'],
  ['edit', '/edit'],
] as const;

/** All Competitions: tabs by state, server-side search, sort and paging, state changes, holds. */
export function CompetitionsPage({
  tab,
  onTabChange,
}: {
  tab: CompetitionTab;
  onTabChange: (tab: CompetitionTab) => void;
}) {
  const { t } = useTranslation();
  const me = useMe();
  const navigate = useNavigate();
  const isStaff = roleMeets(me.role, 'staff');
  const isAdmin = roleMeets(me.role, 'admin');
  const table = useServerTable({
    key: COMPETITIONS_TABLE_KEY,
    endpoint: competitions.list,
    sortBy: 'endDate',
    sortDirection: 'desc',
    pageSizes: [10, 25, 50],
    extra: { tab },
  });
  const timeZone = useBusinessTimeZone();
  const day = (ms: number) => formatDay(ms, timeZone);
  const notify = (key: 'saved' | 'confirmed' | 'deleted') => () =>
    notifications.show({ color: 'green', message: t(`competitions.${key}`) });
  const setState = useSetCompetitionState(notify('saved'));
  const confirm = useConfirmHold(notify('confirmed'));
  const remove = useDeleteCompetition(notify('deleted'));
  const askDelete = (c: CompetitionListItem) =>
    modals.openConfirmModal({
      title: t('competitions.deleteTitle', { name: c.name }),
      children: <Text>{t('competitions.areYouSure')}</Text>,
      labels: { confirm: t('competitions.delete'), cancel: t('users.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-delete' } as Record<string, string>,
      onConfirm: () => remove.mutate(c),
    });

  const columns: Column<CompetitionListItem>[] = [
    { key: 'campaignId', title: 'ID' },
    { key: 'name', title: t('competitions.columns.song'), sortKey: 'name' },
    { key: 'email', title: t('competitions.columns.email') },
    { key: 'organizer', title: t('competitions.columns.artist'), sortKey: 'organizer' },
    {
      key: 'startDate',
      title: t('competitions.columns.startDate'),
      cell: (c) => day(c.startDate),
      csv: (c) => day(c.startDate),
    },
    {
      key: 'endDate',
      title: t('competitions.columns.endDate'),
      sortKey: 'endDate',
      cell: (c) => day(c.endDate),
      csv: (c) => day(c.endDate),
    },
    {
      key: 'state',
      title: t('competitions.columns.state'),
      csv: (c) => t(`competitions.states.${c.state}`),
      cell: (c) =>
        isStaff ? (
          <Select
            size="xs"
            w={130}
            aria-label={`${t('competitions.columns.state')}: ${c.name}`}
            allowDeselect={false}
            value={c.state}
            data={COMPETITION_STATES.map((s) => ({ value: s, label: t(`competitions.states.${s}`) }))}
            onChange={(state) => state && setState.mutate({ c, state: state as CompetitionState })}
          />
        ) : (
          t(`competitions.states.${c.state}`)
        ),
    },
    {
      key: 'isConfirmed',
      title: t('competitions.columns.hold'),
      csv: (c) => holdLabel(c.isConfirmed),
      cell: (c) => (
        <Group gap={4} wrap="nowrap">
          <Badge color={c.isConfirmed ? 'green' : 'yellow'} variant="light">
            {c.isConfirmed ? t('competitions.confirmedLabel') : t('competitions.holdLabel')}
          </Badge>
          {!c.isConfirmed && isStaff && (
            <ActionIcon
              size="sm"
              variant="subtle"
              aria-label={`${t('competitions.confirmHold')}: ${c.name}`}
              onClick={() => confirm.mutate(c)}
            >
              <IconCheck size={16} />
            </ActionIcon>
          )}
        </Group>
      ),
    },
    {
      key: 'lastUpdated',
      title: t('competitions.columns.lastUpdate'),
      sortKey: 'lastUpdated',
      cell: (c) => day(c.lastUpdated),
      csv: false,
    },
  ];
  const rowMenu = (c: CompetitionListItem): MenuItem[] => [
    { label: t('competitions.menu.view'), href: `/c/${c.id}`, target: '_blank' },
    ...TOOLS.map(([label, to]) => ({
      label: t(`competitions.menu.${label}`),
      onClick: () => void navigate({ to, search: { id: c.id } }),
    })),
    ...(isAdmin ? [{ label: t('competitions.delete'), color: 'red', onClick: () => askDelete(c) }] : []),
  ];

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('nav.allCompetitions')}
        </Title>
        <Button component={Link} to="/preffy/add" leftSection={<IconPlus size={16} />}>
          {t('competitions.start')}
        </Button>
      </Group>
      <Tabs value={tab} onChange={(v) => v && onTabChange(v as CompetitionTab)}>
        <Tabs.List>
          {COMPETITION_TABS.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`competitions.tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <ServerTable
        table={table}
        columns={columns}
        search={{ label: t('competitions.search'), width: 360 }}
        csv={{ filename: `competitions-${tab}.csv` }}
        emptyText={t('competitions.noRecords')}
        rowMenu={{ items: rowMenu, label: (c) => c.name }}
      />
    </Stack>
  );
}
