import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { type User, auth } from '@preffy/api';
import { ApiError, call } from '../api/client.ts';

/** The signed-in user: the contract's user shape. */
export type { User } from '@preffy/api';

/** The session's query keys: sign-in and sign-out write `me` directly. */
export const authKeys = { me: ['me'] as const };

/** The signed-in user, or null: one query the router and every screen share. */
export const meQuery = queryOptions({
  queryKey: authKeys.me,
  queryFn: async (): Promise<User | null> => {
    try {
      return (await call(auth.me)).user;
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
