import { type QueryClient, queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { type ResponseOf, type User, auth } from '@preffy/api';
import { ApiError, api, call } from './api/client.ts';
import { formatTimestamp } from './format.ts';

/** The signed-in user: the contract's user shape. */
export type { User } from '@preffy/api';

/** The session: the signed-in user and the business time zone competition days are counted in. */
export type Session = ResponseOf<typeof auth.me>;

/** The session's query keys: sign-in and sign-out write `me` directly. */
export const authKeys = { me: ['me'] as const };

/** The session, or null when nobody is signed in: one query the router and every screen share. */
export const meQuery = queryOptions({
  queryKey: authKeys.me,
  queryFn: async (): Promise<Session | null> => {
    try {
      return await call(auth.me);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  staleTime: 5 * 60_000,
});

function useSession(): Session {
  const { data } = useSuspenseQuery(meQuery);
  if (!data) throw new Error('useMe outside the signed-in routes');
  return data;
}

/** For screens inside the signed-in part of the app, where the router has checked the session. */
export function useMe(): User {
  return useSession().user;
}

/** The signed-in user's own settings (avatar, time zone, layout, lock screen, two-step status). */
export function useAccount(): Session['account'] {
  return useSession().account;
}

/** The browser's time zone: timestamps are shown in it until the user picks one in their profile. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The time zone timestamps are shown in (doc 2 §9: 'M/D/YY h:mm A z' in the user's time zone): the
 * profile's choice, else the browser's. Competition days use useBusinessTimeZone instead.
 */
export function useUserTimeZone(): string {
  return useSession().account.timeZone ?? browserTimeZone();
}

/** Formats when something happened ('3/7/26 3:05 PM EST') in the user's time zone. */
export function useFormatTimestamp(): (ms: number) => string {
  const timeZone = useUserTimeZone();
  return (ms) => formatTimestamp(ms, timeZone);
}

/** The business time zone (BUSINESS_TIME_ZONE on the server): competitions run 15:00 to 15:00 in it. */
export function useBusinessTimeZone(): string {
  return useSession().businessTimeZone;
}

/**
 * After a sign-in (password, reset link): the new session has a new CSRF secret, and the session
 * query is read again so it carries the user and the business time zone before any screen opens.
 */
export async function startSession(queryClient: QueryClient): Promise<Session | null> {
  api.resetCsrf();
  return queryClient.fetchQuery({ ...meQuery, staleTime: 0 });
}
