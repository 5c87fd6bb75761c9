import { type CompetitionListItem, competitions, publicCompetitions } from '@preffy/api';
import type { CompetitionState } from '@preffy/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../api/client.ts';

/**
 * The competitions feature's query keys, in one place. The values are the ones other screens
 * already invalidate or seed (['competitions'] for every list, ['competition', id] for one).
 */
export const competitionKeys = {
  /** Every page of the admin list (useServerTable's key), and the prefix to invalidate them all. */
  lists: ['competitions'] as const,
  one: (id: string) => ['competition', id] as const,
  defaults: ['competition-defaults'] as const,
  public: (id: string) => ['public-competition', id] as const,
};
/** useServerTable takes the first part of the key. */
export const COMPETITIONS_TABLE_KEY = competitionKeys.lists[0];

export const competitionDefaultsQuery = () =>
  queryOptions({ queryKey: competitionKeys.defaults, queryFn: () => call(competitions.defaults) });

/** The Start form's defaults in the business time zone (they change once a day at most). */
export const useCompetitionDefaults = (options: { staleTime?: number } = {}) =>
  useQuery({ ...competitionDefaultsQuery(), ...options });

export const competitionQuery = (id: string) =>
  queryOptions({
    queryKey: competitionKeys.one(id),
    queryFn: () => call(competitions.get, { params: { id } }),
    retry: false,
  });

export const useCompetition = (id: string | undefined) =>
  useQuery({ ...competitionQuery(id ?? ''), enabled: !!id });

export const publicCompetitionQuery = (id: string) =>
  queryOptions({
    queryKey: competitionKeys.public(id),
    queryFn: () => call(publicCompetitions.get, { params: { id } }),
    retry: false,
  });

/** Refetches every list after a change; the caller says what to show on success. */
function useListMutation<V, R>(mutationFn: (variables: V) => Promise<R>, onSuccess: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess,
    onSettled: () => queryClient.invalidateQueries({ queryKey: competitionKeys.lists }),
  });
}

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

export const useDeleteCompetition = (onSuccess: () => void) =>
  useListMutation(
    (c: CompetitionListItem) =>
      call(competitions.remove, { params: { id: c.id }, query: { version: c.version } }),
    onSuccess,
  );
