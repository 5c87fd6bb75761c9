import { Anchor, Button, Group, NumberFormatter, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconMail, IconSearch } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type BulkSelection, type Subscriber, email } from '@preffy/api';
import { useServerTable, useTableTexts } from '../table/use-server-table.ts';
import { emailKeys } from './api.ts';
import { SendEmailModal } from './SendEmailModal.tsx';

/**
 * The Email page (doc 1 section 2): pick subscribers, across pages or every one matching a
 * search, then send them a Fancy, Promotion or Basic email.
 */
export function EmailPage() {
  const { t } = useTranslation();
  const tableTexts = useTableTexts();
  const table = useServerTable({ key: emailKeys.subscribers, endpoint: email.subscribers, sortBy: 'email' });
  const [picked, setPicked] = useState<Subscriber[]>([]);
  // "All matching" keeps the search it was made with, minus the rows unticked since.
  const [all, setAll] = useState<{ search: string | undefined; excluded: Set<string> } | null>(null);
  // The modal keeps the selection and count it was opened with, also after the page clears them.
  const [sending, setSending] = useState<{ selection: BulkSelection; count: number } | null>(null);
  const [dense, setDense] = useState(false);
  const total = table.query.data?.total ?? 0;
  const records = table.tableProps.records;

  const count = all ? total - all.excluded.size : picked.length;
  const selectedRecords = all ? records.filter((r) => !all.excluded.has(r.email)) : picked;
  const onSelectedRecordsChange = (next: Subscriber[]) => {
    if (!all) return setPicked(next);
    const chosen = new Set(next.map((r) => r.email));
    const excluded = new Set(all.excluded);
    for (const r of records) {
      if (chosen.has(r.email)) excluded.delete(r.email);
      else excluded.add(r.email);
    }
    setAll({ ...all, excluded });
  };
  const clear = () => {
    setPicked([]);
    setAll(null);
  };
  const selection: BulkSelection = all
    ? { all: true, search: all.search, exclude: [...all.excluded] }
    : { emails: picked.map((p) => p.email) };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('email.title')}
        </Title>
        <Anchor component={Link} to="/preffy/outbox">
          {t('email.openOutbox')}
        </Anchor>
      </Group>
      <Group justify="space-between" align="end">
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('email.search')}
          aria-label={t('email.search')}
          value={table.search}
          onChange={(e) => {
            table.setSearch(e.currentTarget.value);
            setAll(null);
          }}
          w={360}
        />
        <Group>
          <Switch
            label={t('email.dense')}
            checked={dense}
            onChange={(e) => setDense(e.currentTarget.checked)}
          />
          <Text size="sm" data-testid="selected-count">
            {t('email.selected', { count })}
          </Text>
          {!all && total > 0 && (
            <Button
              variant="light"
              onClick={() => setAll({ search: table.params.search, excluded: new Set() })}
            >
              {t('email.selectAllMatching', { count: total })}
            </Button>
          )}
          {count > 0 && (
            <Button variant="subtle" onClick={clear}>
              {t('email.clearSelection')}
            </Button>
          )}
          <Button
            leftSection={<IconMail size={16} />}
            disabled={count === 0}
            onClick={() => setSending({ selection, count })}
          >
            {t('email.sendButton')}
          </Button>
        </Group>
      </Group>
      <DataTable<Subscriber>
        withTableBorder
        minHeight={200}
        idAccessor="email"
        verticalSpacing={dense ? 4 : 'sm'}
        allRecordsSelectionCheckboxProps={{ 'aria-label': t('email.selectPage') }}
        getRecordSelectionCheckboxProps={(s) => ({ 'aria-label': s.email })}
        noRecordsText={t('email.noRecords')}
        {...tableTexts}
        {...table.tableProps}
        selectedRecords={selectedRecords}
        onSelectedRecordsChange={onSelectedRecordsChange}
        columns={[
          { accessor: 'email', title: t('email.emailColumn'), sortable: true },
          { accessor: 'paypal', title: t('email.paypal') },
          {
            accessor: 'balance',
            title: t('email.balance'),
            sortable: true,
            textAlign: 'right',
            render: (s) => (
              <NumberFormatter prefix="$" value={s.balance} thousandSeparator decimalScale={2} />
            ),
          },
          {
            accessor: 'isVetted',
            title: t('email.vetted'),
            render: (s) => (s.isVetted ? t('common.yes') : t('common.no')),
          },
        ]}
      />
      {sending && (
        <SendEmailModal
          selection={sending.selection}
          count={sending.count}
          onClose={() => setSending(null)}
          onSent={clear}
        />
      )}
    </Stack>
  );
}
