import { lazyRouteComponent } from '@tanstack/react-router';
import type { NavEntry } from '../shell/nav.ts';
import { adminRoute } from './layout.tsx';

const UsersPage = lazyRouteComponent(
  () => import('../../features/users/components/UsersPage.tsx'),
  'UsersPage',
);

export const usersRoutes = { shell: [adminRoute('/admin/users', UsersPage)] } as const;

export const usersNav = {
  users: { to: '/admin/users', label: 'users:nav.users', icon: 'users', access: 'admin', order: 140 },
} satisfies Record<string, NavEntry>;
