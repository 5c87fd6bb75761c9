import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Menu,
  Modal,
  Select,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { type Role, ROLES } from '@preffy/domain';
import { IconDots, IconDownload, IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DataTable } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { call, notifyError, showFormErrors } from '../api/client.ts';
import { useSubmissionKey } from '../api/submission-key.ts';
import { type User, users } from '@preffy/api';
import { useMe } from '../auth/session.ts';
import { currentLanguage } from '../i18n/index.ts';
import { exportCsv } from '../table/export-csv.ts';
import { useServerTable, useTableTexts } from '../table/use-server-table.ts';

const formatDate = (ms: number) => new Date(ms).toLocaleDateString(currentLanguage());

/** Admins invite users, set their role, disable them and hand out one-time sign-in links. */
export function UsersPage() {
  const { t } = useTranslation();
  const me = useMe();
  const tableTexts = useTableTexts();
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

  const columns = [
    { title: t('users.name'), value: (u: User) => u.name },
    { title: t('users.email'), value: (u: User) => u.email },
    { title: t('users.role'), value: (u: User) => t(`roles.${u.role}`) },
    { title: t('users.status'), value: (u: User) => (u.disabled ? t('users.disabled') : t('users.active')) },
    { title: t('users.created'), value: (u: User) => new Date(u.createdAt).toISOString() },
  ];

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('users.title')}
        </Title>
        <Group>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            onClick={() =>
              void exportCsv({
                source: { endpoint: users.list },
                params: table.params,
                columns,
                filename: 'users.csv',
              }).catch(notifyError)
            }
          >
            {t('users.exportCsv')}
          </Button>
          <Button leftSection={<IconUserPlus size={16} />} onClick={invite.open}>
            {t('users.invite')}
          </Button>
        </Group>
      </Group>
      <TextInput
        leftSection={<IconSearch size={16} />}
        placeholder={t('users.search')}
        aria-label={t('users.search')}
        value={table.search}
        onChange={(e) => table.setSearch(e.currentTarget.value)}
        maw={360}
      />
      <DataTable<User>
        withTableBorder
        minHeight={200}
        noRecordsText={t('users.noRecords')}
        {...tableTexts}
        {...table.tableProps}
        columns={[
          { accessor: 'name', title: t('users.name'), sortable: true },
          { accessor: 'email', title: t('users.email'), sortable: true },
          {
            accessor: 'role',
            title: t('users.role'),
            sortable: true,
            render: (user) => (
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
            accessor: 'disabled',
            title: t('users.status'),
            render: (user) => (
              <Badge color={user.disabled ? 'gray' : 'green'} variant="light">
                {user.disabled ? t('users.disabled') : t('users.active')}
              </Badge>
            ),
          },
          {
            accessor: 'createdAt',
            title: t('users.created'),
            sortable: true,
            render: (u) => formatDate(u.createdAt),
          },
          {
            accessor: 'actions',
            title: t('users.actions'),
            textAlign: 'right',
            render: (user) => (
              <Menu position="bottom-end">
                <Menu.Target>
                  <ActionIcon variant="subtle" aria-label={`${t('users.actions')}: ${user.email}`}>
                    <IconDots size={18} />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  {/* The server refuses sign-in links to administrators' accounts. */}
                  {user.role !== 'admin' && (
                    <>
                      <Menu.Item onClick={() => signInLink.mutate({ user, send: false })}>
                        {t('users.copyLink')}
                      </Menu.Item>
                      <Menu.Item onClick={() => signInLink.mutate({ user, send: true })}>
                        {t('users.sendLink')}
                      </Menu.Item>
                    </>
                  )}
                  {user.id !== me.id && (
                    <Menu.Item onClick={() => confirmSignOutEverywhere(user)}>
                      {t('users.signOutEverywhere')}
                    </Menu.Item>
                  )}
                  {user.id !== me.id &&
                    (user.disabled ? (
                      <Menu.Item onClick={() => update.mutate({ user, change: { disabled: false } })}>
                        {t('users.enable')}
                      </Menu.Item>
                    ) : (
                      <Menu.Item color="red" onClick={() => confirmDisable(user)}>
                        {t('users.disable')}
                      </Menu.Item>
                    ))}
                </Menu.Dropdown>
              </Menu>
            ),
          },
        ]}
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
  const inviteUser = useMutation({
    mutationFn: (values: typeof form.values) =>
      call(users.invite, { body: values }, { idempotencyKey: submission.keyFor(values) }),
    meta: { handlesErrors: true },
    onSuccess: ({ user }) => {
      submission.succeeded();
      notifications.show({ color: 'green', message: t('users.invited', { email: user.email }) });
      form.reset();
      onInvited();
      onClose();
    },
    onError: (error) => {
      showFormErrors(form, error);
    },
  });
  return (
    <Modal opened={opened} onClose={onClose} title={t('users.invite')}>
      <form onSubmit={form.onSubmit((values) => inviteUser.mutate(values))} noValidate>
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
