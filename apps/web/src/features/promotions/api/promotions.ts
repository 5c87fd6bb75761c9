import { type Promotion, type RequestOf, competitions, promotions } from '@preffy/api';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/client.ts';

/** The promotions feature's query keys: every page of the list starts with `lists`. */
export const promotionsKeys = {
  all: ['promotions'] as const,
  lists: ['promotions', 'list'] as const,
  competitions: (search: string) => ['promotions', 'competitions', search] as const,
};

/** Competitions to pick for a promotion: the first 20 matching the search, searched on the server. */
export const competitionChoicesQuery = (search: string) =>
  queryOptions({
    queryKey: promotionsKeys.competitions(search),
    queryFn: () =>
      call(competitions.list, {
        query: { search: search || undefined, pageSize: 20, sortBy: 'endDate', sortDirection: 'desc' },
      }),
    placeholderData: keepPreviousData,
  });

export type PromotionBody = RequestOf<typeof promotions.create>['body'];

/**
 * Create (with the form's Idempotency-Key: a double click or a retry is one promotion) or edit
 * (with the version the form read: a stale one is a 409 the form shows). The form shows errors.
 */
export function useSavePromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      body,
      version,
      idempotencyKey,
    }: {
      id?: string;
      body: PromotionBody;
      version?: number;
      idempotencyKey: string;
    }) =>
      id === undefined
        ? call(promotions.create, { body }, { idempotencyKey })
        : call(promotions.update, { params: { id }, body: { ...body, version: version! } }),
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promotionsKeys.lists }),
  });
}

/** Delete (soft, with the version read); the list is read again whatever happens. */
export function useDeletePromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (promotion: Promotion) =>
      call(promotions.remove, { params: { id: promotion.id }, query: { version: promotion.version } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: promotionsKeys.lists }),
  });
}

/**
 * Send promotion email at the version the table read; the key makes a retried click one
 * message. The screen shows the failures (a stale version means the promotion changed).
 */
export function useSendPromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ promotion, idempotencyKey }: { promotion: Promotion; idempotencyKey: string }) =>
      call(
        promotions.send,
        { params: { id: promotion.id }, body: { version: promotion.version } },
        { idempotencyKey },
      ),
    meta: { handlesErrors: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: promotionsKeys.lists }),
  });
}
