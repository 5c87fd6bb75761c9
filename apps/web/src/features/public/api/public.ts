import { publicCompetitions, publicStandings, publicWinners } from '@preffy/api';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api/client.ts';

/** The public page of a competition: what creators may see, without signing in. */
export const publicCompetitionQuery = (id: string) =>
  queryOptions({
    queryKey: ['public-competition', id] as const,
    queryFn: () => call(publicCompetitions.get, { params: { id } }),
    retry: false,
  });

/** How many standings a page of the public page shows. */
export const STANDINGS_PAGE_SIZE = 10;

/** A page of the competition's public standings, searched by handle (issue 43). */
export const publicStandingsQuery = (id: string, page = 1, search = '') =>
  queryOptions({
    queryKey: ['public-standings', id, page, search] as const,
    queryFn: () =>
      call(publicStandings.list, {
        params: { id },
        query: { page, pageSize: STANDINGS_PAGE_SIZE, ...(search ? { search } : {}) },
      }),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** The places a finished competition decided (issue 43); none before staff submit the winners. */
export const publicWinnersQuery = (id: string) =>
  queryOptions({
    queryKey: ['public-winners', id] as const,
    queryFn: () => call(publicWinners.list, { params: { id } }),
    retry: false,
  });
