import { lazyRouteComponent } from '@tanstack/react-router';
import type { NavEntry } from '../shell/nav.ts';
import { adminRoute } from './layout.tsx';

const EmailPage = lazyRouteComponent(
  () => import('../../features/email/components/EmailPage.tsx'),
  'EmailPage',
);
const OutboxPage = lazyRouteComponent(
  () => import('../../features/email/components/OutboxPage.tsx'),
  'OutboxPage',
);

export const emailRoutes = {
  shell: [adminRoute('/preffy/email', EmailPage), adminRoute('/preffy/outbox', OutboxPage)],
} as const;

export const emailNav = {
  email: { to: '/preffy/email', label: 'nav.email', icon: 'mail', access: 'admin' },
  outbox: { to: '/preffy/outbox', label: 'nav.outbox', icon: 'mailForward', access: 'admin' },
} satisfies Record<string, NavEntry>;
