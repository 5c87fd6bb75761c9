import type { Access } from '@preffy/domain';
import { roleMeets } from '@preffy/domain';
import type { ReactNode } from 'react';
import { useMe } from '../../lib/session.ts';
import { ForbiddenPage } from '../../components/StatusPages.tsx';

/** Hides a screen from roles that lack access; the server refuses their API calls regardless. */
export function RequireAccess({ access, children }: { access: Access; children: ReactNode }) {
  const me = useMe();
  return roleMeets(me.role, access) ? children : <ForbiddenPage />;
}
