import { type Inquiry, type RequestOf, inquiries } from '@preffy/api';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/client.ts';
import { UNSEEN_COUNT_KEY } from './unseen-count.ts';

/** The inquiries feature's query keys: every list page starts with `lists`, one inquiry with `one(id)`. */
export const inquiriesKeys = {
  all: ['inquiries'] as const,
  lists: ['inquiries', 'list'] as const,
  unseenCount: UNSEEN_COUNT_KEY,
  assignees: ['inquiries', 'assignees'] as const,
  one: (id: string) => ['inquiries', 'one', id] as const,
  notes: (id: string) => ['inquiries', 'one', id, 'notes'] as const,
  activity: (id: string) => ['inquiries', 'one', id, 'activity'] as const,
};

/** One inquiry. */
export const inquiryQuery = (id: string) =>
  queryOptions({
    queryKey: inquiriesKeys.one(id),
    queryFn: () => call(inquiries.get, { params: { id } }),
  });

/** The staff and admins an inquiry can be assigned to. */
export const assigneesQuery = () =>
  queryOptions({
    queryKey: inquiriesKeys.assignees,
    queryFn: () => call(inquiries.assignees, {}),
    staleTime: 60_000,
  });

/** An inquiry's notes, newest first (the first 100). */
export const notesQuery = (id: string) =>
  queryOptions({
    queryKey: inquiriesKeys.notes(id),
    queryFn: () => call(inquiries.notes, { params: { id }, query: { pageSize: 100 } }),
  });

/** An inquiry's activity timeline, newest first (the latest 100). */
export const activityQuery = (id: string) =>
  queryOptions({
    queryKey: inquiriesKeys.activity(id),
    queryFn: () => call(inquiries.activity, { params: { id }, query: { pageSize: 100 } }),
  });

export type NewInquiryBody = RequestOf<typeof inquiries.create>['body'];
export type UpdateInquiryBody = RequestOf<typeof inquiries.update>['body'];

/** The public contact form (anonymous, rate-limited on the server). The form shows errors. */
export function useSubmitInquiry() {
  return useMutation({
    mutationFn: (body: RequestOf<typeof inquiries.submitPublic>['body']) =>
      call(inquiries.submitPublic, { body }),
    meta: { handlesErrors: true },
  });
}

/** Add an inquiry by hand, with the form's Idempotency-Key (a double click is one inquiry). */
export function useCreateInquiry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: NewInquiryBody; idempotencyKey: string }) =>
      call(inquiries.create, { body }, { idempotencyKey }),
    meta: { handlesErrors: true },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: inquiriesKeys.lists }),
        queryClient.invalidateQueries({ queryKey: inquiriesKeys.unseenCount }),
      ]),
  });
}

/** Update Inquiry with the version read (a stale one is a 409 the form shows). */
export function useUpdateInquiry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateInquiryBody }) =>
      call(inquiries.update, { params: { id }, body }),
    meta: { handlesErrors: true },
    onSuccess: ({ inquiry }) => {
      queryClient.setQueryData(inquiriesKeys.one(inquiry.id), { inquiry });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: inquiriesKeys.lists }),
        queryClient.invalidateQueries({ queryKey: inquiriesKeys.unseenCount }),
        queryClient.invalidateQueries({ queryKey: inquiriesKeys.activity(inquiry.id) }),
      ]);
    },
  });
}

/** Delete (soft, with the version read). */
export function useDeleteInquiry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (inquiry: Inquiry) =>
      call(inquiries.remove, { params: { id: inquiry.id }, query: { version: inquiry.version } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: inquiriesKeys.lists }),
        queryClient.invalidateQueries({ queryKey: inquiriesKeys.unseenCount }),
      ]),
  });
}

/** Add A Note, with the form's Idempotency-Key. */
export function useAddNote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ message, idempotencyKey }: { message: string; idempotencyKey: string }) =>
      call(inquiries.addNote, { params: { id }, body: { message } }, { idempotencyKey }),
    meta: { handlesErrors: true },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: inquiriesKeys.notes(id) }),
        queryClient.invalidateQueries({ queryKey: inquiriesKeys.activity(id) }),
      ]),
  });
}

/**
 * Link the hold just made with 'Reserve a date for this inquiry'. It reads the inquiry first, so
 * an edit made while the Reserve A Date form was open does not refuse the link as a stale
 * version; a hold someone else linked meanwhile is never replaced (the server answers 409). The
 * caller tells the user if linking fails (the hold itself stays).
 */
export function useLinkHold(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (competitionId: string) => {
      const { inquiry } = await call(inquiries.get, { params: { id } });
      return call(inquiries.linkHold, { params: { id }, body: { version: inquiry.version, competitionId } });
    },
    meta: { handlesErrors: true },
    onSuccess: ({ inquiry }) => {
      queryClient.setQueryData(inquiriesKeys.one(inquiry.id), { inquiry });
      return queryClient.invalidateQueries({ queryKey: inquiriesKeys.activity(inquiry.id) });
    },
  });
}
