import { type JobKind, jobs } from '@preffy/api';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from './client.ts';

/**
 * A competition's background jobs (Update Views, Update Leaderboard), which several screens
 * start and follow (entries, post review): the latest job of a kind per competition.
 */
export const jobKeys = {
  latest: (competitionId: string, kind: JobKind) => ['job', competitionId, kind] as const,
};

export const latestJobQuery = (competitionId: string, kind: JobKind) =>
  queryOptions({
    queryKey: jobKeys.latest(competitionId, kind),
    queryFn: () => call(jobs.latest, { params: { id: competitionId }, query: { kind } }),
  });

const START = { 'refresh-views': jobs.startRefresh, 'update-leaderboard': jobs.startLeaderboard } as const;

/** Starts Update Views or Update Leaderboard; the job's progress query takes the answer. */
export function useStartJob(competitionId: string, kind: JobKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(START[kind], { params: { id: competitionId } }),
    onSuccess: (answer) => queryClient.setQueryData(jobKeys.latest(competitionId, kind), answer),
  });
}

export function useCancelJob(competitionId: string, kind: JobKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jobId: string) => call(jobs.cancel, { params: { id: jobId } }),
    onSuccess: (answer) => queryClient.setQueryData(jobKeys.latest(competitionId, kind), answer),
  });
}
