import { Badge, Button, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { type Role, ROLES } from '@preffy/domain';
import { IconUserPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../../lib/api/client.ts';
import { useFormMutation } from '../../../lib/api/use-form-mutation.ts';
import { useSubmissionKey } from '../../../lib/api/submission-key.ts';
import { type User, type UserRow, users } from '@preffy/api';
import { useMe } from '../../../lib/session.ts';
import { type Column, type MenuItem, ServerTable } from '../../../components/table/ServerTable.tsx';
import { useServerTable } from '../../../components/table/use-server-table.ts';
import { confirmDestructive } from '../../../components/confirm-destructive.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { FormActions } from '../../../components/forms/FormActions.tsx';
import { useUserTimeZone } from '../../../lib/session.ts';
import { formatDay } from '../../../lib/format.ts';
import { SecuritySettingsCard } from './SecuritySettingsCard.tsx';

/** Admins invite users, set their role, disable them and hand out one-time sign-in links. */
export function UsersPage() {
  const timeZone = useUserTimeZone();
  const { t } = useTranslation('users');
  const me = useMe();
  const queryClient = useQueryClient();
  const table = useServerTable({ key: 'users', endpoint: users.list, sortBy: 'name' });
  const [inviteOpen, invite] = useDisclosure(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['users'] });

  const update = useMutation({
    mutationFn: ({ user, change }: { user: User; change: Partial<Pick<User, 'role' | 'disabled'>> }) =>
      call(users.update, { params: { id: user.id }, body: { version: user.version, ...change } }),
    onSuccess: () => notifications.show({ color: 'green', message: t('saved') }),
    onSettled: refresh,
  });
  const signInLink = useMutation({
    mutationFn: ({ user, send }: { user: User; send: boolean }) =>
      call(users.signInLink, { params: { id: user.id }, body: { send } }),
    onSuccess: async ({ url }, { user, send }) => {
      if (!send) await navigator.clipboard.writeText(url);
      notifications.show({
        color: 'green',
        message: send ? t('linkSent', { email: user.email }) : t('linkCopied'),
      });
    },
  });

  const resetTwoStep = useMutation({
    mutationFn: (user: UserRow) => call(users.resetTwoStep, { params: { id: user.id } }),
    onSuccess: (_answer, user) =>
      notifications.show({ color: 'green', message: t('twoStepReset', { name: user.name }) }),
    onSettled: refresh,
  });
  const confirmResetTwoStep = (user: UserRow) =>
    confirmDestructive({
      title: t('confirmResetTwoStepTitle', { name: user.name }),
      body: t('confirmResetTwoStep', { name: user.name }),
      confirm: t('resetTwoStep'),
      onConfirm: () => resetTwoStep.mutate(user),
      testId: 'confirm-reset-two-step',
    });

  const signOutEverywhere = useMutation({
    mutationFn: (user: User) => call(users.revokeSessions, { params: { id: user.id } }),
    onSuccess: (_answer, user) =>
      notifications.show({ color: 'green', message: t('signedOutEverywhere', { name: user.name }) }),
  });
  const confirmSignOutEverywhere = (user: User) =>
    confirmDestructive({
      title: t('confirmSignOutEverywhereTitle', { name: user.name }),
      body: t('confirmSignOutEverywhere', { name: user.name }),
      confirm: t('signOutEverywhere'),
      onConfirm: () => signOutEverywhere.mutate(user),
    });

  const confirmDisable = (user: User) =>
    confirmDestructive({
      title: t('confirmDisableTitle', { name: user.name }),
      body: t('confirmDisable', { name: user.name }),
      confirm: t('disable'),
      onConfirm: () => update.mutate({ user, change: { disabled: true } }),
    });

  // Invited until they set a password of their own: an invitation is not an active account.
  const statusOf = (user: UserRow) =>
    user.disabled ? t('disabled') : user.invited ? t('invitedStatus') : t('active');
  const columns: Column<UserRow>[] = [
    { key: 'name', title: t('name'), sortKey: 'name' },
    { key: 'email', title: t('email'), sortKey: 'email' },
    {
      key: 'role',
      title: t('role'),
      sortKey: 'role',
      csv: (u) => t(`roles.${u.role}`),
      cell: (user) => (
        <Select
          aria-label={t('role')}
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
      title: t('status'),
      csv: (u) => statusOf(u),
      cell: (user) => (
        <Badge color={user.disabled ? 'gray' : user.invited ? 'yellow' : 'green'} variant="light">
          {statusOf(user)}
        </Badge>
      ),
    },
    {
      key: 'twoStepEnabled',
      title: t('twoStep'),
      csv: (u) => (u.twoStepEnabled ? t('twoStepOn') : t('twoStepOff')),
      cell: (user) => (
        <Badge color={user.twoStepEnabled ? 'green' : 'gray'} variant="light">
          {user.twoStepEnabled ? t('twoStepOn') : t('twoStepOff')}
        </Badge>
      ),
    },
    {
      key: 'createdAt',
      title: t('created'),
      sortKey: 'createdAt',
      csv: (u) => new Date(u.createdAt).toISOString(),
      cell: (u) => formatDay(u.createdAt, timeZone),
    },
  ];
  const rowMenu = (user: UserRow): MenuItem[] => [
    // The server refuses sign-in links to administrators' accounts.
    ...(user.role !== 'admin'
      ? [
          { label: t('copyLink'), onClick: () => signInLink.mutate({ user, send: false }) },
          { label: t('sendLink'), onClick: () => signInLink.mutate({ user, send: true }) },
        ]
      : []),
    ...(user.id !== me.id
      ? [
          { label: t('signOutEverywhere'), onClick: () => confirmSignOutEverywhere(user) },
          ...(user.twoStepEnabled
            ? [{ label: t('resetTwoStep'), color: 'red', onClick: () => confirmResetTwoStep(user) }]
            : []),
          user.disabled
            ? {
                label: t('enable'),
                onClick: () => update.mutate({ user, change: { disabled: false } }),
              }
            : { label: t('disable'), color: 'red', onClick: () => confirmDisable(user) },
        ]
      : []),
  ];

  return (
    <Stack>
      <PageHeader title={t('title')}>
        <Button leftSection={<IconUserPlus size={16} />} onClick={invite.open}>
          {t('invite')}
        </Button>
      </PageHeader>
      <ServerTable
        table={table}
        columns={columns}
        search={{ label: t('search'), width: 360 }}
        csv={{ filename: 'users.csv' }}
        emptyText={t('noRecords')}
        noMatchText={(search) => t('noMatch', { search })}
        rowMenu={{ items: rowMenu, label: (user) => user.email }}
      />
      <SecuritySettingsCard />
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
  const { t } = useTranslation('users');
  const form = useForm({
    initialValues: { email: '', name: '', role: 'staff' as Role },
    validate: {
      email: (v) => (/^\S+@\S+\.\S+$/.test(v.trim()) ? null : t('emailInvalid')),
      name: (v) => (v.trim() ? null : t('nameRequired')),
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
      notifications.show({ color: 'green', message: t('invited', { email: user.email }) });
      form.reset();
      onInvited();
      onClose();
    },
  });
  return (
    <Modal opened={opened} onClose={onClose} title={t('invite')}>
      <form onSubmit={form.onSubmit((values) => inviteUser.submit(values))} noValidate>
        <Stack>
          <TextInput
            label={t('email')}
            type="email"
            required
            data-autofocus
            {...form.getInputProps('email')}
          />
          <TextInput label={t('name')} required {...form.getInputProps('name')} />
          <Select
            label={t('role')}
            allowDeselect={false}
            data={ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
            {...form.getInputProps('role')}
          />
          <FormActions submitLabel={t('send')} loading={inviteUser.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
