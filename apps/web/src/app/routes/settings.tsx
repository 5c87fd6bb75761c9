import { lazyRouteComponent } from '@tanstack/react-router';
import type { NavEntry } from '../shell/nav.ts';
import { adminRoute } from './layout.tsx';

const IntegritySettingsPage = lazyRouteComponent(
  () => import('../../features/settings/components/IntegritySettingsPage.tsx'),
  'IntegritySettingsPage',
);

export const settingsRoutes = { shell: [adminRoute('/admin/integrity', IntegritySettingsPage)] } as const;

export const settingsNav = {
  integrity: {
    to: '/admin/integrity',
    label: 'settings:nav.integrity',
    icon: 'shield',
    access: 'admin',
    order: 145,
  },
} satisfies Record<string, NavEntry>;
