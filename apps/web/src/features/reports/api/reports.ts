import { type ReportShare, publicReports, reports } from '@preffy/api';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/client.ts';

/** The reports feature's query keys: a report and its shared links hang off `one(id)`. */
export const reportsKeys = {
  all: ['reports'] as const,
  one: (id: string) => ['reports', 'one', id] as const,
  shares: (id: string) => ['reports', 'one', id, 'shares'] as const,
  shared: (token: string) => ['reports', 'shared', token] as const,
};

/** A competition's report as the signed-in user may see it (money only for staff and admins). */
export const reportQuery = (id: string) =>
  queryOptions({
    queryKey: reportsKeys.one(id),
    queryFn: () => call(reports.get, { params: { id } }),
  });

/** The links the report was shared with, newest first (staff and admins). */
export const reportSharesQuery = (id: string) =>
  queryOptions({
    queryKey: reportsKeys.shares(id),
    queryFn: () => call(reports.shares, { params: { id } }),
  });

/** A shared report by its link's token (no sign-in); an expired or revoked link is a 404. */
export const sharedReportQuery = (token: string) =>
  queryOptions({
    queryKey: reportsKeys.shared(token),
    queryFn: () => call(publicReports.get, { params: { token } }),
    // A dead link stays dead: asking again would only repeat the 404.
    retry: false,
  });

/**
 * Share with the artist: a new link. The answer carries the link's address, which the server
 * never gives again, so it is sent without an Idempotency-Key (a stored answer would keep the
 * secret for a replay); the form's button is disabled while the link is being made.
 */
export function useShareReport(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ expiresInDays }: { expiresInDays: number }) =>
      call(reports.share, { params: { id }, body: { expiresInDays } }),
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportsKeys.shares(id) }),
  });
}

/** Revoke a link with the version read; whatever the answer, the list is read again. */
export function useRevokeShare(reportId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (share: ReportShare) =>
      call(reports.revoke, { params: { id: share.id }, query: { version: share.version } }),
    meta: { handlesErrors: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportsKeys.shares(reportId) }),
  });
}
