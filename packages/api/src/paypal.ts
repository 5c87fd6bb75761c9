import { z } from 'zod';
import { endpointsOf } from './endpoint.ts';

/**
 * The optional PayPal Payouts API (issue 14, decision 0029): step 2 of the finish wizard can
 * send the payout through PayPal instead of (or besides) the CSV, when the server is configured.
 */

/** PayPal's item statuses; SUCCESS marks the payment Paid. */
export const PAYPAL_ITEM_STATUSES = [
  'SUCCESS',
  'FAILED',
  'PENDING',
  'UNCLAIMED',
  'RETURNED',
  'ONHOLD',
  'BLOCKED',
  'REFUNDED',
  'REVERSED',
] as const;

export const paypalPayoutSchema = z.object({
  id: z.string(),
  senderBatchId: z.string(),
  payoutBatchId: z.string().nullable(),
  /** NEW until PayPal accepted it, then PayPal's batch status (PENDING, PROCESSING, SUCCESS, DENIED, …). */
  batchStatus: z.string(),
  itemCount: z.number(),
  /** How many of its items are in each PayPal item status. */
  itemStatuses: z.record(z.string(), z.number()),
  lastError: z.string().nullable(),
  createdAt: z.number(),
  createdByName: z.string().nullable(),
});
export type PaypalPayout = z.infer<typeof paypalPayoutSchema>;

export const paypalStateSchema = z.object({
  /** Whether the server has PayPal credentials ('Send via PayPal' is offered only then). */
  configured: z.boolean(),
  /** The competition's most recent batches, newest first (at most 20). */
  payouts: z.array(paypalPayoutSchema),
});

/** What the server answers when Send via PayPal cannot run (translated by the web app). */
export const PAYPAL_MESSAGES = {
  notConfigured: 'PayPal is not configured on this server',
  nothingToSend: 'There are no To Be Paid payments left to send through PayPal',
  alreadySending: 'These payments are already being sent through PayPal; reload to see them',
} as const;

const competitionParams = z.object({ competitionId: z.string().min(1).max(100) });

const { staff, anyone } = endpointsOf(['paypal']);

export const paypal = {
  state: staff.get('/api/finish/:competitionId/paypal', {
    summary: "The competition's PayPal payout batches and whether PayPal is configured",
    params: competitionParams,
    responses: { 200: paypalStateSchema },
  }),
  send: staff.post('/api/finish/:competitionId/paypal', {
    summary:
      "Send via PayPal: the competition's To Be Paid payments not yet sent, as one Payouts batch (a job)",
    idempotent: 'required',
    params: competitionParams,
    body: z.object({ version: z.number().int().min(0) }),
    responses: { 202: z.object({ payout: paypalPayoutSchema }) },
  }),
  webhook: anyone.post('/api/paypal/webhooks', {
    csrf: false,
    summary: 'PayPal webhooks (PAYMENT.PAYOUTSBATCH.* and PAYMENT.PAYOUTS-ITEM.*), signature verified',
    body: z
      .object({
        id: z.string().min(1).max(200),
        event_type: z.string().min(1).max(200),
        resource: z.record(z.string(), z.unknown()),
      })
      .passthrough(),
    responses: { 200: z.object({ ok: z.boolean() }) },
  }),
};
