import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Menu,
  Select,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { COMPETITION_STATES, type CompetitionState, holdLabel, roleMeets } from '@preffy/domain';
import { IconCheck, IconDots, IconDownload, IconPlus, IconSearch } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { DataTable } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { type CompetitionListItem, type CompetitionTab, COMPETITION_TABS, competitions } from '@preffy/api';
import { notifyError } from '../api/client.ts';
import { useMe } from '../auth/session.ts';
import { exportCsv } from '../table/export-csv.ts';
import { useServerTable, useTableTexts } from '../table/use-server-table.ts';
import {
  COMPETITIONS_TABLE_KEY,
  useCompetitionDefaults,
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
  const tableTexts = useTableTexts();
  const isStaff = roleMeets(me.role, 'staff');
  const isAdmin = roleMeets(me.role, 'admin');
  const table = useServerTable({
    key: COMPETITIONS_TABLE_KEY,
    endpoint: competitions.list,
    sortBy: 'endDate',
    sortDirection: 'desc',
    extra: { tab },
  });
  const { data: defaults } = useCompetitionDefaults({ staleTime: 60 * 60_000 });
  const timeZone = defaults?.timeZone ?? 'UTC';
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

  const csvColumns = [
    { title: 'ID', value: (c: CompetitionListItem) => c.campaignId },
    { title: t('competitions.columns.song'), value: (c: CompetitionListItem) => c.name },
    { title: t('competitions.columns.email'), value: (c: CompetitionListItem) => c.email },
    { title: t('competitions.columns.artist'), value: (c: CompetitionListItem) => c.organizer },
    { title: t('competitions.columns.startDate'), value: (c: CompetitionListItem) => day(c.startDate) },
    { title: t('competitions.columns.endDate'), value: (c: CompetitionListItem) => day(c.endDate) },
    {
      title: t('competitions.columns.state'),
      value: (c: CompetitionListItem) => t(`competitions.states.${c.state}`),
    },
    { title: t('competitions.columns.hold'), value: (c: CompetitionListItem) => holdLabel(c.isConfirmed) },
  ];

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('nav.allCompetitions')}
        </Title>
        <Group>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            onClick={() =>
              void exportCsv({
                source: { endpoint: competitions.list },
                params: table.params,
                columns: csvColumns,
                filename: `competitions-${tab}.csv`,
              }).catch(notifyError)
            }
          >
            {t('users.exportCsv')}
          </Button>
          <Button component={Link} to="/preffy/add" leftSection={<IconPlus size={16} />}>
            {t('competitions.start')}
          </Button>
        </Group>
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
      <TextInput
        leftSection={<IconSearch size={16} />}
        placeholder={t('competitions.search')}
        aria-label={t('competitions.search')}
        value={table.search}
        onChange={(e) => table.setSearch(e.currentTarget.value)}
        maw={360}
      />
      <DataTable<CompetitionListItem>
        withTableBorder
        highlightOnHover
        minHeight={200}
        noRecordsText={t('competitions.noRecords')}
        {...tableTexts}
        {...table.tableProps}
        recordsPerPageOptions={[10, 25, 50]}
        columns={[
          { accessor: 'campaignId', title: 'ID' },
          { accessor: 'name', title: t('competitions.columns.song'), sortable: true },
          { accessor: 'email', title: t('competitions.columns.email') },
          { accessor: 'organizer', title: t('competitions.columns.artist'), sortable: true },
          {
            accessor: 'startDate',
            title: t('competitions.columns.startDate'),
            render: (c) => day(c.startDate),
          },
          {
            accessor: 'endDate',
            title: t('competitions.columns.endDate'),
            sortable: true,
            render: (c) => day(c.endDate),
          },
          {
            accessor: 'state',
            title: t('competitions.columns.state'),
            render: (c) =>
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
            accessor: 'isConfirmed',
            title: t('competitions.columns.hold'),
            render: (c) => (
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
            accessor: 'lastUpdated',
            title: t('competitions.columns.lastUpdate'),
            sortable: true,
            render: (c) => day(c.lastUpdated),
          },
          {
            accessor: 'actions',
            title: t('users.actions'),
            textAlign: 'right',
            render: (c) => (
              <Menu position="bottom-end">
                <Menu.Target>
                  <ActionIcon variant="subtle" aria-label={`${t('users.actions')}: ${c.name}`}>
                    <IconDots size={18} />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item component="a" href={`/c/${c.id}`} target="_blank">
                    {t('competitions.menu.view')}
                  </Menu.Item>
                  {TOOLS.map(([label, to]) => (
                    <Menu.Item key={label} onClick={() => void navigate({ to, search: { id: c.id } })}>
                      {t(`competitions.menu.${label}`)}
                    </Menu.Item>
                  ))}
                  {isAdmin && (
                    <Menu.Item color="red" onClick={() => askDelete(c)}>
                      {t('competitions.delete')}
                    </Menu.Item>
                  )}
                </Menu.Dropdown>
              </Menu>
            ),
          },
        ]}
      />
    </Stack>
  );
}
