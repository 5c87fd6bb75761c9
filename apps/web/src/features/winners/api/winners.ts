import { type RequestOf, type Winner, type WinnerFlag, winners } from '@preffy/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/client.ts';

/** The winners feature's query keys: every page of the directory starts with `lists`. */
export const winnersKeys = {
  all: ['winners'] as const,
  lists: ['winners', 'list'] as const,
};

export type CreateWinnerBody = RequestOf<typeof winners.create>['body'];

/** Add A Winner; the key makes a double click or a retry one winner. The form shows the errors. */
export function useCreateWinner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CreateWinnerBody; idempotencyKey: string }) =>
      call(winners.create, { body }, { idempotencyKey }),
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: winnersKeys.lists }),
  });
}

export type FlagChange = { winner: Winner; flag: WinnerFlag; value: boolean };

/** One flag set with the version the row was read at (a stale one is a 409: the screen asks). */
export const updateWinnerFlag = ({ winner, flag, value }: FlagChange) =>
  call(winners.update, { params: { id: winner.id }, body: { version: winner.version, [flag]: value } });

/** Delete (soft, with the version read); the list is read again whatever happens. */
export function useDeleteWinner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (winner: Winner) =>
      call(winners.remove, { params: { id: winner.id }, query: { version: winner.version } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: winnersKeys.lists }),
  });
}
