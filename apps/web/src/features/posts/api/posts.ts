import { type AdminPost, type RequestOf, type ReviewPost, review } from '@preffy/api';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/client.ts';

/**
 * The posts feature's query keys, in one place. Every key starts with `reviewPosts`, so a change
 * to one post (an edit, a reset) refetches every list that may show it.
 */
export const postsKeys = {
  all: ['review-posts'] as const,
  /** Posts admin and every listAll page (the manual page, the referral screens). */
  lists: ['review-posts', 'list'] as const,
  list: (query: ListAllQuery) => ['review-posts', 'list', query] as const,
  creators: (competitionId: string, search: string) =>
    ['review-posts', 'creators', competitionId, search] as const,
  referralCreators: (competitionId: string, search: string) =>
    ['review-posts', 'referral-creators', competitionId, search] as const,
  referrals: (postId: string) => ['review-posts', 'referrals', postId] as const,
};

export type ListAllQuery = NonNullable<RequestOf<typeof review.listAll>['query']>;

/** One page of posts (listAll) with the screen's filters: the manual page, the referral screens. */
export const postsListQuery = (query: ListAllQuery) =>
  queryOptions({
    queryKey: postsKeys.list(query),
    queryFn: () => call(review.listAll, { query }),
    placeholderData: keepPreviousData,
  });

/** A select's options come from the server's search: this many at a time. */
export const OPTION_PAGE_SIZE = 50;

export const creatorsQuery = (competitionId: string, search: string) =>
  queryOptions({
    queryKey: postsKeys.creators(competitionId, search),
    queryFn: () =>
      call(review.creators, {
        params: { id: competitionId },
        query: { search: search || undefined, pageSize: OPTION_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });

export const referralCreatorsQuery = (competitionId: string, search: string) =>
  queryOptions({
    queryKey: postsKeys.referralCreators(competitionId, search),
    queryFn: () =>
      call(review.referralCreators, {
        params: { id: competitionId },
        query: { search: search || undefined, pageSize: OPTION_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });

/** The links that referred to a post (at most 100: a View modal, not a list screen). */
export const referralsQuery = (postId: string) =>
  queryOptions({
    queryKey: postsKeys.referrals(postId),
    queryFn: () => call(review.referrals, { params: { id: postId }, query: { pageSize: 100 } }),
  });

export type UpdatePostInput = { id: string; body: RequestOf<typeof review.update>['body'] };

/** The Edit modal's save; every list of posts refetches. The form shows the errors. */
export function useUpdatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: UpdatePostInput) => call(review.update, { params: { id }, body }),
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postsKeys.all }),
  });
}

/**
 * Reset a post's referral bonus (bonusLikes to 0, likes down by the former bonus). The key makes
 * a retried click run once; whatever happens, the lists are read again (a 409 means it changed).
 */
export function useResetReferrals() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ post, idempotencyKey }: { post: ReviewPost | AdminPost; idempotencyKey: string }) =>
      call(
        review.resetReferrals,
        { params: { id: post.id }, body: { version: post.version } },
        { idempotencyKey },
      ),
    // The screen tells a stale Reset (409) apart from other failures.
    meta: { handlesErrors: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: postsKeys.lists }),
  });
}
