import { BULK_KINDS, type BulkType, type EmailKindName, type Language, email, outbox } from '@preffy/api';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api/client.ts';

/** The Email page's query keys: every query and invalidation takes them from here. */
export const emailKeys = {
  /** The subscribers table (useServerTable adds its paging and search). */
  subscribers: 'subscribers',
  competitions: (search: string, include: string | null) => ['email-competitions', search, include] as const,
  kinds: ['email-kinds'] as const,
  preview: (kind: string, language: Language) => ['email-preview', kind, language] as const,
  bulkPreview: (type: BulkType, competitionId: string | null, language: Language) =>
    ['email-preview', type, competitionId, language] as const,
};

/** The Outbox's query keys: `all` covers the list, each message and its recipients. */
export const outboxKeys = {
  all: ['outbox'] as const,
  message: (id: string) => [...outboxKeys.all, id] as const,
};

/** Competitions to pick for a bulk email (at most 20 matching the search, and the one picked). */
export const pickableCompetitionsQuery = (search: string, include: string | null) =>
  queryOptions({
    queryKey: emailKeys.competitions(search, include),
    queryFn: () => call(email.competitions, { query: { search, include: include ?? undefined } }),
  });

export const emailKindsQuery = () =>
  queryOptions({ queryKey: emailKeys.kinds, queryFn: () => call(email.kinds) });

/** A message kind rendered with sample data. */
export const emailPreviewQuery = (kind: EmailKindName, language: Language) =>
  queryOptions({
    queryKey: emailKeys.preview(kind, language),
    queryFn: () => call(email.preview, { params: { kind }, query: { language } }),
  });

/** With a competition chosen the preview is the real email; before that, sample data. */
export const bulkPreviewQuery = (type: BulkType, competitionId: string | null, language: Language) =>
  queryOptions({
    queryKey: emailKeys.bulkPreview(type, competitionId, language),
    queryFn: () =>
      competitionId
        ? call(email.bulkPreview, { query: { type, competitionId, language } })
        : call(email.preview, { params: { kind: BULK_KINDS[type] }, query: { language } }),
  });

/** One outbox message, rendered, with its delivery counts. */
export const outboxMessageQuery = (id: string) =>
  queryOptions({
    queryKey: outboxKeys.message(id),
    queryFn: () => call(outbox.get, { params: { id } }),
  });
