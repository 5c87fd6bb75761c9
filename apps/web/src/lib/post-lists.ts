import { type RequestOf, leaderboard, posts } from '@preffy/api';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from './api/client.ts';

/**
 * The keys of every list of posts, which the posts and referrals features share. Every key starts
 * with `review-posts`, so a change to one post (an edit, a reset) refetches every list that may
 * show it.
 */
export const postsKeys = {
  all: ['review-posts'] as const,
  /** Posts admin and every listAll page (the manual page, the referral screens). */
  lists: ['review-posts', 'list'] as const,
  list: (query: ListAllQuery) => ['review-posts', 'list', query] as const,
  creators: (competitionId: string, search: string) =>
    ['review-posts', 'creators', competitionId, search] as const,
};

export type ListAllQuery = NonNullable<RequestOf<typeof posts.listAll>['query']>;

/** One page of posts (listAll) with the screen's filters: the manual page, the referral screens. */
export const postsListQuery = (query: ListAllQuery) =>
  queryOptions({
    queryKey: postsKeys.list(query),
    queryFn: () => call(posts.listAll, { query }),
    placeholderData: keepPreviousData,
  });

/** A select's options come from the server's search: this many at a time. */
export const OPTION_PAGE_SIZE = 50;

export const creatorsQuery = (competitionId: string, search: string) =>
  queryOptions({
    queryKey: postsKeys.creators(competitionId, search),
    queryFn: () =>
      call(leaderboard.creators, {
        params: { id: competitionId },
        query: { search: search || undefined, pageSize: OPTION_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });
