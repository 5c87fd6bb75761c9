import { lazyRouteComponent } from '@tanstack/react-router';
import type { NavEntry } from '../shell/nav.ts';
import { adminRoute } from './layout.tsx';

const PartnerKeysPage = lazyRouteComponent(
  () => import('../../features/partners/components/PartnerKeysPage.tsx'),
  'PartnerKeysPage',
);

export const partnersRoutes = { shell: [adminRoute('/admin/partner-keys', PartnerKeysPage)] } as const;

export const partnersNav = {
  partnerKeys: {
    to: '/admin/partner-keys',
    label: 'partners:nav.partnerKeys',
    icon: 'key',
    access: 'admin',
    order: 150,
  },
} satisfies Record<string, NavEntry>;
