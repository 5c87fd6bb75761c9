import { type Payment, payments } from '@preffy/api';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/client.ts';

/** The payments feature's query keys: every key starts with `payments`, so a move refetches all. */
export const paymentsKeys = {
  all: ['payments'] as const,
  lists: ['payments', 'list'] as const,
  totals: (search: string | undefined) => ['payments', 'totals', search ?? ''] as const,
};

/** Count and sum of each tab for the list's search. */
export const paymentTotalsQuery = (search: string | undefined) =>
  queryOptions({
    queryKey: paymentsKeys.totals(search),
    queryFn: () => call(payments.totals, { query: { search } }),
    placeholderData: keepPreviousData,
  });

export type PaymentMove = 'send' | 'unsend';

/**
 * Sent or Unsend one payment at the version the table read. The key makes a retried click run
 * once; whatever happens, the lists and totals are read again (a 409 means it changed).
 */
export function useMovePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      payment,
      move,
      idempotencyKey,
    }: {
      payment: Payment;
      move: PaymentMove;
      idempotencyKey: string;
    }) =>
      call(
        payments[move],
        { params: { id: payment.id }, body: { version: payment.version } },
        { idempotencyKey },
      ),
    // The screen tells a stale click (409) apart from other failures.
    meta: { handlesErrors: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentsKeys.all }),
  });
}
