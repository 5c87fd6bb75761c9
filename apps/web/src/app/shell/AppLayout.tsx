import {
  ActionIcon,
  AppShell,
  Box,
  Burger,
  Container,
  Group,
  NavLink,
  ScrollArea,
  Title,
  Tooltip,
  useMantineColorScheme,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { ParseKeys } from 'i18next';
import type { LayoutSettings } from '@preffy/api';
import { useAccount, useMe } from '../../lib/session.ts';
import { navItemsFor } from './nav.ts';
import { UnseenInquiriesBadge } from '../../features/inquiries/components/UnseenInquiriesBadge.tsx';
import { useSaveLayout } from '../../features/account/api/account.ts';
import { HeaderActions } from './HeaderActions.tsx';
import { LayoutSettingsDrawer } from './LayoutSettingsDrawer.tsx';
import { UserMenu } from './UserMenu.tsx';
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
  const changeLayout = useSaveLayout(() => notifications.show({ color: 'red', message: tl('saveFailed') }));
  const { setColorScheme } = useMantineColorScheme();
  // The stored colours follow the user from browser to browser.
  useEffect(() => setColorScheme(layout.colorScheme), [layout.colorScheme, setColorScheme]);
  const sidebar = sidebarOf(layout);
  const collapsed = sidebar === 'icon' || sidebar === 'condensed';
  const horizontal = layout.layout === 'horizontal';
  const pathname = useRouterState({ select: (s) => s.location.pathname });

  const navLinks = (mode: 'side' | 'top') =>
    navItemsFor(me.role).map((item) => {
      // Checked where it is declared (NavLabel); `t` of the shell's namespace types only its own keys.
      const label = t(item.label as unknown as ParseKeys);
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
            <HeaderActions
              color={horizontal ? 'gray.0' : undefined}
              layout={layout}
              onLayoutChange={changeLayout}
              onOpenLayoutSettings={layoutDrawer.open}
            />
            <UserMenu />
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
