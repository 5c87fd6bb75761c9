import { Badge, Button, Group, NativeSelect, Stack, Tabs } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  COMPETITION_STATES,
  type CompetitionState,
  holdLabel,
  roleMeets,
  takesEntries,
} from '@preffy/domain';
import { IconCheck, IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CompetitionListItem,
  type CompetitionTab,
  COMPETITION_TABS,
  LIVE_COMPETITION_TABS,
  competitions,
} from '@preffy/api';
import { useBusinessTimeZone, useMe } from '../../../lib/session.ts';
import { type Column, type MenuItem, ServerTable } from '../../../components/table/ServerTable.tsx';
import { useServerTable } from '../../../components/table/use-server-table.ts';
import {
  COMPETITIONS_TABLE_KEY,
  useConfirmHold,
  useDeleteCompetition,
  useSetCompetitionState,
  useTabCounts,
} from '../api/competitions.ts';
import { formatDay } from '../../../lib/format.ts';
import { useCompetitionLabel } from '../../../lib/competition-label.ts';
import { confirmChange } from '../../../components/confirm-destructive.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { type DeleteTarget, DeleteCompetitionDialog } from './DeleteCompetitionDialog.tsx';
import { useConfirmRestore } from '../hooks/use-confirm-restore.ts';

/** The per-competition tools of the row menu (doc 2 section 3), each opened with the id. */
const TOOLS = [
  ['report', '/reports'],
  ['errors', '/correct'],
  ['update', '/update'],
  ['entries', '/table-update'],
  ['creators', '/preffy/manual'],
  ['referrals', '/preffy/referrals'],
  ['edit', '/edit'],
] as const;

/** The row menu of a deleted competition: what staff still read (decision 0124). */
const DELETED_TOOLS = TOOLS.filter(([label]) => label === 'report' || label === 'edit');

/**
 * All Competitions: tabs by state, server-side search, sort and paging, state changes, holds;
 * for staff and admins a Deleted tab, where an admin restores.
 */
export function CompetitionsPage({
  tab,
  onTabChange,
}: {
  tab: CompetitionTab;
  onTabChange: (tab: CompetitionTab) => void;
}) {
  const { t } = useTranslation('competitions');
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
  // The search covers every tab: each tab says how many of its competitions match.
  const counts = useTabCounts(table.appliedSearch);
  const timeZone = useBusinessTimeZone();
  const day = (ms: number) => formatDay(ms, timeZone);
  const notify = (key: 'saved' | 'confirmed' | 'deleted') => () =>
    notifications.show({ color: 'green', message: t(`${key}`) });
  const setState = useSetCompetitionState(notify('saved'));
  const confirm = useConfirmHold(notify('confirmed'));
  const remove = useDeleteCompetition(notify('deleted'));
  const restore = useConfirmRestore();
  const [deleting, setDeleting] = useState<DeleteTarget | null>(null);
  const tabs = isStaff ? COMPETITION_TABS : LIVE_COMPETITION_TABS;
  const isDeletedTab = tab === 'deleted';
  const label = useCompetitionLabel();
  // One click used to change these; a slip of the mouse moved a live competition (issue 17).
  const askState = (c: CompetitionListItem, state: CompetitionState) =>
    confirmChange({
      title: t('stateChangeTitle', { name: label(c) }),
      body: t('stateChangeBody', { from: t(`states.${c.state}`), to: t(`states.${state}`) }),
      confirm: t('stateChange', { to: t(`states.${state}`) }),
      onConfirm: () => setState.mutate({ c, state }),
      testId: 'confirm-state-change',
    });
  const askConfirmHold = (c: CompetitionListItem) =>
    confirmChange({
      title: t('confirmHoldTitle', { name: label(c) }),
      body: t('confirmHoldBody'),
      confirm: t('confirmHold'),
      onConfirm: () => confirm.mutate(c),
      testId: 'confirm-hold',
    });

  const columns: Column<CompetitionListItem>[] = [
    { key: 'campaignId', title: 'ID' },
    { key: 'name', title: t('columns.song'), sortKey: 'name' },
    { key: 'email', title: t('columns.email') },
    {
      key: 'organizer',
      title: t('columns.artist'),
      sortKey: 'organizer',
      cell: (c) => <WholeWords text={c.organizer} />,
    },
    { key: 'startDate', title: t('columns.startDate'), noWrap: true, text: (c) => day(c.startDate) },
    {
      key: 'endDate',
      title: t('columns.endDate'),
      sortKey: 'endDate',
      noWrap: true,
      text: (c) => day(c.endDate),
    },
    {
      key: 'state',
      title: t('columns.state'),
      csv: (c) => t(`states.${c.state}`),
      cell: (c) =>
        isStaff && !isDeletedTab ? (
          // The phone's own picker, and a light row to hydrate: a page has a select in every
          // row (decision 0077). The choice is only asked about; the shown state stays until it
          // is confirmed (a controlled select).
          <NativeSelect
            size="xs"
            w={130}
            aria-label={`${t('columns.state')}: ${c.name}`}
            value={c.state}
            data={COMPETITION_STATES.map((s) => ({ value: s, label: t(`states.${s}`) }))}
            onChange={(event) => askState(c, event.currentTarget.value as CompetitionState)}
          />
        ) : (
          t(`states.${c.state}`)
        ),
    },
    {
      key: 'isConfirmed',
      title: t('columns.hold'),
      csv: (c) => holdLabel(c.isConfirmed),
      cell: (c) => (
        <Group gap={4} wrap="nowrap">
          <Badge color={c.isConfirmed ? 'green' : 'yellow'} variant="light">
            {c.isConfirmed ? t('confirmedLabel') : t('holdLabel')}
          </Badge>
          {!c.isConfirmed && isStaff && !isDeletedTab && (
            // Said in words: a bare check mark was not found by people new to the screen.
            <Button
              size="compact-xs"
              variant="light"
              leftSection={<IconCheck size={12} aria-hidden />}
              aria-label={`${t('confirmHold')}: ${c.name}`}
              onClick={() => askConfirmHold(c)}
            >
              {t('confirmHold')}
            </Button>
          )}
        </Group>
      ),
    },
    {
      key: 'lastUpdated',
      title: t('columns.lastUpdate'),
      sortKey: 'lastUpdated',
      noWrap: true,
      cell: (c) => day(c.lastUpdated),
      csv: false,
    },
  ];
  const openTools = (c: CompetitionListItem, tools: readonly (typeof TOOLS)[number][]) =>
    tools.map(([name, to]) => ({
      label: t(`menu.${name}`),
      onClick: () => void navigate({ to, search: { id: c.id } }),
    }));
  const deletedRowMenu = (c: CompetitionListItem): MenuItem[] => [
    ...openTools(c, DELETED_TOOLS),
    ...(isAdmin ? [{ label: t('restore.action'), onClick: () => restore.ask(c) }] : []),
  ];
  const rowMenu = (c: CompetitionListItem): MenuItem[] => [
    { label: t('menu.view'), href: `/c/${c.id}`, target: '_blank' },
    ...openTools(c, TOOLS),
    // The Email page is the admins'. Only a competition that takes entries is announced: a hold
    // may still move and has no page, an ended or closed one takes nothing (decision 0110).
    ...(isAdmin && takesEntries({ ...c, hasEnded: c.state === 'completed' }, Date.now())
      ? [
          {
            label: t('menu.announce'),
            onClick: () => void navigate({ to: '/preffy/email', search: { id: c.id } }),
          },
        ]
      : []),
    ...(isAdmin
      ? [{ label: t('delete'), color: 'red', onClick: () => setDeleting({ ...c, label: label(c) }) }]
      : []),
  ];

  return (
    <Stack>
      <PageHeader title={t('nav.allCompetitions')}>
        <Button component={Link} to="/preffy/add" leftSection={<IconPlus size={16} />}>
          {t('start')}
        </Button>
      </PageHeader>
      <Tabs value={tab} onChange={(v) => v && onTabChange(v as CompetitionTab)}>
        <Tabs.List>
          {tabs.map((value) => (
            <Tabs.Tab key={value} value={value} data-testid={`tab-${value}`}>
              {counts.data
                ? t('tabCount', { tab: t(`tabs.${value}`), count: counts.data[value] })
                : t(`tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <ServerTable
        table={table}
        columns={columns}
        search={{ label: t('search'), width: 360 }}
        csv={{ filename: `competitions-${tab}.csv` }}
        emptyText={t(`empty.${tab}`)}
        noMatchText={(search) => t(`noMatch.${tab}`, { search })}
        rowMenu={{ items: isDeletedTab ? deletedRowMenu : rowMenu, label: (c) => c.name }}
      />
      <DeleteCompetitionDialog
        target={deleting}
        onDelete={(c, confirmPayouts) => remove.mutate({ c, confirmPayouts })}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

/** A name that wraps only between its words, never inside one ('Jean-Luc' stays whole). */
function WholeWords({ text }: { text: string }) {
  const words = text.split(/\s+/).filter(Boolean);
  return words.map((word, i) => (
    <Fragment key={i}>
      {i > 0 && ' '}
      <span style={{ whiteSpace: 'nowrap' }}>{word}</span>
    </Fragment>
  ));
}
