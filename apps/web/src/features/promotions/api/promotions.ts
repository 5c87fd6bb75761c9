import { type Promotion, type PromotionSent, type RequestOf, competitions, promotions } from '@preffy/api';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../../lib/api/client.ts';
import { SubmissionKey } from '../../../lib/api/submission-key.ts';

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
 * Send promotion email at the version the table read. Each promotion keeps its own
 * Idempotency-Key: a retry of the same promotion at the same version (after a lost answer) reuses
 * it, so the server sends one message, even when another promotion was sent in between; a success
 * starts a new one. Each call's result goes to `onSent` or `onFailed` with its own promotion (the
 * callbacks of `mutate` would only hear the last call).
 */
export function useSendPromotion({
  onSent,
  onFailed,
}: {
  onSent: (promotion: Promotion, sent: PromotionSent) => void;
  onFailed: (promotion: Promotion, error: Error) => void;
}) {
  const queryClient = useQueryClient();
  const [keys] = useState(() => new Map<string, SubmissionKey>());
  const keyOf = (id: string) => {
    let key = keys.get(id);
    if (!key) keys.set(id, (key = new SubmissionKey()));
    return key;
  };
  return useMutation({
    mutationFn: (promotion: Promotion) =>
      call(
        promotions.send,
        { params: { id: promotion.id }, body: { version: promotion.version } },
        { idempotencyKey: keyOf(promotion.id).keyFor({ version: promotion.version }) },
      ),
    meta: { handlesErrors: true },
    onSuccess: (sent, promotion) => {
      keyOf(promotion.id).succeeded();
      onSent(promotion, sent);
    },
    onError: (error, promotion) => onFailed(promotion, error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: promotionsKeys.lists }),
  });
}
