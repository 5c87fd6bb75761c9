import {
  type Finish,
  MAX_PAGE_SIZE,
  type PayoutFile,
  type WinnerChoice,
  finish,
  payments,
  paypal,
  urlOf,
} from '@preffy/api';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ApiError, call } from '../../../lib/api/client.ts';

/** The finish feature's query keys: everything of one competition's wizard starts with `one(id)`. */
export const finishKeys = {
  all: ['finish'] as const,
  competitions: ['finish', 'competitions'] as const,
  one: (id: string) => ['finish', 'wizard', id] as const,
  state: (id: string) => ['finish', 'wizard', id, 'state'] as const,
  candidates: (id: string, search: string, limit: number) =>
    ['finish', 'wizard', id, 'candidates', search, limit] as const,
  payments: (id: string) => ['finish', 'wizard', id, 'payments'] as const,
  paypal: (id: string) => ['finish', 'wizard', id, 'paypal'] as const,
};

/** The wizard of one competition: its step, slots and files, as the server keeps them. */
export const finishQuery = (id: string) =>
  queryOptions({
    queryKey: finishKeys.state(id),
    queryFn: async () => (await call(finish.get, { params: { competitionId: id } })).finish,
    retry: false,
  });

/** The winner selector's options for a search (the server ranks and limits them). */
export const candidatesQuery = (id: string, search: string, limit = 20) =>
  queryOptions({
    queryKey: finishKeys.candidates(id, search, limit),
    queryFn: async () =>
      (await call(finish.candidates, { params: { competitionId: id }, query: { search, limit } })).items,
    staleTime: 30_000,
  });

/** PayPal batches of the competition; read every few seconds while one is still moving. */
export const paypalQuery = (id: string) =>
  queryOptions({
    queryKey: finishKeys.paypal(id),
    queryFn: () => call(paypal.state, { params: { competitionId: id } }),
    refetchInterval: (query) =>
      query.state.data?.payouts.some((p) => !PAYPAL_BATCH_DONE.has(p.batchStatus)) ? 3000 : false,
  });

/**
 * The PayPal batches, polled; when what they say changes (a batch or an item moved on), the
 * To Be Paid list and the wizard are read again: paid payments leave the table, and a batch
 * paid in full moves the wizard on to Mark As Completed.
 */
export function usePaypalState(id: string) {
  const queryClient = useQueryClient();
  const state = useQuery(paypalQuery(id));
  const seen = useRef<string | null>(null);
  const fingerprint = state.data
    ? JSON.stringify(state.data.payouts.map((p) => [p.id, p.batchStatus, p.itemStatuses]))
    : null;
  useEffect(() => {
    if (fingerprint === null) return;
    const before = seen.current;
    seen.current = fingerprint;
    if (before === null || before === fingerprint) return;
    void queryClient.invalidateQueries({ queryKey: finishKeys.payments(id) });
    void queryClient.invalidateQueries({ queryKey: finishKeys.state(id) });
  }, [fingerprint, id, queryClient]);
  return state;
}

/**
 * What a Download CSV would put in its files now: the count and sum of the competition's To Be
 * Paid payments (the first MAX_PAGE_SIZE amounts; `complete` says whether that is all of them).
 */
export const toBePaidSummaryQuery = (id: string) =>
  queryOptions({
    queryKey: [...finishKeys.payments(id), 'summary'] as const,
    queryFn: async () => {
      const { items, total } = await call(payments.list, {
        query: { competitionId: id, status: 'To Be Paid', page: 1, pageSize: MAX_PAGE_SIZE },
      });
      const cents = items.reduce((sum, p) => sum + Math.round(p.amount * 100), 0);
      return { count: total, amount: cents / 100, complete: items.length >= total };
    },
  });

/** Batch statuses that no longer change on their own (NEEDS_REVIEW and REFUSED wait for staff, decision 0029). */
export const PAYPAL_BATCH_FINAL = [
  'SUCCESS',
  'DENIED',
  'CANCELED',
  'FAILED',
  'REFUSED',
  'NEEDS_REVIEW',
] as const;
export const PAYPAL_BATCH_DONE = new Set<string>(PAYPAL_BATCH_FINAL);

export type SaveWinners = { version: number; winners: (WinnerChoice | null)[] };

/** The draft: the winners and why Suggest winners placed each (kept so a reload shows them). */
export type SaveDraft = SaveWinners & { reasons: (string | null)[] };

/** The draft of the chosen winners, saved with the version read (a stale one is a 409). */
export const saveWinners = (id: string, body: SaveDraft) =>
  call(finish.saveWinners, { params: { competitionId: id }, body });

/** The step mutations: each writes the wizard it answers and reads the competition's lists again. */
function useStepMutation<Vars, Answer extends { finish: Finish }>(
  id: string,
  mutationFn: (vars: Vars) => Promise<Answer>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // Each screen says what went wrong its own way (a block, a stale version).
    meta: { handlesErrors: true },
    onSuccess: (answer) => queryClient.setQueryData(finishKeys.state(id), answer.finish),
    ...afterWizardChange(queryClient, id),
  });
}

/**
 * What follows any change to the wizard. A 409 carries the wizard as it is now (someone else moved
 * it on): the screen shows that step. Then the wizard and the competition's lists (To Be Paid, the
 * batches) are read again: a PayPal batch paid in full moves the wizard on.
 */
function afterWizardChange(queryClient: QueryClient, id: string) {
  return {
    onError: (error: unknown) => {
      const current = wizardOf409(error);
      if (current) queryClient.setQueryData(finishKeys.state(id), current);
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: finishKeys.one(id) });
      await queryClient.invalidateQueries({ queryKey: finishKeys.competitions });
    },
  };
}

/** The wizard a 409 answer carries (a stale version, or a step someone else already took). */
export function wizardOf409(error: unknown): Finish | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const current = error.body.current as Partial<Finish> | undefined;
  return current && typeof current.step === 'string' && Array.isArray(current.slots)
    ? (current as Finish)
    : null;
}

type Keyed<T> = T & { idempotencyKey: string };

/** Staff confirmed finishing a competition that is not ready (the server refuses it otherwise). */
type EarlyFinish = { finishEarly: boolean };

/** Notify Winners: the payments and winner notices, once per Idempotency-Key. */
export const useSubmitWinners = (id: string) =>
  useStepMutation(id, ({ idempotencyKey, ...body }: Keyed<SaveWinners & EarlyFinish>) =>
    call(finish.submit, { params: { competitionId: id }, body }, { idempotencyKey }),
  );

/** Download CSV: the payout file(s) are made and recorded on the server, then downloaded. */
export const useMakePayoutFiles = (id: string) =>
  useStepMutation(id, ({ idempotencyKey, version }: Keyed<{ version: number }>) =>
    call(finish.makeFiles, { params: { competitionId: id }, body: { version } }, { idempotencyKey }),
  );

/** Mark As Completed. */
export const useCompleteFinish = (id: string) =>
  useStepMutation(id, ({ idempotencyKey, ...body }: Keyed<{ version: number } & EarlyFinish>) =>
    call(finish.complete, { params: { competitionId: id }, body }, { idempotencyKey }),
  );

/** Send via PayPal: a batch job on the server; its status is then polled. */
export function useSendPaypal(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idempotencyKey, version }: Keyed<{ version: number }>) =>
      call(paypal.send, { params: { competitionId: id }, body: { version } }, { idempotencyKey }),
    // The failure itself is notified app-wide.
    ...afterWizardChange(queryClient, id),
  });
}

/** The name the browser saves a payout file under: the server's, else one that says which part it is. */
function fileNameOf(response: Response, file: PayoutFile) {
  const disposition = response.headers.get('content-disposition') ?? '';
  const named = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  return named ?? `payout-${file.fileNumber}-of-${file.fileCount}.csv`;
}

/**
 * Downloads one recorded payout file as it was handed out (GET, the session cookie). Fetched
 * rather than linked, so a failure (the session ended, the file is gone) reaches the user.
 */
export async function downloadPayoutFile(file: PayoutFile) {
  let response: Response;
  try {
    response = await fetch(urlOf(finish.file, { id: file.id }), { credentials: 'same-origin' });
  } catch {
    throw new ApiError({ statusCode: 0, code: 'NETWORK', message: '' });
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as ApiError['body'] | null;
    throw new ApiError({
      statusCode: response.status,
      code: body?.code ?? 'ERROR',
      message: body?.message ?? response.statusText,
    });
  }
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = fileNameOf(response, file);
  link.click();
  // The browser reads the blob after the click returns; let it go a moment later.
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
