import { z } from 'zod';
import { idParams } from './common.ts';
import { endpointsOf } from './endpoint.ts';
import { pageQuerySchema, pagedList } from './paging.ts';

/**
 * Where each recipient of an outbox message stands. `unknown`: the server stopped (a crash)
 * while handing it over, so it may or may not have left; an admin decides whether to send again
 * (decision 0125).
 */
export const RECIPIENT_STATUSES = [
  'queued',
  'sending',
  'sent',
  'rejected',
  'failed',
  'skipped',
  'unknown',
] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];

export const statusCountsSchema = z.object({
  queued: z.number(),
  sending: z.number(),
  sent: z.number(),
  rejected: z.number(),
  failed: z.number(),
  skipped: z.number(),
  unknown: z.number(),
} satisfies Record<RecipientStatus, z.ZodNumber>);
export type StatusCounts = z.infer<typeof statusCountsSchema>;

export const outboxMessageSchema = z.object({
  id: z.string(),
  createdAt: z.number(),
  kind: z.string(),
  subject: z.string(),
  isMarketing: z.boolean(),
  language: z.string(),
  firstRecipient: z.string().nullable(),
  recipients: z.number(),
  counts: statusCountsSchema,
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const outboxMessageDetailSchema = outboxMessageSchema.extend({
  html: z.string(),
  text: z.string(),
  relatedEntity: z.string().nullable(),
  relatedId: z.string().nullable(),
});
export type OutboxMessageDetail = z.infer<typeof outboxMessageDetailSchema>;

export const outboxRecipientSchema = z.object({
  email: z.string(),
  name: z.string().nullable(),
  status: z.enum(RECIPIENT_STATUSES),
  reason: z.string().nullable(),
  attempts: z.number(),
  sentAt: z.number().nullable(),
  transport: z.string().nullable(),
});
export type OutboxRecipient = z.infer<typeof outboxRecipientSchema>;

export const listOutboxQuerySchema = pageQuerySchema
  .pick({ page: true, pageSize: true, search: true })
  .extend({ kind: z.string().max(50).optional() });
export type ListOutboxQuery = z.infer<typeof listOutboxQuerySchema>;

export const listRecipientsQuerySchema = pageQuerySchema
  .pick({ page: true, pageSize: true })
  .extend({ status: z.enum(RECIPIENT_STATUSES).optional() });
export type ListRecipientsQuery = z.infer<typeof listRecipientsQuerySchema>;

const { admin } = endpointsOf(['email']);

/** The Outbox page: every message, rendered, with what happened to each recipient. */
export const outbox = {
  list: admin.get('/api/outbox', {
    summary: 'Outbox messages, newest first; search by subject or recipient',
    ...pagedList(listOutboxQuerySchema, outboxMessageSchema),
  }),
  get: admin.get('/api/outbox/:id', {
    summary: 'One message, rendered, with delivery counts',
    params: idParams,
    responses: { 200: outboxMessageDetailSchema },
  }),
  recipients: admin.get('/api/outbox/:id/recipients', {
    summary: "A message's recipients and their delivery status",
    params: idParams,
    ...pagedList(listRecipientsQuerySchema, outboxRecipientSchema),
  }),
  resendUnknown: admin.post('/api/outbox/:id/resend-unknown', {
    // It mails many people: a double click must not queue them twice, so the key is required.
    idempotent: 'required',
    summary:
      'Send a message again to its recipients whose delivery is unknown (a crash while handing it over); ' +
      'the others are left alone',
    params: idParams,
    responses: { 200: z.object({ requeued: z.number() }) },
  }),
};
