import { type CompetitionListItem, competitions } from '@preffy/api';
import type { CompetitionState } from '@preffy/domain';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/client.ts';
import { competitionKeys } from '../../../lib/api/competition.ts';
import { useRefetchingMutation } from '../../../lib/api/refetching-mutation.ts';

export const competitionDefaultsKey = ['competition-defaults'] as const;
/** useServerTable takes the first part of the key. */
export const COMPETITIONS_TABLE_KEY = competitionKeys.lists[0];

export const competitionDefaultsQuery = () =>
  queryOptions({ queryKey: competitionDefaultsKey, queryFn: () => call(competitions.defaults) });

/** The Start form's defaults in the business time zone (they change once a day at most). */
export const useCompetitionDefaults = (options: { staleTime?: number } = {}) =>
  useQuery({ ...competitionDefaultsQuery(), ...options });

/**
 * How many competitions each tab has for the applied search. Under the lists' key, so every
 * change that refetches the lists refetches the counts too.
 */
export const useTabCounts = (search: string | undefined) =>
  useQuery({
    queryKey: [...competitionKeys.lists, 'tab-counts', search ?? ''],
    queryFn: () => call(competitions.tabCounts, { query: { search } }),
  });

/** Refetches every list after a change; the caller says what to show on success. */
const useListMutation = <V, R>(mutationFn: (variables: V) => Promise<R>, onSuccess: () => void) =>
  useRefetchingMutation(competitionKeys.lists, mutationFn, onSuccess);

export const useSetCompetitionState = (onSuccess: () => void) =>
  useListMutation(
    ({ c, state }: { c: CompetitionListItem; state: CompetitionState }) =>
      call(competitions.setState, { params: { id: c.id }, body: { version: c.version, state } }),
    onSuccess,
  );

export const useConfirmHold = (onSuccess: () => void) =>
  useListMutation(
    (c: CompetitionListItem) =>
      call(competitions.confirm, { params: { id: c.id }, body: { version: c.version } }),
    onSuccess,
  );

/** What a delete would hide (payments, submitted winners, PayPal batches), asked when the dialog opens. */
export const useCompetitionPayouts = (id: string) =>
  useQuery({
    queryKey: [...competitionKeys.one(id), 'payouts'],
    queryFn: () => call(competitions.payouts, { params: { id } }),
    // What it holds may have changed since the last ask: a Submit in another tab.
    staleTime: 0,
  });

/** Delete; `confirmPayouts` when the administrator confirmed what it hides (decision 0124). */
export const useDeleteCompetition = (onSuccess: () => void) =>
  useListMutation(
    ({ c, confirmPayouts }: { c: Pick<CompetitionListItem, 'id' | 'version'>; confirmPayouts: boolean }) =>
      call(competitions.remove, {
        params: { id: c.id },
        query: { version: c.version, confirmPayouts: confirmPayouts ? 'true' : 'false' },
      }),
    onSuccess,
  );

/** Restore a deleted competition (administrators); the record and every list are fetched again. */
export const useRestoreCompetition = (onSuccess: () => void) => {
  const queryClient = useQueryClient();
  return useListMutation(async (c: Pick<CompetitionListItem, 'id' | 'version'>) => {
    const answer = await call(competitions.restore, { params: { id: c.id }, body: { version: c.version } });
    queryClient.setQueryData(competitionKeys.one(c.id), answer);
    return answer;
  }, onSuccess);
};

/** The holds waiting to be started for an artist or a song, for Start A Competition to offer. */
export const useWaitingHolds = (match: { organizer: string; name: string }, enabled: boolean) =>
  useQuery({
    queryKey: [...competitionKeys.lists, 'waiting-holds', match.organizer, match.name],
    queryFn: () =>
      call(competitions.holds, {
        query: { organizer: match.organizer || undefined, name: match.name || undefined },
      }),
    enabled: enabled && !!(match.organizer || match.name),
  });
