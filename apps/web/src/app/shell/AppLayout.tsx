import {
  ActionIcon,
  AppShell,
  Avatar,
  Box,
  Burger,
  Container,
  Group,
  Menu,
  NavLink,
  ScrollArea,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
  useMantineColorScheme,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure, useFullscreenDocument } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import {
  IconApi,
  IconLanguage,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconDevicesOff,
  IconLayoutBoard,
  IconUser,
  IconLock,
  IconLogout,
  IconMaximize,
  IconMinimize,
  IconMoon,
  IconSun,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { type LayoutSettings, auth } from '@preffy/api';
import { api, call, notifyError } from '../../lib/api/client.ts';
import { useAccount, useMe } from '../../lib/session.ts';
import { LANGUAGES, type Language, currentLanguage, setLanguage } from '../../lib/i18n/index.ts';
import { navItemsFor } from './nav.ts';
import { confirmDestructive } from '../../components/confirm-destructive.tsx';
import { UnseenInquiriesBadge } from '../../features/inquiries/components/UnseenInquiriesBadge.tsx';
import { useLockScreen, useSaveLayout } from '../../features/account/api/account.ts';
import { LayoutSettingsDrawer } from './LayoutSettingsDrawer.tsx';
import { InsideMain } from '../../components/StatusPages.tsx';

/** Sidebar widths per the layout setting (doc 2 §4): icon and condensed show icons only. */
const NAVBAR_WIDTH: Record<LayoutSettings['sidebar'], number> = {
  default: 240,
  compact: 180,
  icon: 68,
  condensed: 68,
};
/** Boxed width keeps the icon sidebar (doc 2 §4); the others keep the chosen one. */
const sidebarOf = (layout: LayoutSettings): LayoutSettings['sidebar'] =>
  layout.width === 'boxed' ? 'icon' : layout.sidebar;

export function AppLayout() {
  const { t } = useTranslation();
  const { t: tl } = useTranslation('layout');
  const me = useMe();
  const [mobileOpen, mobile] = useDisclosure(false);
  const account = useAccount();
  const layout = account.layout;
  const [layoutOpen, layoutDrawer] = useDisclosure(false);
  const lockScreen = useLockScreen();
  const changeLayout = useSaveLayout(() => notifications.show({ color: 'red', message: tl('saveFailed') }));
  const fullscreen = useFullscreenDocument();
  const { setColorScheme } = useMantineColorScheme();
  // The user's stored colours, not the browser's computed scheme: the server draws this page
  // too (decision 0072) and knows only the former, so both draw the same button.
  const scheme = layout.colorScheme;
  // The stored colours follow the user from browser to browser.
  useEffect(() => setColorScheme(layout.colorScheme), [layout.colorScheme, setColorScheme]);
  const sidebar = sidebarOf(layout);
  const collapsed = sidebar === 'icon' || sidebar === 'condensed';
  const horizontal = layout.layout === 'horizontal';
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

  const navLinks = (mode: 'side' | 'top') =>
    navItemsFor(me.role).map((item) => {
      const label = t(item.label);
      const iconOnly = mode === 'side' && collapsed;
      const link = (
        <NavLink
          key={item.to}
          component={Link}
          to={item.to}
          label={iconOnly ? undefined : label}
          // Named by its visible text when it has one (a count beside Inquiries is read too).
          aria-label={iconOnly ? label : undefined}
          leftSection={<item.icon size={mode === 'top' ? 18 : 20} stroke={1.6} />}
          rightSection={item.to === '/inquiries' && !iconOnly ? <UnseenInquiriesBadge /> : undefined}
          active={pathname === item.to || pathname.startsWith(`${item.to}/`)}
          onClick={mobile.close}
          data-testid={`nav-${item.to}`}
          fz={sidebar === 'compact' && mode === 'side' ? 'xs' : undefined}
          w={mode === 'top' ? 'auto' : undefined}
          style={mode === 'top' ? { whiteSpace: 'nowrap', borderRadius: 4 } : undefined}
        />
      );
      return iconOnly ? (
        <Tooltip key={item.to} label={label} position="right">
          {link}
        </Tooltip>
      ) : (
        link
      );
    });

  return (
    <AppShell
      header={{ height: horizontal ? { base: 56, md: 104 } : 56 }}
      navbar={{
        width: NAVBAR_WIDTH[sidebar],
        // The spec's desktop breakpoint: 992 px (Mantine's md is 62em).
        breakpoint: 'md',
        collapsed: { mobile: !mobileOpen, desktop: horizontal },
      }}
      padding="md"
      // Scrollable width: the sidebar scrolls away with the page instead of staying fixed.
      styles={layout.width === 'scrollable' ? { navbar: { position: 'absolute' } } : undefined}
    >
      <a href="#main" className="skip-link">
        {t('shell.skipToContent')}
      </a>
      <AppShell.Header
        // Horizontal forces the dark top bar (doc 2 §4).
        bg={horizontal ? 'dark.7' : undefined}
        c={horizontal ? 'white' : undefined}
        data-dark-topbar={horizontal || undefined}
      >
        <Group h={56} px="md" justify="space-between" wrap="nowrap">
          <Group wrap="nowrap" gap="sm">
            <Burger
              opened={mobileOpen}
              onClick={mobile.toggle}
              hiddenFrom="md"
              size="sm"
              color={horizontal ? 'white' : undefined}
              aria-label={t('shell.toggleSidebar')}
              aria-expanded={mobileOpen}
              aria-controls="app-navbar"
            />
            {!horizontal && (
              <Tooltip label={t('shell.toggleSidebar')}>
                <ActionIcon
                  variant="subtle"
                  visibleFrom="md"
                  onClick={() => changeLayout({ ...layout, sidebar: collapsed ? 'default' : 'condensed' })}
                  aria-label={t('shell.toggleSidebar')}
                  aria-expanded={!collapsed}
                  data-testid="toggle-sidebar"
                >
                  {collapsed ? <IconLayoutSidebarLeftExpand /> : <IconLayoutSidebarLeftCollapse />}
                </ActionIcon>
              </Tooltip>
            )}
            <Title order={2} size="h4">
              {t('app.name')}
            </Title>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Tooltip label={fullscreen.fullscreen ? t('shell.exitFullScreen') : t('shell.fullScreen')}>
              <ActionIcon
                variant="subtle"
                color={horizontal ? 'gray.0' : undefined}
                onClick={() => void fullscreen.toggle()}
                aria-label={fullscreen.fullscreen ? t('shell.exitFullScreen') : t('shell.fullScreen')}
              >
                {fullscreen.fullscreen ? <IconMinimize /> : <IconMaximize />}
              </ActionIcon>
            </Tooltip>
            <Menu position="bottom-end">
              <Menu.Target>
                <ActionIcon
                  variant="subtle"
                  color={horizontal ? 'gray.0' : undefined}
                  aria-label={t('shell.language')}
                  data-testid="language-menu"
                >
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
                color={horizontal ? 'gray.0' : undefined}
                onClick={() => changeLayout({ ...layout, colorScheme: scheme === 'dark' ? 'light' : 'dark' })}
                aria-label={scheme === 'dark' ? t('shell.lightMode') : t('shell.darkMode')}
              >
                {scheme === 'dark' ? <IconSun /> : <IconMoon />}
              </ActionIcon>
            </Tooltip>
            <Tooltip label={tl('open')}>
              <ActionIcon
                variant="subtle"
                color={horizontal ? 'gray.0' : undefined}
                onClick={layoutDrawer.open}
                aria-label={tl('open')}
                data-testid="open-layout-settings"
              >
                <IconLayoutBoard />
              </ActionIcon>
            </Tooltip>
            <Menu position="bottom-end">
              <Menu.Target>
                {/* Named by the user's name, shown beside the avatar or, on a phone, only to readers. */}
                <UnstyledButton data-testid="user-menu" c="inherit">
                  <Group gap={6} wrap="nowrap">
                    <Avatar
                      src={account.avatarUrl}
                      name={me.name}
                      color="initials"
                      size="sm"
                      alt=""
                      aria-hidden
                    />
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
          </Group>
        </Group>
        {horizontal && (
          <Box visibleFrom="md" px="md" h={48} style={{ overflowX: 'auto' }}>
            <Group
              component="nav"
              aria-label={t('shell.menu')}
              gap={4}
              wrap="nowrap"
              h="100%"
              data-testid="top-nav"
            >
              {navLinks('top')}
            </Group>
          </Box>
        )}
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label={t('shell.menu')} id="app-navbar" data-testid="sidebar">
        <ScrollArea>{navLinks('side')}</ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main id="main">
        <InsideMain.Provider value>
          {layout.width === 'boxed' ? (
            <Container size="xl" px={0}>
              <Outlet />
            </Container>
          ) : (
            <Outlet />
          )}
        </InsideMain.Provider>
      </AppShell.Main>
      <LayoutSettingsDrawer
        opened={layoutOpen}
        onClose={layoutDrawer.close}
        value={layout}
        onChange={changeLayout}
      />
    </AppShell>
  );
}
