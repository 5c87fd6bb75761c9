import { Badge, Button, Group, Modal, Select, Stack, Tabs, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  EMAIL_KIND_NAMES,
  type EmailKindName,
  type OutboxMessage,
  RECIPIENT_STATUSES,
  type RecipientStatus,
  outbox,
} from '@preffy/api';
import { LANGUAGES, type Language, currentLanguage } from '../../../lib/i18n/index.ts';
import { ServerTable } from '../../../components/table/ServerTable.tsx';
import { useServerTable } from '../../../components/table/use-server-table.ts';
import { emailKindsQuery, emailPreviewQuery, outboxKeys, outboxMessageQuery } from '../api/email.ts';
import { EmailPreview } from './EmailPreview.tsx';
import { call } from '../../../lib/api/client.ts';
import { useSubmissionKey } from '../../../lib/api/submission-key.ts';
import { confirmChange } from '../../../components/confirm-destructive.tsx';
import { useFormatTimestamp } from '../../../lib/session.ts';

const STATUS_COLORS: Record<RecipientStatus, string> = {
  queued: 'gray',
  sending: 'blue',
  sent: 'green',
  rejected: 'orange',
  failed: 'red',
  skipped: 'yellow',
  unknown: 'grape',
};
const RECIPIENTS_PER_PAGE = 10;

/** Every message the product sent or will send, rendered, with each recipient's delivery. */
/** An outbox kind by its human name ('Fancy email'); a kind this build does not know, as stored. */
function useKindName() {
  const { t } = useTranslation('email');
  return (kind: string) =>
    (EMAIL_KIND_NAMES as readonly string[]).includes(kind) ? t(`kinds.${kind as EmailKindName}`) : kind;
}

export function OutboxPage() {
  const formatTime = useFormatTimestamp();
  const kindName = useKindName();
  const { t } = useTranslation('email');
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
            <ServerTable
              table={table}
              columns={[
                { key: 'createdAt', title: t('outbox.sentAt'), cell: (m) => formatTime(m.createdAt) },
                { key: 'kind', title: t('outbox.kind'), text: (m) => kindName(m.kind) },
                { key: 'subject', title: t('outbox.subject') },
                {
                  key: 'recipients',
                  title: t('outbox.recipients'),
                  cell: (m) =>
                    m.recipients === 1 ? m.firstRecipient : `${m.firstRecipient} +${m.recipients - 1}`,
                },
                { key: 'counts', title: t('outbox.status'), cell: (m) => <StatusBadges counts={m.counts} /> },
                {
                  // A row opens on a click anywhere; this button is the keyboard's way in, and in sight on a phone.
                  key: 'open',
                  title: t('actions', { ns: 'common' }),
                  pinned: true,
                  cell: (m) => (
                    <Button
                      size="compact-xs"
                      variant="light"
                      aria-label={`${t('open', { ns: 'common' })}: ${m.subject}`}
                      onClick={(event) => {
                        event.stopPropagation();
                        setOpenId(m.id);
                      }}
                    >
                      {t('open', { ns: 'common' })}
                    </Button>
                  ),
                },
              ]}
              search={{ label: t('outbox.search'), width: 360 }}
              emptyText={t('outbox.noRecords')}
              onRowClick={(m) => setOpenId(m.id)}
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
  const { t } = useTranslation('email');
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
  const { t } = useTranslation('email');
  const message = useQuery(outboxMessageQuery(id));
  // The modal's table keeps its page to itself: the URL belongs to the list below it.
  const recipients = useServerTable({
    key: [...outboxKeys.message(id), 'recipients'],
    endpoint: outbox.recipients,
    pathParams: { id },
    pageSizes: [RECIPIENTS_PER_PAGE],
    inUrl: false,
  });
  return (
    <Modal opened onClose={onClose} size="xl" title={message.data?.subject ?? t('common.loading')}>
      {message.data && (
        <Stack>
          <StatusBadges counts={message.data.counts} />
          {message.data.counts.unknown > 0 && <ResendUnknown id={id} count={message.data.counts.unknown} />}
          <EmailPreview email={message.data} />
          <ServerTable
            table={recipients}
            idKey="email"
            search={false}
            emptyText={t('outbox.noRecords')}
            columns={[
              { key: 'email', title: t('outbox.recipient') },
              {
                key: 'status',
                title: t('outbox.status'),
                cell: (r) => (
                  <Badge color={STATUS_COLORS[r.status]} variant="light">
                    {t(`outbox.statuses.${r.status}`)}
                  </Badge>
                ),
              },
              { key: 'attempts', title: t('outbox.attempts') },
              { key: 'reason', title: t('outbox.reason') },
            ]}
          />
        </Stack>
      )}
    </Modal>
  );
}

/**
 * Recipients a crash left in doubt (decision 0125): the email may or may not have reached them,
 * so nothing sends it again until an admin decides to, here, for exactly these.
 */
export function ResendUnknown({ id, count }: { id: string; count: number }) {
  const { t } = useTranslation('email');
  const queryClient = useQueryClient();
  const submission = useSubmissionKey();
  const resend = useMutation({
    mutationFn: () =>
      call(outbox.resendUnknown, { params: { id } }, { idempotencyKey: submission.keyFor({ id }) }),
    onSuccess: () => {
      submission.succeeded();
      return queryClient.invalidateQueries({ queryKey: outboxKeys.message(id) });
    },
  });
  return (
    <Stack gap="xs">
      <Text size="sm">{t('outbox.unknownExplained', { count })}</Text>
      <Group>
        <Button
          variant="light"
          loading={resend.isPending}
          onClick={() =>
            confirmChange({
              title: t('outbox.resendUnknownTitle'),
              body: t('outbox.resendUnknownBody', { count }),
              confirm: t('outbox.resendUnknown', { count }),
              onConfirm: () => resend.mutate(),
            })
          }
        >
          {t('outbox.resendUnknown', { count })}
        </Button>
      </Group>
    </Stack>
  );
}

function TemplatePreviews() {
  const { t } = useTranslation('email');
  const [kind, setKind] = useState<EmailKindName>('winner-notice');
  const [language, setLanguage] = useState<Language>(currentLanguage());
  const kinds = useQuery(emailKindsQuery());
  const kindName = useKindName();
  const preview = useQuery(emailPreviewQuery(kind, language));
  return (
    <Stack>
      <Group>
        <Select
          label={t('outbox.previewKind')}
          value={kind}
          onChange={(v) => v && setKind(v as EmailKindName)}
          allowDeselect={false}
          data={(kinds.data?.items ?? []).map((k) => ({ value: k.kind, label: kindName(k.kind) }))}
        />
        <Select
          label={t('previewLanguage')}
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
