import { FORM_MESSAGES, TEXT_LIMITS, createWinnerSchema } from '@preffy/domain';
import { z } from 'zod';
import { idParams, versionBody, versionedDelete } from './common.ts';
import { endpointsOf } from './endpoint.ts';
import { pageQuerySchema, pagedList } from './paging.ts';

/** A winner (payee) of the winners directory, as the API shows it. */
export const winnerSchema = z.object({
  id: z.string(),
  email: z.string(),
  paypal: z.string().nullable(),
  balance: z.number(),
  isBanned: z.boolean(),
  isVetted: z.boolean(),
  isUnsubscribed: z.boolean(),
  version: z.number(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Winner = z.infer<typeof winnerSchema>;

/** The flags staff toggle with a True/False select, one at a time. */
export const WINNER_FLAGS = ['isBanned', 'isVetted', 'isUnsubscribed'] as const;
export type WinnerFlag = (typeof WINNER_FLAGS)[number];

export const WINNER_SORTS = ['email', 'paypal', 'balance', ...WINNER_FLAGS, 'createdAt'] as const;
export const listWinnersQuerySchema = pageQuerySchema.extend({
  sortBy: z.enum(WINNER_SORTS).default('email'),
});
export type ListWinnersQuery = z.infer<typeof listWinnersQuerySchema>;

/** The refusal of an address the directory already holds (a field message on email). */
export const WINNER_EMAIL_TAKEN = 'This email is already in the winners directory';

const oneWinnerSchema = z.object({ winner: winnerSchema });

const { staff } = endpointsOf(['winners']);

export const winners = {
  list: staff.get('/api/winners', {
    summary: 'The winners directory (paged, searchable by email, sortable)',
    ...pagedList(listWinnersQuerySchema, winnerSchema),
  }),
  paymentEmail: staff.get('/api/winners/payment-email', {
    summary:
      "Where a creator is paid (the legacy get_paypal_email): the winner's PayPal address, else the email",
    query: z.object({ email: z.string().trim().toLowerCase().min(1).max(TEXT_LIMITS.email) }),
    responses: { 200: z.object({ paymentEmail: z.string(), isBanned: z.boolean() }) },
  }),
  create: staff.post('/api/winners', {
    idempotent: true,
    summary: 'Add a winner (email, PayPal, banned); an email already in the directory is refused (409)',
    body: createWinnerSchema.refine((body) => (body.paypal ?? '').length <= TEXT_LIMITS.email, {
      message: FORM_MESSAGES.textTooLong,
      path: ['paypal'],
    }),
    responses: { 201: oneWinnerSchema },
  }),
  update: staff.patch('/api/winners/:id', {
    summary: 'Set one or more of a winner’s flags (banned, vetted, unsubscribed) with the version read',
    params: idParams,
    body: versionBody
      .extend({
        isBanned: z.boolean().optional(),
        isVetted: z.boolean().optional(),
        isUnsubscribed: z.boolean().optional(),
      })
      .refine((body) => WINNER_FLAGS.some((flag) => body[flag] !== undefined), {
        message: 'Send isBanned, isVetted or isUnsubscribed',
        path: ['isBanned'],
      }),
    responses: { 200: oneWinnerSchema },
  }),
  remove: staff.delete('/api/winners/:id', {
    summary: 'Delete a winner (a soft delete, with the version read)',
    ...versionedDelete,
  }),
};
