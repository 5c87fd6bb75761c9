import { type Account, DEFAULT_LAYOUT } from '@preffy/api';
import type { Role } from '@preffy/domain';
import { QueryClient } from '@tanstack/react-query';
import { authKeys } from '../lib/session.ts';

/** The account settings a test session carries: defaults, timestamps in UTC, never idle-locked. */
export const testAccount: Account = {
  avatarUrl: null,
  timeZone: 'UTC',
  layout: DEFAULT_LAYOUT,
  twoStep: { enabled: false, required: false, setupRequired: false, recoveryCodesLeft: 0 },
  locked: false,
  lockAfterMinutes: 0,
};

/** A query client whose session is already known: a signed-in user of `role`, business time in UTC. */
export function signedInQueryClient(role: Role = 'staff') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(authKeys.me, {
    user: {
      id: 'u1',
      email: 'u@x.test',
      name: 'U',
      role,
      disabled: false,
      language: null,
      version: 1,
      createdAt: 0,
      updatedAt: 0,
    },
    businessTimeZone: 'UTC',
    account: testAccount,
  });
  return queryClient;
}
