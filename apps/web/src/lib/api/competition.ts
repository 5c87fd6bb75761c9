import { competitions } from '@preffy/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './client.ts';

/**
 * The competition is the record most features hang off (its form, entries, review, finish,
 * reports), so its query keys and its one-record query are shared here rather than owned by a
 * feature. ['competitions'] prefixes every page of the admin list; ['competition', id] is one.
 */
export const competitionKeys = {
  lists: ['competitions'] as const,
  one: (id: string) => ['competition', id] as const,
};

export const competitionQuery = (id: string) =>
  queryOptions({
    queryKey: competitionKeys.one(id),
    queryFn: () => call(competitions.get, { params: { id } }),
    retry: false,
  });

/** One competition, for the screens that work on it (nothing is fetched without an id). */
export const useCompetition = (id: string | undefined) =>
  useQuery({ ...competitionQuery(id ?? ''), enabled: !!id });
