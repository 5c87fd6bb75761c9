import { z } from 'zod';
import { idParams, okSchema } from './common.ts';
import { endpoint } from './endpoint.ts';

/**
 * A competition as the public page (/c/:id, no sign-in) shows it. Only what the page shows:
 * never emails, notes, the invoice amount, payments or anything else private.
 */
export const publicCompetitionSchema = z.object({
  id: z.string(),
  name: z.string(),
  organizer: z.string(),
  image: z.string().nullable(),
  spotify: z.string().nullable(),
  /** What the prize lines add up to: public anyway, unlike the invoice behind them. */
  prizeTotal: z.number(),
  totalViews: z.number(),
  ugcCount: z.number(),
  prizes: z.array(z.string()),
  startDate: z.number(),
  endDate: z.number(),
  /** Whether it takes entries now: started, not closed, not ended. */
  isOpen: z.boolean(),
  hasStarted: z.boolean(),
});
export type PublicCompetition = z.infer<typeof publicCompetitionSchema>;

export const publicCompetitions = {
  get: endpoint({
    method: 'GET',
    path: '/api/public/competitions/:id',
    access: 'public',
    tags: ['public'],
    summary: 'A competition as the public page shows it',
    params: idParams,
    responses: { 200: publicCompetitionSchema },
  }),
  countVisit: endpoint({
    method: 'POST',
    path: '/api/public/competitions/:id/visits',
    access: 'public',
    // Anonymous and cookie-less, like a page view: nothing to forge, so no CSRF token.
    csrf: false,
    tags: ['public'],
    summary: 'Count a visit of the public page under its ?ref= tag',
    params: idParams,
    body: z.object({
      ref: z
        .string()
        .trim()
        .min(1)
        .max(50)
        .regex(/^[\w.-]+$/),
    }),
    responses: { 200: okSchema },
  }),
};
