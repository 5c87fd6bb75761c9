import { PROMOTION_SEND_BLOCKS, promotionInputSchema } from '@preffy/domain';
import { z } from 'zod';
import { idParams, versionBody, versionedDelete } from './common.ts';
import { endpointsOf } from './endpoint.ts';
import { pageQuerySchema, pagedList } from './paging.ts';

/** A promotion (/preffy/promotion) as the API shows it, with what its numbers allow. */
export const promotionSchema = z.object({
  id: z.string(),
  name: z.string(),
  competitionId: z.string(),
  competitionName: z.string(),
  /** Epoch ms (15:00 in the business time zone on the day picked), or null when open. */
  startDate: z.number().nullable(),
  endDate: z.number().nullable(),
  isActive: z.boolean(),
  /** Dollars paid to each creator. */
  amount: z.number(),
  creatorEmails: z.array(z.string()),
  /** Dollars left in the pot. */
  remainingBalance: z.number(),
  /** remainingBalance ÷ amount, whole creators (promotionCreatorCount); 0 when amount is 0. */
  creatorCount: z.number(),
  /** Whether Send promotion email may run now, and if not, why (promotionSendBlock). */
  canSend: z.boolean(),
  sendBlock: z.enum(PROMOTION_SEND_BLOCKS).nullable(),
  version: z.number(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Promotion = z.infer<typeof promotionSchema>;

export const PROMOTION_SORTS = [
  'createdAt',
  'name',
  'competitionName',
  'startDate',
  'endDate',
  'isActive',
  'amount',
  'remainingBalance',
] as const;

export const listPromotionsQuerySchema = pageQuerySchema.extend({
  /** Only this competition's promotions. */
  competitionId: z.string().min(1).max(100).optional(),
  sortBy: z.enum(PROMOTION_SORTS).default('createdAt'),
  sortDirection: z.enum(['asc', 'desc']).default('desc'),
});

/** What Send promotion email did: one message, how many recipients it queued and skipped. */
export const promotionSentSchema = z.object({
  messageId: z.string(),
  queued: z.number(),
  skipped: z.number(),
});
export type PromotionSent = z.infer<typeof promotionSentSchema>;

const onePromotion = z.object({ promotion: promotionSchema });

const { staff } = endpointsOf(['promotions']);

export const promotions = {
  list: staff.get('/api/promotions', {
    summary: 'Promotions: searched by name or competition, sorted and paged; optionally one competition’s',
    ...pagedList(listPromotionsQuerySchema, promotionSchema),
  }),
  get: staff.get('/api/promotions/:id', {
    summary: 'One promotion',
    params: idParams,
    responses: { 200: onePromotion },
  }),
  create: staff.post('/api/promotions', {
    idempotent: true,
    summary: 'Create a promotion for a live competition; audited',
    body: promotionInputSchema,
    responses: { 201: onePromotion },
  }),
  update: staff.put('/api/promotions/:id', {
    summary: 'Edit a promotion (every field, with the version read); audited',
    params: idParams,
    body: promotionInputSchema.and(versionBody),
    responses: { 200: onePromotion },
  }),
  remove: staff.delete('/api/promotions/:id', {
    summary: 'Delete a promotion (a soft delete, with the version read); audited',
    ...versionedDelete,
  }),
  send: staff.post('/api/promotions/:id/send', {
    // Ten parallel sends without a key once emailed each creator ten times (decision 0119).
    idempotent: 'required',
    summary:
      'Send promotion email: one giveaway email (the amount per creator and how many creators the balance ' +
      'pays) to the creator emails (never to unsubscribed or banned ' +
      'addresses), only while the remaining balance and the amount are both positive; the balance is unchanged',
    params: idParams,
    body: versionBody,
    responses: { 202: promotionSentSchema },
  }),
};
