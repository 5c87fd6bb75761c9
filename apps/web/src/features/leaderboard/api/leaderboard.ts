import { type RequestOf, posts, leaderboard } from '@preffy/api';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/client.ts';

/**
 * The leaderboard feature's query keys, in one place. The tables' keys are prefixes: invalidating
 * one refetches every page, search and sort of that table.
 */
export const leaderboardKeys = {
  posts: ['posts'] as const,
  leaderboard: ['leaderboard'] as const,
  snapshots: (postId: string) => ['snapshots', postId] as const,
  creatorMetrics: ['creator-metrics'] as const,
};
/** useServerTable takes the first part of the key. */
export const POSTS_TABLE_KEY = leaderboardKeys.posts[0];
export const LEADERBOARD_TABLE_KEY = leaderboardKeys.leaderboard[0];
export const CREATOR_METRICS_TABLE_KEY = leaderboardKeys.creatorMetrics[0];

export const snapshotsQuery = (postId: string) =>
  queryOptions({
    queryKey: leaderboardKeys.snapshots(postId),
    queryFn: () => call(posts.snapshots, { params: { id: postId } }),
  });

/** Staff add one post by hand; the posts table refetches. The form shows the errors. */
export function useAddPost(competitionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestOf<typeof posts.add>['body']) =>
      call(posts.add, { params: { id: competitionId }, body }),
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leaderboardKeys.posts }),
  });
}

/** Imports a CSV of posts; the answer reports row by row. The modal shows the errors. */
export function useImportPosts(competitionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => call(posts.import, { params: { id: competitionId }, body: { csv } }),
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leaderboardKeys.posts }),
  });
}

export type SetCreatorMetricBody = RequestOf<typeof leaderboard.setCreatorMetric>['body'];

/**
 * Staff set a creator's metric (the leaderboard uses it instead of their posts' sum). The row
 * shows its own outcome (Updated, or a conflict), so failures are not notified app-wide; the
 * Creators table refetches either way (a 409 means someone else saved).
 */
export function useSetCreatorMetric(competitionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetCreatorMetricBody) =>
      call(leaderboard.setCreatorMetric, { params: { id: competitionId }, body }),
    meta: { handlesErrors: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: leaderboardKeys.creatorMetrics }),
  });
}
