import { lazyRouteComponent } from '@tanstack/react-router';
import type { NavEntry } from '../shell/nav.ts';
import { adminRoute } from './layout.tsx';

const ImportPage = lazyRouteComponent(
  () => import('../../features/legacy-import/components/ImportPage.tsx'),
  'ImportPage',
);

export const legacyImportRoutes = { shell: [adminRoute('/admin/import', ImportPage)] } as const;

export const legacyImportNav = {
  import: {
    to: '/admin/import',
    label: 'legacyImport:nav.import',
    icon: 'upload',
    access: 'admin',
    order: 160,
  },
} satisfies Record<string, NavEntry>;
