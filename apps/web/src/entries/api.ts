import { type JobKind, type RequestOf, jobs, posts } from '@preffy/api';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../api/client.ts';

/**
 * The entries feature's query keys, in one place. The tables' keys are prefixes: invalidating
 * one refetches every page, search and sort of that table.
 */
export const entriesKeys = {
  posts: ['posts'] as const,
  leaderboard: ['leaderboard'] as const,
  latestJob: (competitionId: string, kind: JobKind) => ['job', competitionId, kind] as const,
  snapshots: (postId: string) => ['snapshots', postId] as const,
};
/** useServerTable takes the first part of the key. */
export const POSTS_TABLE_KEY = entriesKeys.posts[0];
export const LEADERBOARD_TABLE_KEY = entriesKeys.leaderboard[0];

export const snapshotsQuery = (postId: string) =>
  queryOptions({
    queryKey: entriesKeys.snapshots(postId),
    queryFn: () => call(posts.snapshots, { params: { id: postId } }),
  });

export const latestJobQuery = (competitionId: string, kind: JobKind) =>
  queryOptions({
    queryKey: entriesKeys.latestJob(competitionId, kind),
    queryFn: () => call(jobs.latest, { params: { id: competitionId }, query: { kind } }),
  });

/** Staff add one post by hand; the posts table refetches. The form shows the errors. */
export function useAddPost(competitionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestOf<typeof posts.add>['body']) =>
      call(posts.add, { params: { id: competitionId }, body }),
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: entriesKeys.posts }),
  });
}

/** Imports a CSV of posts; the answer reports row by row. The modal shows the errors. */
export function useImportPosts(competitionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => call(posts.import, { params: { id: competitionId }, body: { csv } }),
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: entriesKeys.posts }),
  });
}

const START = { 'refresh-views': jobs.startRefresh, 'update-leaderboard': jobs.startLeaderboard } as const;

/** Starts Update Views or Update Leaderboard; the job's progress query takes the answer. */
export function useStartJob(competitionId: string, kind: JobKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(START[kind], { params: { id: competitionId } }),
    onSuccess: (answer) => queryClient.setQueryData(entriesKeys.latestJob(competitionId, kind), answer),
  });
}

export function useCancelJob(competitionId: string, kind: JobKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jobId: string) => call(jobs.cancel, { params: { id: jobId } }),
    onSuccess: (answer) => queryClient.setQueryData(entriesKeys.latestJob(competitionId, kind), answer),
  });
}
