import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { User } from '@preffy/api';
import { ApiError, api } from '../api/client.ts';

/** The signed-in user: the contract's user shape. */
export type { User } from '@preffy/api';

/** The signed-in user, or null: one query the router and every screen share. */
export const meQuery = queryOptions({
  queryKey: ['me'],
  queryFn: async (): Promise<User | null> => {
    try {
      return (await api.get<{ user: User }>('/api/auth/me')).user;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  staleTime: 5 * 60_000,
});

/** For screens inside the signed-in part of the app, where the router has checked the session. */
export function useMe(): User {
  const { data } = useSuspenseQuery(meQuery);
  if (!data) throw new Error('useMe outside the signed-in routes');
  return data;
}
