import { z } from 'zod';
import { idParams, okSchema } from './common.ts';
import { competitionSchema } from './competitions.ts';
import { endpointsOf } from './endpoint.ts';

/**
 * A competition as the public page (/c/:id, no sign-in) shows it. Only what the page shows:
 * never emails, notes, the invoice amount, payments or anything else private.
 */
export const publicCompetitionSchema = competitionSchema
  .pick({
    id: true,
    name: true,
    organizer: true,
    image: true,
    spotify: true,
    /** The song's link (SoundCloud or an audio file), so creators find the sound. */
    audio: true,
    prizes: true,
    startDate: true,
    endDate: true,
    /** The brief for creators (sanitized rich text). */
    creativeDirection: true,
    /** Where to post: how to enter names them. */
    platforms: true,
  })
  .extend({
    /** What the prize lines add up to: public anyway, unlike the invoice behind them. */
    prizeTotal: z.number(),
    totalViews: z.number(),
    ugcCount: z.number(),
    /** Whether it takes entries now: started, not closed, not ended. */
    isOpen: z.boolean(),
    hasStarted: z.boolean(),
    /** Past its end date or marked Completed. */
    hasEnded: z.boolean(),
  });
export type PublicCompetition = z.infer<typeof publicCompetitionSchema>;

const { anyone } = endpointsOf(['public']);

export const publicCompetitions = {
  get: anyone.get('/api/public/competitions/:id', {
    summary: 'A competition as the public page shows it',
    params: idParams,
    responses: { 200: publicCompetitionSchema },
  }),
  countVisit: anyone.post('/api/public/competitions/:id/visits', {
    // Anonymous and cookie-less, like a page view: nothing to forge, so no CSRF token.
    csrf: false,
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
