import { z } from 'zod';
import { idParams, versionBody } from './common.ts';
import { endpointsOf } from './endpoint.ts';
import { pageQuerySchema, pagedList } from './paging.ts';

/** A payment's status: 'To Be Paid', then 'Paid' (shown as 'Sent To CSV'). */
export const PAYMENT_STATUSES = ['To Be Paid', 'Paid'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** What the API shows of a payment, with its competition's name (the CompetitionID column). */
export const paymentSchema = z.object({
  id: z.string(),
  competitionId: z.string(),
  competitionName: z.string(),
  contactEmail: z.string(),
  paymentEmail: z.string(),
  amount: z.number(),
  source: z.string(),
  status: z.string(),
  /** The PayPal Payouts item status, when the API paid it (null: CSV or by hand). */
  paypalStatus: z.string().nullable(),
  version: z.number(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const PAYMENT_SORTS = [
  'createdAt',
  'competitionName',
  'contactEmail',
  'paymentEmail',
  'amount',
  'source',
] as const;

/** The search of the payments admin: contact email, payment email or competition name. */
const paymentFilters = z.object({ search: pageQuerySchema.shape.search });

export const listPaymentsQuerySchema = pageQuerySchema.extend({
  /** Only this competition's payments (the finish wizard's steps 2 and 3). */
  competitionId: z.string().min(1).max(100).optional(),
  /** The tab: 'To Be Paid' or 'Paid' ('Sent To CSV'). */
  status: z.enum(PAYMENT_STATUSES).default('To Be Paid'),
  sortBy: z.enum(PAYMENT_SORTS).default('createdAt'),
});

/** How many payments a tab holds and what they add up to (the whole filtered tab, not a page). */
export const paymentTotalSchema = z.object({ count: z.number(), amount: z.number() });
export const paymentTotalsSchema = z.object({ toBePaid: paymentTotalSchema, paid: paymentTotalSchema });
export type PaymentTotals = z.infer<typeof paymentTotalsSchema>;

/**
 * Sent and Unsend: the same request (the version read, once per Idempotency-Key, which they
 * require: they move a payment in or out of what is paid) and answer.
 */
const paymentMove = {
  idempotent: 'required',
  params: idParams,
  body: versionBody,
  responses: { 200: z.object({ payment: paymentSchema }) },
} as const;

const { staff } = endpointsOf(['payments']);

export const payments = {
  list: staff.get('/api/payments', {
    summary: 'Payments admin: one tab (To Be Paid or Paid), searchable, sortable, paged',
    ...pagedList(listPaymentsQuerySchema, paymentSchema),
  }),
  totals: staff.get('/api/payments/totals', {
    summary: 'The count and sum of amounts of each tab, with the same search as the list',
    query: paymentFilters,
    responses: { 200: paymentTotalsSchema },
  }),
  send: staff.post('/api/payments/:id/send', {
    summary: 'Sent: a To Be Paid payment becomes Paid (Sent To CSV); audited',
    ...paymentMove,
  }),
  unsend: staff.post('/api/payments/:id/unsend', {
    summary: 'Unsend: a Paid payment returns to To Be Paid; audited',
    ...paymentMove,
  }),
};
