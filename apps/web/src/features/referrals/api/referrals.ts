import { type AdminPost, type ReviewPost, referrals } from '@preffy/api';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/client.ts';
import { OPTION_PAGE_SIZE, postsKeys } from '../../../lib/post-lists.ts';

/** Under the posts lists' prefix: an edit or a reset of a post refetches these too. */
export const referralsKeys = {
  creators: (competitionId: string, search: string) =>
    [...postsKeys.all, 'referral-creators', competitionId, search] as const,
  links: (postId: string) => [...postsKeys.all, 'referrals', postId] as const,
};

export const referralCreatorsQuery = (competitionId: string, search: string) =>
  queryOptions({
    queryKey: referralsKeys.creators(competitionId, search),
    queryFn: () =>
      call(referrals.referralCreators, {
        params: { id: competitionId },
        query: { search: search || undefined, pageSize: OPTION_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });

/** The links that referred to a post (at most 100: a View modal, not a list screen). */
export const referralsQuery = (postId: string) =>
  queryOptions({
    queryKey: referralsKeys.links(postId),
    queryFn: () => call(referrals.referrals, { params: { id: postId }, query: { pageSize: 100 } }),
  });

/**
 * Reset a post's referral bonus (bonusLikes to 0, likes down by the former bonus). The key makes
 * a retried click run once; whatever happens, the lists are read again (a 409 means it changed).
 */
export function useResetReferrals() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ post, idempotencyKey }: { post: ReviewPost | AdminPost; idempotencyKey: string }) =>
      call(
        referrals.resetReferrals,
        { params: { id: post.id }, body: { version: post.version } },
        { idempotencyKey },
      ),
    // The screen tells a stale Reset (409) apart from other failures.
    meta: { handlesErrors: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: postsKeys.lists }),
  });
}
