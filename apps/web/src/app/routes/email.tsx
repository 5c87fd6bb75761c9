import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { tableSearchSchema } from '../../components/table/table-search.ts';
import type { NavEntry } from '../shell/nav.ts';
import { RequireAccess } from '../shell/RequireAccess.tsx';
import { adminRoute, idSearch, shellRoute } from './layout.tsx';

const EmailPage = lazyRouteComponent(
  () => import('../../features/email/components/EmailPage.tsx'),
  'EmailPage',
);
const OutboxPage = lazyRouteComponent(
  () => import('../../features/email/components/OutboxPage.tsx'),
  'OutboxPage',
);

/** `?id=` is a competition to announce (the competitions' row menu links here with it). */
const emailRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/preffy/email',
  validateSearch: idSearch.extend(tableSearchSchema.shape),
  component: function Email() {
    const { id } = emailRoute.useSearch();
    const navigate = emailRoute.useNavigate();
    return (
      <RequireAccess access="admin">
        <EmailPage
          announce={id}
          onAnnounceClosed={() => void navigate({ search: (prev) => ({ ...prev, id: undefined }) })}
        />
      </RequireAccess>
    );
  },
});

export const emailRoutes = {
  shell: [emailRoute, adminRoute('/preffy/outbox', OutboxPage)],
} as const;

export const emailNav = {
  email: { to: '/preffy/email', label: 'email:nav.email', icon: 'mail', access: 'admin', order: 60 },
  outbox: { to: '/preffy/outbox', label: 'email:nav.outbox', icon: 'mailForward', access: 'admin', order: 130 },
} satisfies Record<string, NavEntry>;
