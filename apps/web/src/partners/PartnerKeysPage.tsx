import { Alert, Button, CopyButton, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconKey } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type PartnerKey, partners } from '@preffy/api';
import { call } from '../api/client.ts';
import { useFormMutation } from '../api/use-form-mutation.ts';
import { currentLanguage } from '../i18n/index.ts';
import { ServerTable } from '../table/ServerTable.tsx';
import { useServerTable } from '../table/use-server-table.ts';

/** The partner keys list (useServerTable's key): every page of it, to invalidate. */
const partnerKeys = { lists: ['partner-keys'] as const };
const PARTNER_KEYS_TABLE_KEY = partnerKeys.lists[0];

const when = (ms: number | null) => (ms ? new Date(ms).toLocaleString(currentLanguage()) : '—');

/** Admins make and revoke the keys partners use for POST /api/ingest/posts. */
export function PartnerKeysPage() {
  const { t } = useTranslation();
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
    onSuccess: () => notifications.show({ color: 'green', message: t('partners.revoked') }),
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
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('partners.title')}
        </Title>
        <Button leftSection={<IconKey size={16} />} onClick={create.open}>
          {t('partners.create')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t('partners.help')}
      </Text>
      <ServerTable
        table={table}
        search={{ label: t('partners.search'), width: 320 }}
        minHeight={150}
        emptyText={t('partners.none')}
        columns={[
          { key: 'name', title: t('partners.name') },
          { key: 'keyPrefix', title: t('partners.key'), cell: (k) => <code>{k.keyPrefix}…</code> },
          { key: 'createdAt', title: t('partners.created'), cell: (k) => when(k.createdAt) },
          { key: 'lastUsedAt', title: t('partners.lastUsed'), cell: (k) => when(k.lastUsedAt) },
          {
            key: 'actions',
            title: t('users.actions'),
            textAlign: 'right',
            // One action: a button, not a menu.
            csv: false,
            cell: (k) => (
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                aria-label={`${t('partners.revoke')}: ${k.name}`}
                onClick={() =>
                  modals.openConfirmModal({
                    title: t('partners.revokeTitle', { name: k.name }),
                    children: <Text>{t('partners.revokeBody')}</Text>,
                    labels: { confirm: t('partners.revoke'), cancel: t('users.cancel') },
                    confirmProps: { color: 'red' },
                    onConfirm: () => revoke.mutate(k),
                  })
                }
              >
                {t('partners.revoke')}
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
        title={t('partners.create')}
      >
        {madeKey ? (
          <Stack>
            <Alert color="yellow">{t('partners.shownOnce')}</Alert>
            <Group wrap="nowrap" align="end">
              <TextInput flex={1} readOnly label={t('partners.key')} value={madeKey} />
              <CopyButton value={madeKey}>
                {({ copied, copy }) => (
                  <Button onClick={copy}>
                    {copied ? t('calendar.feed.copied') : t('calendar.feed.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Stack>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack>
              <TextInput label={t('partners.name')} required data-autofocus {...form.getInputProps('name')} />
              <Group justify="flex-end">
                <Button type="submit" loading={createKey.isPending}>
                  {t('partners.make')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Modal>
    </Stack>
  );
}
