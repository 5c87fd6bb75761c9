import { type QueuePage, type RequestOf, type ReviewPost, posts } from '@preffy/api';
import { REVIEW_PAGE_SIZE } from '@preffy/domain';
import {
  type InfiniteData,
  type QueryClient,
  infiniteQueryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { call } from '../../../lib/api/client.ts';

/** The two card screens: the review queue (/update) and the posts with 0 likes (/correct). */
export type CardList = 'queue' | 'zeroLikes';

/** The review cards' query keys (the queue and the posts with 0 likes). ['review'] prefixes every card list of every competition. */
export const reviewKeys = {
  all: ['review'] as const,
  cards: (list: CardList, competitionId: string) => ['review', list, competitionId] as const,
  /** The flagged posts table (useServerTable takes the first part). */
  flagged: ['review-flagged'] as const,
  /** The refused duplicates table of the errors view. */
  duplicateAttempts: ['review-duplicate-attempts'] as const,
};
export const FLAGGED_TABLE_KEY = reviewKeys.flagged[0];

/** The queue's order and risk filter (issue 42): oldest first and every card by default. */
export type CardView = { order: 'oldest' | 'risk'; minRisk: number };
export const ALL_CARDS: CardView = { order: 'oldest', minRisk: 0 };

/**
 * A card list, a page of 10 at a time (Load More): each page starts after the previous page's
 * cursor, so cards scored or deleted meanwhile never shift the next page.
 */
export const cardsQuery = (list: CardList, competitionId: string, view: CardView = ALL_CARDS) =>
  infiniteQueryOptions({
    queryKey: [...reviewKeys.cards(list, competitionId), view],
    queryFn: ({ pageParam }) =>
      call(posts[list], {
        params: { id: competitionId },
        query: {
          after: pageParam,
          limit: REVIEW_PAGE_SIZE,
          // The defaults are left out: the oldest-first queue is asked as it always was.
          ...(view.order === 'risk' ? { order: view.order } : {}),
          ...(view.minRisk > 0 ? { minRisk: view.minRisk } : {}),
        },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: QueuePage) => last.next ?? undefined,
    retry: false,
  });

type Cards = InfiniteData<QueuePage, string | undefined>;

/**
 * Puts a post's new state on its card without refetching (a refetch would drop the cards just
 * reviewed): `post` replaces the card, null removes it; `left` counts it out of the waiting total.
 */
export function patchCards(
  data: Cards | undefined,
  id: string,
  post: ReviewPost | null,
  left: boolean,
): Cards | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      total: Math.max(0, page.total - (left ? 1 : 0)),
      items: post
        ? page.items.map((item) => (item.id === id ? post : item))
        : page.items.filter((item) => item.id !== id),
    })),
  };
}

export function setCard(
  queryClient: QueryClient,
  list: CardList,
  competitionId: string,
  id: string,
  post: ReviewPost | null,
  left: boolean,
) {
  // Every view of the list (order, risk filter) shows the card's new state.
  queryClient.setQueriesData<Cards>({ queryKey: reviewKeys.cards(list, competitionId) }, (data) =>
    patchCards(data, id, post, left),
  );
}

/** The other card list and the flagged table are read again when next shown. */
function markOthersStale(queryClient: QueryClient, list: CardList, competitionId: string) {
  const other: CardList = list === 'queue' ? 'zeroLikes' : 'queue';
  void queryClient.invalidateQueries({ queryKey: reviewKeys.cards(other, competitionId) });
  void queryClient.invalidateQueries({ queryKey: reviewKeys.flagged });
}

type Versioned = { post: ReviewPost; version: number };

/** Love or Like: the card turns into Done (it stays in the grid until the next load). */
export function useScorePost(list: CardList, competitionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ post, version, score }: Versioned & { score: 'love' | 'like' }) =>
      call(posts.score, { params: { id: post.id }, body: { version, score } }),
    meta: { handlesErrors: true },
    onSuccess: ({ post }, { post: before }) => {
      setCard(queryClient, list, competitionId, post.id, post, before.bonusLikes === null);
      markOthersStale(queryClient, list, competitionId);
    },
  });
}

/** Delete with one of the four choices; the card leaves. One Idempotency-Key per submission. */
export function useDisqualifyPost(list: CardList, competitionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      post,
      version,
      choice,
      idempotencyKey,
    }: Versioned & {
      choice: RequestOf<typeof posts.disqualify>['body']['choice'];
      idempotencyKey: string;
    }) => call(posts.disqualify, { params: { id: post.id }, body: { version, choice } }, { idempotencyKey }),
    meta: { handlesErrors: true },
    onSuccess: ({ post }) => {
      setCard(queryClient, list, competitionId, post.id, null, true);
      markOthersStale(queryClient, list, competitionId);
    },
  });
}

/** The card's link box and likes input: only what is sent changes. */
export function useUpdatePost(list: CardList, competitionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ post, body }: { post: ReviewPost; body: RequestOf<typeof posts.update>['body'] }) =>
      call(posts.update, { params: { id: post.id }, body }),
    meta: { handlesErrors: true },
    onSuccess: ({ post }, { post: before }) => {
      // A post leaves the 0-likes list once it has likes, and either list once the flags remove it.
      const left =
        (post.deleted && !before.deleted) || (list === 'zeroLikes' && before.likes === 0 && post.likes > 0);
      setCard(queryClient, list, competitionId, post.id, post, left);
      markOthersStale(queryClient, list, competitionId);
    },
  });
}

/** Restore a flagged post: it goes back into the queue, its flags kept as notes. */
export function useRestorePost(competitionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ post, version }: Versioned) =>
      call(posts.restore, { params: { id: post.id }, body: { version } }),
    meta: { handlesErrors: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: reviewKeys.flagged });
      void queryClient.invalidateQueries({ queryKey: reviewKeys.cards('queue', competitionId) });
      void queryClient.invalidateQueries({ queryKey: reviewKeys.cards('zeroLikes', competitionId) });
    },
  });
}
