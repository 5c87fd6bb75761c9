import {
  ActionIcon,
  AppShell,
  Burger,
  Group,
  Menu,
  NavLink,
  ScrollArea,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import { useDisclosure, useFullscreenDocument, useLocalStorage } from '@mantine/hooks';
import {
  IconApi,
  IconLanguage,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconDevicesOff,
  IconLogout,
  IconMaximize,
  IconMinimize,
  IconMoon,
  IconSun,
  IconUserCircle,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { auth } from '@preffy/api';
import { api, call, notifyError } from '../../lib/api/client.ts';
import { useMe } from '../../lib/session.ts';
import { LANGUAGES, type Language, currentLanguage, setLanguage } from '../../lib/i18n/index.ts';
import { navItemsFor } from './nav.ts';
import { confirmDestructive } from '../../components/confirm-destructive.tsx';
import { UnseenInquiriesBadge } from '../../features/inquiries/components/UnseenInquiriesBadge.tsx';

export function AppLayout() {
  const { t } = useTranslation();
  const me = useMe();
  const [mobileOpen, mobile] = useDisclosure(false);
  const [collapsed, setCollapsed] = useLocalStorage({ key: 'preffy.sidebar-collapsed', defaultValue: false });
  const fullscreen = useFullscreenDocument();
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const changeLanguage = async (language: Language) => {
    await setLanguage(language);
    call(auth.updateMe, { body: { language } }).catch(notifyError);
  };
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
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: collapsed ? 68 : 240, breakpoint: 'sm', collapsed: { mobile: !mobileOpen } }}
      padding="md"
    >
      <a href="#main" className="skip-link">
        {t('shell.skipToContent')}
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group wrap="nowrap" gap="sm">
            <Burger
              opened={mobileOpen}
              onClick={mobile.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('shell.toggleSidebar')}
            />
            <Tooltip label={t('shell.toggleSidebar')}>
              <ActionIcon
                variant="subtle"
                visibleFrom="sm"
                onClick={() => setCollapsed((c) => !c)}
                aria-label={t('shell.toggleSidebar')}
                aria-expanded={!collapsed}
              >
                {collapsed ? <IconLayoutSidebarLeftExpand /> : <IconLayoutSidebarLeftCollapse />}
              </ActionIcon>
            </Tooltip>
            <Title order={2} size="h4">
              {t('app.name')}
            </Title>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Tooltip label={fullscreen.fullscreen ? t('shell.exitFullScreen') : t('shell.fullScreen')}>
              <ActionIcon
                variant="subtle"
                onClick={() => void fullscreen.toggle()}
                aria-label={fullscreen.fullscreen ? t('shell.exitFullScreen') : t('shell.fullScreen')}
              >
                {fullscreen.fullscreen ? <IconMinimize /> : <IconMaximize />}
              </ActionIcon>
            </Tooltip>
            <Menu position="bottom-end">
              <Menu.Target>
                <ActionIcon variant="subtle" aria-label={t('shell.language')} data-testid="language-menu">
                  <IconLanguage />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>{t('shell.language')}</Menu.Label>
                {Object.entries(LANGUAGES).map(([code, name]) => (
                  <Menu.Item
                    key={code}
                    lang={code}
                    onClick={() => void changeLanguage(code as Language)}
                    fw={code === currentLanguage() ? 700 : undefined}
                    data-testid={`language-${code}`}
                  >
                    {name}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
            <Tooltip label={scheme === 'dark' ? t('shell.lightMode') : t('shell.darkMode')}>
              <ActionIcon
                variant="subtle"
                onClick={() => setColorScheme(scheme === 'dark' ? 'light' : 'dark')}
                aria-label={scheme === 'dark' ? t('shell.lightMode') : t('shell.darkMode')}
              >
                {scheme === 'dark' ? <IconSun /> : <IconMoon />}
              </ActionIcon>
            </Tooltip>
            <Menu position="bottom-end">
              <Menu.Target>
                <UnstyledButton aria-label={me.name} data-testid="user-menu">
                  <Group gap={6} wrap="nowrap">
                    <IconUserCircle />
                    <Text size="sm" visibleFrom="md">
                      {me.name}
                    </Text>
                  </Group>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>
                  {me.email} · {t(`roles.${me.role}`)}
                </Menu.Label>
                <Menu.Item leftSection={<IconApi size={16} />} component={Link} to="/preffy/api">
                  {t('shell.apiDocs')}
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
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label={t('app.name')}>
        <ScrollArea>
          {navItemsFor(me.role).map((item) => {
            const label = t(item.label);
            const link = (
              <NavLink
                key={item.to}
                component={Link}
                to={item.to}
                label={collapsed ? undefined : label}
                aria-label={label}
                leftSection={<item.icon size={20} stroke={1.6} />}
                rightSection={item.to === '/inquiries' && !collapsed ? <UnseenInquiriesBadge /> : undefined}
                active={pathname === item.to || pathname.startsWith(`${item.to}/`)}
                onClick={mobile.close}
                data-testid={`nav-${item.to}`}
              />
            );
            return collapsed ? (
              <Tooltip key={item.to} label={label} position="right">
                {link}
              </Tooltip>
            ) : (
              link
            );
          })}
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main id="main">
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
