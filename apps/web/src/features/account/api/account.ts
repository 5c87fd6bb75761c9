import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { type Account, type LayoutSettings, type RequestOf, type User, account } from '@preffy/api';
import { call } from '../../../lib/api/client.ts';
import { type Session, authKeys } from '../../../lib/session.ts';

/** The session query carries the user and their settings: every screen reads them from there. */
function storeInSession(queryClient: QueryClient, update: { user?: User; account?: Partial<Account> }) {
  queryClient.setQueryData<Session | null>(authKeys.me, (session) =>
    session
      ? {
          ...session,
          user: update.user ?? session.user,
          account: { ...session.account, ...update.account },
        }
      : session,
  );
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestOf<typeof account.updateProfile>['body']) =>
      call(account.updateProfile, { body }),
    onSuccess: (saved) => storeInSession(queryClient, saved),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: RequestOf<typeof account.changePassword>['body']) =>
      call(account.changePassword, { body }),
  });
}

/**
 * The layout drawer's settings apply at once (written into the session before the request, so
 * the controls follow the click) and are stored in the background; when storing fails the
 * settings before go back and `onError` tells the user.
 */
export function useSaveLayout(onError: () => void) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (layout: LayoutSettings) => call(account.saveLayout, { body: layout }),
    meta: { handlesErrors: true },
  });
  return (layout: LayoutSettings) => {
    const before = queryClient.getQueryData<Session | null>(authKeys.me)?.account.layout;
    storeInSession(queryClient, { account: { layout } });
    mutation.mutate(layout, {
      onError: () => {
        // Back to what was there, unless the user has chosen again since (that save decides).
        const now = queryClient.getQueryData<Session | null>(authKeys.me)?.account.layout;
        if (before && now === layout) storeInSession(queryClient, { account: { layout: before } });
        onError();
      },
    });
  };
}

/** Reads the session again (lock state, two-step status): the app shows what it says. */
const refreshSession = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: authKeys.me });

type BodyOf<E extends keyof typeof account> = RequestOf<(typeof account)[E]>['body'];

/** A change to the user's own security after which the session is read again. */
function useSessionChange<Body, Answer>(mutationFn: (body: Body) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => refreshSession(queryClient) });
}

/** The lock screen: shown when the session says so (read again after the lock). */
export const useLockScreen = () => useSessionChange(() => call(account.lock));
export const useUnlock = () => useSessionChange((body: BodyOf<'unlock'>) => call(account.unlock, { body }));
export const useDisableTwoStep = () =>
  useSessionChange((body: BodyOf<'disableTwoStep'>) => call(account.disableTwoStep, { body }));
export const useNewRecoveryCodes = () =>
  useSessionChange((body: BodyOf<'newRecoveryCodes'>) => call(account.newRecoveryCodes, { body }));

/** Enrolment, step 1: the password gives a new secret for the authenticator app. */
export const useStartTwoStep = () =>
  useMutation({ mutationFn: (body: BodyOf<'startTwoStep'>) => call(account.startTwoStep, { body }) });

/**
 * Enrolment, step 2: a code from the app turns it on. The session is read again only after the
 * recovery codes were shown (useRefreshSession): a gated session opens the app once it is.
 */
export const useEnableTwoStep = () =>
  useMutation({ mutationFn: (body: BodyOf<'enableTwoStep'>) => call(account.enableTwoStep, { body }) });

export function useRefreshSession() {
  const queryClient = useQueryClient();
  return () => refreshSession(queryClient);
}
