import {
  type CalendarTone,
  FORM_MESSAGES,
  MONTH_PATTERN,
  isDayInWindow,
  isMonthInWindow,
  isRealDay,
  reserveDateSchema,
} from '@preffy/domain';
import { z } from 'zod';
import { competitionSchema, oneCompetitionSchema } from './competitions.ts';
import { endpointsOf } from './endpoint.ts';
import { pageQuerySchema, pagedList } from './paging.ts';

const calendarFlags = {
  isConfirmed: z.boolean(),
  isDirect: z.boolean(),
  is555: z.boolean(),
  tone: z.enum(['primary', 'secondary', 'danger', 'warning'] as const satisfies readonly CalendarTone[]),
};

/** An organizer starting (holding or confirming) a day, as a month grid cell names them. */
export const calendarEntrySchema = z.object({ id: z.string(), organizer: z.string(), ...calendarFlags });
export type CalendarEntry = z.infer<typeof calendarEntrySchema>;

export const calendarDaySchema = z.object({
  day: z.string(),
  inMonth: z.boolean(),
  entries: z.array(calendarEntrySchema),
  moreEntries: z.number(),
  confirmedCount: z.number(),
});
export type CalendarDay = z.infer<typeof calendarDaySchema>;

export const calendarMonthSchema = z.object({
  month: z.string(),
  today: z.string(),
  timeZone: z.string(),
  genniDirectFormUrl: z.string().nullable(),
  days: z.array(calendarDaySchema),
});
export type CalendarMonth = z.infer<typeof calendarMonthSchema>;

/**
 * A competition covering a day; canChange says whether Edit and Delete apply for the caller,
 * canStart whether it is a hold waiting to be started that the caller may start.
 */
export const dayCompetitionSchema = competitionSchema
  .pick({ id: true, version: true, name: true, organizer: true, email: true, startDate: true, endDate: true })
  .extend({ prizeTotal: z.number(), ...calendarFlags, canChange: z.boolean(), canStart: z.boolean() });
export type DayCompetition = z.infer<typeof dayCompetitionSchema>;

/** My calendar feed: whether it is on, and its address only in the answer that makes it. */
export const feedStateSchema = z.object({ active: z.boolean(), url: z.string().nullable() });
export type FeedState = z.infer<typeof feedStateSchema>;

const { anyone, signedIn } = endpointsOf(['calendar']);

export const calendar = {
  month: signedIn.get('/api/calendar/months/:month', {
    summary: 'A month grid (weeks from Monday): who holds each day, and confirmed competitions covering it',
    params: z.object({
      month: z
        .string()
        .regex(MONTH_PATTERN, { error: 'A month is YYYY-MM', abort: true })
        .refine(isMonthInWindow, FORM_MESSAGES.dateOutOfWindow),
    }),
    responses: { 200: calendarMonthSchema },
  }),
  day: signedIn.get('/api/calendar/days/:day', {
    summary: 'The competitions covering one day, paged; canChange says whether Edit and Delete apply',
    params: z.object({
      day: z
        .string()
        .refine(isRealDay, { error: 'A day is a real date, YYYY-MM-DD', abort: true })
        .refine(isDayInWindow, FORM_MESSAGES.dateOutOfWindow),
    }),
    ...pagedList(pageQuerySchema.pick({ page: true, pageSize: true }), dayCompetitionSchema),
  }),
  /** A double-clicked Reserve A Date once made two holds and two sets of notices. */
  reserve: signedIn.post('/api/calendar/reservations', {
    idempotent: true,
    summary:
      'Reserve A Date: a 7-day hold from 15:00, with its notices (and a hold-conflict notice from 4 recipients)',
    body: reserveDateSchema,
    responses: { 201: oneCompetitionSchema },
  }),
  feed: signedIn.get('/api/calendar/feed', {
    summary: 'Whether I have a calendar feed (its address is shown only when made)',
    responses: { 200: feedStateSchema },
  }),
  makeFeed: signedIn.post('/api/calendar/feed', {
    summary: 'Make a new private feed address (the old one stops working)',
    responses: { 200: feedStateSchema },
  }),
  stopFeed: signedIn.delete('/api/calendar/feed', {
    summary: 'Turn my calendar feed off',
    responses: { 200: feedStateSchema },
  }),
  /**
   * The feed a calendar app subscribes to: the secret token in the address is the credential
   * (calendar apps send no cookies), and the answer is text/calendar, not JSON. The web app
   * never calls it; the server hands out its address.
   */
  feedFile: anyone.get('/api/calendar/feed/:file', {
    csrf: false,
    summary: 'The iCalendar feed (token.ics) of the competitions its owner may see',
    params: z.object({ file: z.string().regex(/^[\w-]{20,100}\.ics$/) }),
    produces: 'text/calendar',
    responses: {},
  }),
};
