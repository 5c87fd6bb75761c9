import { Alert, Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconKey } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type PartnerKey, partners } from '@preffy/api';
import { call } from '../../../lib/api/client.ts';
import { useFormMutation } from '../../../lib/api/use-form-mutation.ts';
import { ServerTable } from '../../../components/table/ServerTable.tsx';
import { useServerTable } from '../../../components/table/use-server-table.ts';
import { confirmDestructive } from '../../../components/confirm-destructive.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useFormatTimestamp } from '../../../lib/session.ts';
import { UNFORMATTABLE } from '../../../lib/format.ts';

/** The partner keys list (useServerTable's key): every page of it, to invalidate. */
const partnerKeys = { lists: ['partner-keys'] as const };
const PARTNER_KEYS_TABLE_KEY = partnerKeys.lists[0];

/** Admins make and revoke the keys partners use for POST /api/ingest/posts. */
export function PartnerKeysPage() {
  const formatTime = useFormatTimestamp();
  const when = (ms: number | null) => (ms ? formatTime(ms) : UNFORMATTABLE);
  const { t } = useTranslation('partners');
  const queryClient = useQueryClient();
  const table = useServerTable({
    key: PARTNER_KEYS_TABLE_KEY,
    endpoint: partners.listKeys,
    sortBy: 'createdAt',
  });
  const [createOpen, create] = useDisclosure(false);
  const [madeKey, setMadeKey] = useState<string | null>(null);
  const form = useForm({ initialValues: { name: '' } });
  const refresh = () => queryClient.invalidateQueries({ queryKey: partnerKeys.lists });
  const revoke = useMutation({
    mutationFn: (k: PartnerKey) =>
      call(partners.revokeKey, { params: { id: k.id }, query: { version: k.version } }),
    onSuccess: () => notifications.show({ color: 'green', message: t('revoked') }),
    onSettled: refresh,
  });
  const createKey = useFormMutation({
    form,
    mutationFn: (values: { name: string }) => call(partners.createKey, { body: values }),
    onSuccess: async ({ key }) => {
      setMadeKey(key);
      form.reset();
      await refresh();
    },
  });
  const submit = form.onSubmit((values) => createKey.submit(values));
  return (
    <Stack>
      <PageHeader title={t('title')}>
        <Button leftSection={<IconKey size={16} />} onClick={create.open}>
          {t('create')}
        </Button>
      </PageHeader>
      <Text size="sm" c="dimmed">
        {t('help')}
      </Text>
      <ServerTable
        table={table}
        search={{ label: t('search'), width: 320 }}
        minHeight={150}
        emptyText={t('none')}
        columns={[
          { key: 'name', title: t('name') },
          { key: 'keyPrefix', title: t('key'), cell: (k) => <code>{k.keyPrefix}…</code> },
          { key: 'createdAt', title: t('created'), cell: (k) => when(k.createdAt) },
          { key: 'lastUsedAt', title: t('lastUsed'), cell: (k) => when(k.lastUsedAt) },
          {
            key: 'actions',
            title: t('actions'),
            textAlign: 'right',
            // One action: a button, not a menu.
            csv: false,
            cell: (k) => (
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                aria-label={`${t('revoke')}: ${k.name}`}
                onClick={() =>
                  confirmDestructive({
                    title: t('revokeTitle', { name: k.name }),
                    body: t('revokeBody'),
                    confirm: t('revoke'),
                    onConfirm: () => revoke.mutate(k),
                  })
                }
              >
                {t('revoke')}
              </Button>
            ),
          },
        ]}
      />
      <Modal
        opened={createOpen}
        onClose={() => {
          create.close();
          setMadeKey(null);
        }}
        title={t('create')}
      >
        {madeKey ? (
          <Stack>
            <Alert color="yellow">{t('shownOnce')}</Alert>
            <Group wrap="nowrap" align="end">
              <TextInput flex={1} readOnly label={t('key')} value={madeKey} />
              <CopyButton value={madeKey}>
                {({ copied, copy }) => <Button onClick={copy}>{copied ? t('copied') : t('copy')}</Button>}
              </CopyButton>
            </Group>
          </Stack>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack>
              <TextInput label={t('name')} required data-autofocus {...form.getInputProps('name')} />
              <Group justify="flex-end">
                <Button type="submit" loading={createKey.isPending}>
                  {t('make')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Modal>
    </Stack>
  );
}
