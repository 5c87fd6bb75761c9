import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { auth } from '@preffy/api';
import { IconApi, IconDevicesOff, IconLock, IconLogout, IconUser } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { confirmDestructive } from '../../components/confirm-destructive.tsx';
import { useLockScreen } from '../../features/account/api/account.ts';
import { api, call, notifyError } from '../../lib/api/client.ts';
import { useAccount, useMe } from '../../lib/session.ts';

/** The signed-in user's menu: profile, API documentation, lock screen and the two sign-outs. */
export function UserMenu() {
  const { t } = useTranslation();
  const me = useMe();
  const account = useAccount();
  const lockScreen = useLockScreen();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const leave = async () => {
    api.resetCsrf();
    queryClient.clear();
    await navigate({ to: '/login', search: { signedOut: 1 } });
  };
  const signOut = async () => {
    await call(auth.logout).catch(notifyError);
    await leave();
  };
  // Ends every session of this user (a lost phone, a shared computer), this one included.
  const confirmSignOutEverywhere = () =>
    confirmDestructive({
      title: t('shell.confirmSignOutEverywhereTitle'),
      body: t('shell.confirmSignOutEverywhere'),
      confirm: t('shell.signOutEverywhere'),
      onConfirm: () => void call(auth.signOutEverywhere).then(leave).catch(notifyError),
      testId: 'confirm-sign-out-everywhere',
    });
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        {/* Named by the user's name, shown beside the avatar or, on a phone, only to readers. */}
        <UnstyledButton data-testid="user-menu" c="inherit">
          <Group gap={6} wrap="nowrap">
            <Avatar src={account.avatarUrl} name={me.name} color="initials" size="sm" alt="" aria-hidden />
            <Text size="sm" visibleFrom="md">
              {me.name}
            </Text>
            <VisuallyHidden hiddenFrom="md">{me.name}</VisuallyHidden>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          {me.email} · {t(`roles.${me.role}`)}
        </Menu.Label>
        <Menu.Item
          leftSection={<IconUser size={16} />}
          component={Link}
          to="/profile"
          data-testid="profile-link"
        >
          {t('shell.profile')}
        </Menu.Item>
        <Menu.Item leftSection={<IconApi size={16} />} component={Link} to="/preffy/api">
          {t('shell.apiDocs')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconLock size={16} />}
          onClick={() => lockScreen.mutate(undefined)}
          data-testid="lock-screen"
        >
          {t('shell.lockScreen')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconLogout size={16} />}
          onClick={() => void signOut()}
          data-testid="sign-out"
        >
          {t('shell.signOut')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconDevicesOff size={16} />}
          onClick={confirmSignOutEverywhere}
          data-testid="sign-out-everywhere"
        >
          {t('shell.signOutEverywhere')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
