import { type InquiryOption, type RequestOf, inquiryOptions } from '@preffy/api';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/client.ts';

/** The contact form's editable lists (issue 15): what the form offers, and the staff editor's list. */
export const inquiryOptionsKeys = {
  all: ['inquiry-options'] as const,
  choices: ['inquiry-options', 'choices'] as const,
  list: ['inquiry-options', 'list'] as const,
};

/** What the contact form offers (public: the /inquire form and Add Inquiry both read it). */
export const inquiryChoicesQuery = () =>
  queryOptions({
    queryKey: inquiryOptionsKeys.choices,
    queryFn: () => call(inquiryOptions.choices, {}),
  });

/** Every option with its id and version, for the Edit lists dialog. */
export const inquiryOptionsQuery = () =>
  queryOptions({
    queryKey: inquiryOptionsKeys.list,
    queryFn: () => call(inquiryOptions.list, {}),
  });

/** Any edit changes both what the form offers and the editor's list. */
function useInvalidateOptions() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: inquiryOptionsKeys.all });
}

export type NewInquiryOptionBody = RequestOf<typeof inquiryOptions.create>['body'];

/** Add an option, with the submission's Idempotency-Key. The dialog shows errors at the field. */
export function useCreateInquiryOption() {
  const invalidate = useInvalidateOptions();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: NewInquiryOptionBody; idempotencyKey: string }) =>
      call(inquiryOptions.create, { body }, { idempotencyKey }),
    meta: { handlesErrors: true },
    onSuccess: invalidate,
  });
}

/** Rename and/or move an option, with the version read. */
export function useUpdateInquiryOption() {
  const invalidate = useInvalidateOptions();
  return useMutation({
    mutationFn: ({
      option,
      changes,
    }: {
      option: InquiryOption;
      changes: { label?: string; position?: number };
    }) =>
      call(inquiryOptions.update, {
        params: { id: option.id },
        body: { version: option.version, ...changes },
      }),
    meta: { handlesErrors: true },
    // A refusal (a stale version above all) reloads the lists too, so the next try reads them afresh.
    onSettled: invalidate,
  });
}

/** Remove an option (soft), with the version read. */
export function useRemoveInquiryOption() {
  const invalidate = useInvalidateOptions();
  return useMutation({
    mutationFn: (option: InquiryOption) =>
      call(inquiryOptions.remove, { params: { id: option.id }, query: { version: option.version } }),
    meta: { handlesErrors: true },
    onSettled: invalidate,
  });
}
