import { Badge, Group, Modal, Select, Stack, Tabs, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type EmailKindName,
  type OutboxMessage,
  type OutboxRecipient,
  RECIPIENT_STATUSES,
  type RecipientStatus,
  outbox,
} from '@preffy/api';
import { LANGUAGES, type Language, currentLanguage } from '../i18n/index.ts';
import { useServerTable, useTableTexts } from '../table/use-server-table.ts';
import {
  emailKindsQuery,
  emailPreviewQuery,
  outboxKeys,
  outboxMessageQuery,
  outboxRecipientsQuery,
} from './api.ts';
import { EmailPreview } from './EmailPreview.tsx';

const STATUS_COLORS: Record<RecipientStatus, string> = {
  queued: 'gray',
  sending: 'blue',
  sent: 'green',
  rejected: 'orange',
  failed: 'red',
  skipped: 'yellow',
};
const RECIPIENTS_PER_PAGE = 10;
const formatTime = (ms: number) => new Date(ms).toLocaleString(currentLanguage());

/** Every message the product sent or will send, rendered, with each recipient's delivery. */
export function OutboxPage() {
  const { t } = useTranslation();
  const tableTexts = useTableTexts();
  const table = useServerTable({ key: outboxKeys.all[0], endpoint: outbox.list, sortBy: 'createdAt' });
  const [openId, setOpenId] = useState<string | null>(null);
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('outbox.title')}
      </Title>
      <Tabs defaultValue="messages">
        <Tabs.List>
          <Tabs.Tab value="messages">{t('outbox.title')}</Tabs.Tab>
          <Tabs.Tab value="templates">{t('outbox.previews')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="messages" pt="md">
          <Stack>
            <TextInput
              leftSection={<IconSearch size={16} />}
              placeholder={t('outbox.search')}
              aria-label={t('outbox.search')}
              value={table.search}
              onChange={(e) => table.setSearch(e.currentTarget.value)}
              maw={360}
            />
            <DataTable<OutboxMessage>
              withTableBorder
              highlightOnHover
              minHeight={200}
              noRecordsText={t('outbox.noRecords')}
              {...tableTexts}
              {...table.tableProps}
              onRowClick={({ record }) => setOpenId(record.id)}
              columns={[
                { accessor: 'createdAt', title: t('outbox.sentAt'), render: (m) => formatTime(m.createdAt) },
                { accessor: 'kind', title: t('outbox.kind') },
                { accessor: 'subject', title: t('outbox.subject') },
                {
                  accessor: 'recipients',
                  title: t('outbox.recipients'),
                  render: (m) =>
                    m.recipients === 1 ? m.firstRecipient : `${m.firstRecipient} +${m.recipients - 1}`,
                },
                {
                  accessor: 'counts',
                  title: t('outbox.status'),
                  render: (m) => <StatusBadges counts={m.counts} />,
                },
              ]}
            />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="templates" pt="md">
          <TemplatePreviews />
        </Tabs.Panel>
      </Tabs>
      {openId && <MessageModal id={openId} onClose={() => setOpenId(null)} />}
    </Stack>
  );
}

function StatusBadges({ counts }: { counts: OutboxMessage['counts'] }) {
  const { t } = useTranslation();
  return (
    <Group gap={4}>
      {RECIPIENT_STATUSES.filter((s) => counts[s] > 0).map((s) => (
        <Badge key={s} color={STATUS_COLORS[s]} variant="light">
          {t(`outbox.statuses.${s}`)} {counts[s]}
        </Badge>
      ))}
    </Group>
  );
}

function MessageModal({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const tableTexts = useTableTexts();
  const [page, setPage] = useState(1);
  const message = useQuery(outboxMessageQuery(id));
  const recipients = useQuery(outboxRecipientsQuery(id, page, RECIPIENTS_PER_PAGE));
  return (
    <Modal opened onClose={onClose} size="xl" title={message.data?.subject ?? t('common.loading')}>
      {message.data && (
        <Stack>
          <StatusBadges counts={message.data.counts} />
          <EmailPreview email={message.data} />
          <DataTable<OutboxRecipient>
            withTableBorder
            idAccessor="email"
            records={recipients.data?.items ?? []}
            totalRecords={recipients.data?.total ?? 0}
            recordsPerPage={RECIPIENTS_PER_PAGE}
            page={page}
            onPageChange={setPage}
            fetching={recipients.isFetching}
            paginationText={tableTexts.paginationText}
            columns={[
              { accessor: 'email', title: t('outbox.recipient') },
              {
                accessor: 'status',
                title: t('outbox.status'),
                render: (r) => (
                  <Badge color={STATUS_COLORS[r.status]} variant="light">
                    {t(`outbox.statuses.${r.status}`)}
                  </Badge>
                ),
              },
              { accessor: 'attempts', title: t('outbox.attempts') },
              { accessor: 'reason', title: t('outbox.reason') },
            ]}
          />
        </Stack>
      )}
    </Modal>
  );
}

function TemplatePreviews() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<EmailKindName>('winner-notice');
  const [language, setLanguage] = useState<Language>(currentLanguage());
  const kinds = useQuery(emailKindsQuery());
  const preview = useQuery(emailPreviewQuery(kind, language));
  return (
    <Stack>
      <Group>
        <Select
          label={t('outbox.previewKind')}
          value={kind}
          onChange={(v) => v && setKind(v as EmailKindName)}
          allowDeselect={false}
          data={(kinds.data?.items ?? []).map((k) => k.kind)}
        />
        <Select
          label={t('email.previewLanguage')}
          value={language}
          onChange={(v) => v && setLanguage(v as Language)}
          allowDeselect={false}
          data={Object.entries(LANGUAGES).map(([value, label]) => ({ value, label }))}
        />
      </Group>
      {preview.data && <EmailPreview email={preview.data} />}
    </Stack>
  );
}
