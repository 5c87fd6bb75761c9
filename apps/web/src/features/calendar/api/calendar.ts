import { type DayCompetition, type RequestOf, calendar, competitions } from '@preffy/api';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/client.ts';
import { useRefetchingMutation } from '../../../lib/api/refetching-mutation.ts';

/** The calendar feature's query keys: `all` is the prefix of every month and day. */
export const calendarKeys = {
  all: ['calendar'] as const,
  month: (month: string) => ['calendar', 'month', month] as const,
  feed: ['calendar-feed'] as const,
};

export const calendarMonthQuery = (month: string) =>
  queryOptions({
    queryKey: calendarKeys.month(month),
    queryFn: () => call(calendar.month, { params: { month } }),
  });

export const DAY_PAGE_SIZE = 10;

export const feedQuery = () =>
  queryOptions({ queryKey: calendarKeys.feed, queryFn: () => call(calendar.feed) });

export type ReserveInput = RequestOf<typeof calendar.reserve>['body'];

/** Reserve A Date, once per submission (idempotencyKey); every month and day refetches. */
export function useReserveDate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: ReserveInput; idempotencyKey: string }) =>
      call(calendar.reserve, { body: input }, { idempotencyKey }),
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarKeys.all }),
  });
}

/** Confirm or delete a competition from the day modal; the calendar refetches either way. */
const useDayMutation = <R>(mutationFn: (c: DayCompetition) => Promise<R>, onSuccess: () => void) =>
  useRefetchingMutation(calendarKeys.all, mutationFn, onSuccess);

export const useConfirmHold = (onSuccess: () => void) =>
  useDayMutation(
    (c) => call(competitions.confirm, { params: { id: c.id }, body: { version: c.version } }),
    onSuccess,
  );

export const useDeleteCompetition = (onSuccess: () => void) =>
  useDayMutation(
    (c) => call(competitions.remove, { params: { id: c.id }, query: { version: c.version } }),
    onSuccess,
  );

/** Make a new feed address or turn the feed off: the answer is the feed's new state. */
function useFeedMutation(mutationFn: () => Promise<{ active: boolean; url: string | null }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (state) => queryClient.setQueryData(calendarKeys.feed, state),
  });
}
export const useMakeFeed = () => useFeedMutation(() => call(calendar.makeFeed));
export const useStopFeed = () => useFeedMutation(() => call(calendar.stopFeed));
