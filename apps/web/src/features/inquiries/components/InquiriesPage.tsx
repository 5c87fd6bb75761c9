import { Anchor, Button, Group, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import { type Inquiry, inquiries } from '@preffy/api';
import { IconListDetails, IconPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { type Column, ServerTable } from '../../../components/table/ServerTable.tsx';
import { useServerTable } from '../../../components/table/use-server-table.ts';
import { useUrlFilter } from '../../../components/table/use-table-state.ts';
import { UNFORMATTABLE, formatDay } from '../../../lib/format.ts';
import { useBusinessTimeZone } from '../../../lib/session.ts';
import { inquiriesKeys } from '../api/inquiries.ts';
import { INQUIRY_VIEWS, inquiryViewOf } from '../inquiry-status.ts';
import { InquiryStatusBadge, useStatusText } from './InquiryStatusBadge.tsx';
import { InquiryOptionsModal } from './InquiryOptionsModal.tsx';
import { NewInquiryModal } from './NewInquiryModal.tsx';

/** The spec's page sizes: 10, 25 or 100. */
const PAGE_SIZES = [10, 25, 100];

/**
 * The inbox (/inquiries?status): Unseen, In Progress, Completed or all inquiries (any other
 * `status` shows all), optionally only the caller's ('Assigned to me', ?mine=true), searched,
 * sorted and paged on the server. Add Inquiry adds one by hand; Edit lists edits the contact
 * form's Source, Inquiry Type and Platforms lists. Staff and admins only.
 */
export function InquiriesPage({ status }: { status: string | undefined }) {
  const { t } = useTranslation('inquiries');
  const timeZone = useBusinessTimeZone();
  const view = inquiryViewOf(status);
  const [, setStatus] = useUrlFilter<string>('status');
  const [mine, setMine] = useUrlFilter<boolean>('mine');
  const [adding, setAdding] = useState(false);
  const [editingLists, setEditingLists] = useState(false);
  const statusText = useStatusText();
  const table = useServerTable({
    key: inquiriesKeys.lists,
    endpoint: inquiries.list,
    sortBy: 'date',
    sortDirection: 'desc',
    pageSizes: PAGE_SIZES,
    extra: { status: view === 'all' ? undefined : view, mine: mine ? 'true' : undefined },
  });

  const day = (i: Inquiry) => formatDay(i.date, timeZone);
  const orDash = (v: string | null) => v || UNFORMATTABLE;
  const columns: Column<Inquiry>[] = [
    { key: 'id', title: t('columns.id'), hidden: true },
    { key: 'fullName', title: t('columns.fullName'), sortKey: 'fullName' },
    {
      key: 'date',
      title: t('columns.date'),
      sortKey: 'date',
      text: day,
      cell: (i) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {day(i)}
        </Text>
      ),
    },
    { key: 'email', title: t('columns.email'), sortKey: 'email' },
    { key: 'source', title: t('columns.source'), sortKey: 'source', text: (i) => orDash(i.source) },
    {
      key: 'assignedTo',
      title: t('columns.assignedTo'),
      sortKey: 'assignedToEmail',
      text: (i) => i.assignedToName || i.assignedToEmail || t('unassigned'),
    },
    {
      key: 'inquiryType',
      title: t('columns.inquiryType'),
      sortKey: 'inquiryType',
      text: (i) => orDash(i.inquiryType),
    },
    {
      key: 'status',
      title: t('columns.status'),
      sortKey: 'status',
      text: (i) => statusText(i.status),
      cell: (i) => <InquiryStatusBadge status={i.status} />,
    },
    {
      key: 'view',
      title: t('columns.actions'),
      csv: false,
      cell: (i) => (
        <Anchor
          renderRoot={(props) => <Link {...props} to="/contacts-profile" search={{ id: i.id }} />}
          size="sm"
          style={{ whiteSpace: 'nowrap' }}
          aria-label={t('viewDetailsOf', { name: i.fullName })}
        >
          {t('viewDetails')}
        </Anchor>
      ),
    },
  ];

  const emptyText = mine ? t(`emptyMine.${view}`) : t(`empty.${view}`);
  return (
    <Stack>
      <PageHeader title={t(`title.${view}`)}>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconListDetails size={16} />}
            onClick={() => setEditingLists(true)}
          >
            {t('edit', { ns: 'inquiryOptions' })}
          </Button>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            {t('add')}
          </Button>
        </Group>
      </PageHeader>
      <Group gap="md" wrap="wrap">
        <SegmentedControl
          aria-label={t('statusFilter')}
          value={view}
          onChange={(next) => setStatus(next === 'all' ? undefined : next)}
          data={INQUIRY_VIEWS.map((v) => ({ value: v, label: t(`tabs.${v}`) }))}
          style={{ maxWidth: '100%', overflowX: 'auto' }}
        />
        <Switch
          label={t('mine')}
          checked={mine === true}
          onChange={(e) => setMine(e.currentTarget.checked ? true : undefined)}
          data-testid="inquiries-mine"
        />
      </Group>
      <ServerTable
        table={table}
        columns={columns}
        search={{ label: t('search'), width: 340 }}
        csv={{ filename: view === 'all' ? 'inquiries.csv' : `inquiries-${view}.csv` }}
        emptyText={emptyText}
        noMatchText={(search) => t('noMatch', { search })}
      />
      {adding && <NewInquiryModal onClose={() => setAdding(false)} />}
      {editingLists && <InquiryOptionsModal onClose={() => setEditingLists(false)} />}
    </Stack>
  );
}
