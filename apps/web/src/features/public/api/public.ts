import { publicCompetitions } from '@preffy/api';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api/client.ts';

/** The public page of a competition: what creators may see, without signing in. */
export const publicCompetitionQuery = (id: string) =>
  queryOptions({
    queryKey: ['public-competition', id] as const,
    queryFn: () => call(publicCompetitions.get, { params: { id } }),
    retry: false,
  });
