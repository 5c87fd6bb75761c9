import { Badge, Button, Group, Modal, Select, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { type Role, ROLES } from '@preffy/domain';
import { IconUserPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client.ts';
import { useFormMutation } from '../api/use-form-mutation.ts';
import { useSubmissionKey } from '../api/submission-key.ts';
import { type User, users } from '@preffy/api';
import { useMe } from '../auth/session.ts';
import { currentLanguage } from '../i18n/index.ts';
import { type Column, type MenuItem, ServerTable } from '../table/ServerTable.tsx';
import { useServerTable } from '../table/use-server-table.ts';

const formatDate = (ms: number) => new Date(ms).toLocaleDateString(currentLanguage());

/** Admins invite users, set their role, disable them and hand out one-time sign-in links. */
export function UsersPage() {
  const { t } = useTranslation();
  const me = useMe();
  const queryClient = useQueryClient();
  const table = useServerTable({ key: 'users', endpoint: users.list, sortBy: 'name' });
  const [inviteOpen, invite] = useDisclosure(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['users'] });

  const update = useMutation({
    mutationFn: ({ user, change }: { user: User; change: Partial<Pick<User, 'role' | 'disabled'>> }) =>
      call(users.update, { params: { id: user.id }, body: { version: user.version, ...change } }),
    onSuccess: () => notifications.show({ color: 'green', message: t('users.saved') }),
    onSettled: refresh,
  });
  const signInLink = useMutation({
    mutationFn: ({ user, send }: { user: User; send: boolean }) =>
      call(users.signInLink, { params: { id: user.id }, body: { send } }),
    onSuccess: async ({ url }, { user, send }) => {
      if (!send) await navigator.clipboard.writeText(url);
      notifications.show({
        color: 'green',
        message: send ? t('users.linkSent', { email: user.email }) : t('users.linkCopied'),
      });
    },
  });

  const signOutEverywhere = useMutation({
    mutationFn: (user: User) => call(users.revokeSessions, { params: { id: user.id } }),
    onSuccess: (_answer, user) =>
      notifications.show({ color: 'green', message: t('users.signedOutEverywhere', { name: user.name }) }),
  });
  const confirmSignOutEverywhere = (user: User) =>
    modals.openConfirmModal({
      title: t('users.confirmSignOutEverywhereTitle', { name: user.name }),
      children: t('users.confirmSignOutEverywhere', { name: user.name }),
      labels: { confirm: t('users.signOutEverywhere'), cancel: t('users.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => signOutEverywhere.mutate(user),
    });

  const confirmDisable = (user: User) =>
    modals.openConfirmModal({
      title: t('users.confirmDisableTitle', { name: user.name }),
      children: t('users.confirmDisable', { name: user.name }),
      labels: { confirm: t('users.disable'), cancel: t('users.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => update.mutate({ user, change: { disabled: true } }),
    });

  const columns: Column<User>[] = [
    { key: 'name', title: t('users.name'), sortKey: 'name' },
    { key: 'email', title: t('users.email'), sortKey: 'email' },
    {
      key: 'role',
      title: t('users.role'),
      sortKey: 'role',
      csv: (u) => t(`roles.${u.role}`),
      cell: (user) => (
        <Select
          aria-label={t('users.role')}
          size="xs"
          w={160}
          allowDeselect={false}
          disabled={user.id === me.id}
          value={user.role}
          data={ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
          onChange={(role) => role && update.mutate({ user, change: { role: role as Role } })}
        />
      ),
    },
    {
      key: 'disabled',
      title: t('users.status'),
      csv: (u) => (u.disabled ? t('users.disabled') : t('users.active')),
      cell: (user) => (
        <Badge color={user.disabled ? 'gray' : 'green'} variant="light">
          {user.disabled ? t('users.disabled') : t('users.active')}
        </Badge>
      ),
    },
    {
      key: 'createdAt',
      title: t('users.created'),
      sortKey: 'createdAt',
      csv: (u) => new Date(u.createdAt).toISOString(),
      cell: (u) => formatDate(u.createdAt),
    },
  ];
  const rowMenu = (user: User): MenuItem[] => [
    // The server refuses sign-in links to administrators' accounts.
    ...(user.role !== 'admin'
      ? [
          { label: t('users.copyLink'), onClick: () => signInLink.mutate({ user, send: false }) },
          { label: t('users.sendLink'), onClick: () => signInLink.mutate({ user, send: true }) },
        ]
      : []),
    ...(user.id !== me.id
      ? [
          { label: t('users.signOutEverywhere'), onClick: () => confirmSignOutEverywhere(user) },
          user.disabled
            ? {
                label: t('users.enable'),
                onClick: () => update.mutate({ user, change: { disabled: false } }),
              }
            : { label: t('users.disable'), color: 'red', onClick: () => confirmDisable(user) },
        ]
      : []),
  ];

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('users.title')}
        </Title>
        <Button leftSection={<IconUserPlus size={16} />} onClick={invite.open}>
          {t('users.invite')}
        </Button>
      </Group>
      <ServerTable
        table={table}
        columns={columns}
        search={{ label: t('users.search'), width: 360 }}
        csv={{ filename: 'users.csv' }}
        emptyText={t('users.noRecords')}
        noMatchText={(search) => t('users.noMatch', { search })}
        rowMenu={{ items: rowMenu, label: (user) => user.email }}
      />
      <InviteModal opened={inviteOpen} onClose={invite.close} onInvited={refresh} />
    </Stack>
  );
}

function InviteModal({
  opened,
  onClose,
  onInvited,
}: {
  opened: boolean;
  onClose: () => void;
  onInvited: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm({
    initialValues: { email: '', name: '', role: 'staff' as Role },
    validate: {
      email: (v) => (/^\S+@\S+\.\S+$/.test(v.trim()) ? null : t('auth.emailInvalid')),
      name: (v) => (v.trim() ? null : t('users.nameRequired')),
    },
  });
  // A double click or a retry of the same invitation reuses its key: one user, one email.
  const submission = useSubmissionKey();
  const inviteUser = useFormMutation({
    form,
    mutationFn: (values: typeof form.values) =>
      call(users.invite, { body: values }, { idempotencyKey: submission.keyFor(values) }),
    onSuccess: ({ user }) => {
      submission.succeeded();
      notifications.show({ color: 'green', message: t('users.invited', { email: user.email }) });
      form.reset();
      onInvited();
      onClose();
    },
  });
  return (
    <Modal opened={opened} onClose={onClose} title={t('users.invite')}>
      <form onSubmit={form.onSubmit((values) => inviteUser.submit(values))} noValidate>
        <Stack>
          <TextInput
            label={t('users.email')}
            type="email"
            required
            data-autofocus
            {...form.getInputProps('email')}
          />
          <TextInput label={t('users.name')} required {...form.getInputProps('name')} />
          <Select
            label={t('users.role')}
            allowDeselect={false}
            data={ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
            {...form.getInputProps('role')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('users.cancel')}
            </Button>
            <Button type="submit" loading={inviteUser.isPending}>
              {t('users.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
