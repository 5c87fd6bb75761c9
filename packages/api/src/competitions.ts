import {
  COMPETITION_FIELD_ACCESS,
  COMPETITION_STATES,
  STANDINGS_VISIBILITY,
  type ReservationDetails,
  startCompetitionSchema,
  updateCompetitionSchema,
} from '@preffy/domain';
import { z } from 'zod';
import { idParams, okSchema, versionBody, versionQuery } from './common.ts';
import { endpointsOf } from './endpoint.ts';
import { pageQuerySchema, pagedList } from './paging.ts';

/** A competition as the API returns it: booleans, parsed lists, and its derived state and total. */
export const competitionSchema = z.object({
  id: z.string(),
  version: z.number(),
  createdAt: z.number(),
  updatedAt: z.number(),
  campaignId: z.number(),
  name: z.string(),
  organizer: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  audio: z.string().nullable(),
  startDate: z.number(),
  endDate: z.number(),
  lastUpdated: z.number(),
  isActive: z.boolean(),
  isClosed: z.boolean(),
  hasEnded: z.boolean(),
  isConfirmed: z.boolean(),
  isDirect: z.boolean(),
  is555: z.boolean(),
  state: z.enum(COMPETITION_STATES),
  prizes: z.array(z.string()),
  prizeTotal: z.number(),
  platforms: z.array(z.string()),
  invoiceAmount: z.number(),
  competitionType: z.string(),
  notes: z.string().nullable(),
  takePct: z.number(),
  metric: z.string(),
  /** Who sees the standings on the public page: everyone, nobody, or everyone after the end. */
  standings: z.enum(STANDINGS_VISIBILITY),
  category: z.string().nullable(),
  continents: z.array(z.string()),
  countries: z.array(z.string()).nullable(),
  creativeDirection: z.string().nullable(),
  event: z.string().nullable(),
  spotify: z.string().nullable(),
  tiktok: z.string().nullable(),
  instagram: z.string().nullable(),
  tiktokSound: z.string().nullable(),
  instagramSound: z.string().nullable(),
  /** Deleted (soft): only staff still reach it, read-only, and an admin may restore it (decision 0124). */
  deleted: z.boolean(),
  /** What the Reserve A Date form said, for a competition that began as a calendar hold. */
  reservation: z
    .object({
      isGlobal: z.boolean(),
      territories: z.string().nullable(),
      creativeDirection: z.boolean(),
      creativeDirectionRequired: z.boolean(),
      languageRequirement: z.boolean(),
      language: z.string().nullable(),
      notes: z.string().nullable(),
      songName: z.string().nullable(),
    } satisfies Record<keyof ReservationDetails, z.ZodType>)
    .nullable(),
});
export type Competition = z.infer<typeof competitionSchema>;

/** One row of the competitions admin list: what the table shows, nothing more. */
export const competitionListItemSchema = competitionSchema.pick({
  id: true,
  version: true,
  campaignId: true,
  name: true,
  email: true,
  organizer: true,
  startDate: true,
  endDate: true,
  lastUpdated: true,
  state: true,
  isConfirmed: true,
  isClosed: true,
});
export type CompetitionListItem = z.infer<typeof competitionListItemSchema>;

/**
 * The admin tabs: Upcoming (preview), Active, Completed (doc 2 section 4), and Deleted for staff
 * and admins (decision 0124).
 */
export const COMPETITION_TABS = ['upcoming', 'active', 'completed', 'deleted'] as const;
export type CompetitionTab = (typeof COMPETITION_TABS)[number];
/** The tabs whose competitions are live, which every role has. */
export const LIVE_COMPETITION_TABS = ['upcoming', 'active', 'completed'] as const;
export const COMPETITION_SORT_KEYS = ['endDate', 'name', 'lastUpdated', 'organizer', 'startDate'] as const;

export const listCompetitionsQuerySchema = pageQuerySchema.extend({
  tab: z.enum(COMPETITION_TABS).optional(),
  sortBy: z.enum(COMPETITION_SORT_KEYS).default('endDate'),
  sortDirection: z.enum(['asc', 'desc']).default('desc'),
});
export type ListCompetitionsQuery = z.infer<typeof listCompetitionsQuerySchema>;

/** What the Start A Competition form starts with, in the business time zone. */
export const competitionDefaultsSchema = z.object({
  timeZone: z.string(),
  startDate: z.number(),
  endDate: z.number(),
  invoiceAmount: z.number(),
  prizes: z.array(z.string()),
  email: z.string(),
});
export type CompetitionDefaults = z.infer<typeof competitionDefaultsSchema>;

/** A hold waiting to become its competition, as Start A Competition offers it. */
export const waitingHoldSchema = competitionSchema.pick({
  id: true,
  version: true,
  name: true,
  organizer: true,
  email: true,
  startDate: true,
  endDate: true,
  invoiceAmount: true,
  isConfirmed: true,
});
export type WaitingHold = z.infer<typeof waitingHoldSchema>;

/**
 * What paying a competition's winners left (decision 0124): its live payments, whether its
 * winners were submitted in the finish wizard, its PayPal batches. While any exists, only an
 * administrator may delete it, and only with `confirmPayouts`.
 */
export const competitionPayoutsSchema = z.object({
  payments: z.number(),
  submittedWinners: z.boolean(),
  paypalBatches: z.number(),
});
export type CompetitionPayouts = z.infer<typeof competitionPayoutsSchema>;

export const hasPayouts = (p: CompetitionPayouts) =>
  p.payments > 0 || p.submittedWinners || p.paypalBatches > 0;

export const COMPETITION_DELETE_MESSAGES = {
  /** To an organizer (their own) and to staff: 403 FORBIDDEN, reason paidCompetition. */
  paidCompetition: 'This competition has paid winners: only an administrator can delete it',
  notDeleted: 'This competition is not deleted',
} as const;

/** The 409 PAYOUTS_CONFIRM an administrator's delete gets without `confirmPayouts`, naming what it has. */
export function confirmPayoutsMessage(p: CompetitionPayouts) {
  const parts = [
    ...(p.payments > 0 ? [`${p.payments} payment${p.payments === 1 ? '' : 's'}`] : []),
    ...(p.submittedWinners ? ['submitted winners'] : []),
    ...(p.paypalBatches > 0
      ? [p.paypalBatches === 1 ? 'a PayPal batch' : `${p.paypalBatches} PayPal batches`]
      : []),
  ];
  const listed = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0];
  return `This competition has ${listed}: confirm to delete it`;
}

/** The answer that carries one competition. */
export const oneCompetitionSchema = z.object({ competition: competitionSchema });

const { signedIn, admin, withAccess } = endpointsOf(['competitions']);

export const competitions = {
  tabCounts: signedIn.get('/api/competitions/tab-counts', {
    summary: 'How many competitions each tab has for a search (All Competitions shows them beside the tabs)',
    query: z.object({ search: z.string().trim().max(200).optional() }),
    responses: {
      200: z.object({
        upcoming: z.number(),
        active: z.number(),
        completed: z.number(),
        /** Staff and admins only; 0 for an organizer. */
        deleted: z.number(),
      }),
    },
  }),
  list: signedIn.get('/api/competitions', {
    summary: 'Competitions by tab (upcoming, active, completed), searched and sorted on the server',
    ...pagedList(listCompetitionsQuerySchema, competitionListItemSchema),
  }),
  defaults: signedIn.get('/api/competitions/defaults', {
    summary: 'What the Start A Competition form starts with, in the business time zone',
    responses: { 200: competitionDefaultsSchema },
  }),
  get: signedIn.get('/api/competitions/:id', {
    summary: 'One competition',
    params: idParams,
    responses: { 200: oneCompetitionSchema },
  }),
  start: signedIn.post('/api/competitions', {
    idempotent: true,
    summary: 'Start A Competition',
    // The end-date rule depends on today in the business time zone: the server checks it again.
    body: startCompetitionSchema({ now: 0, timeZone: 'UTC' }),
    responses: { 201: oneCompetitionSchema },
  }),
  holds: signedIn.get('/api/competitions/holds', {
    summary:
      'The holds waiting to be started (made by Reserve A Date, no song link yet) for an artist or a song',
    query: z.object({
      organizer: z.string().trim().max(200).optional(),
      name: z.string().trim().max(200).optional(),
    }),
    responses: { 200: z.object({ items: z.array(waitingHoldSchema) }) },
  }),
  /** Add once made a second record beside the hold; starting from it fills in the hold itself. */
  startFromHold: signedIn.post('/api/competitions/:id/start', {
    summary: "Start A Competition from a hold: the hold's own record becomes the competition",
    params: idParams,
    // As for start, the end-date rule depends on today: the server checks it again.
    body: startCompetitionSchema({ now: 0, timeZone: 'UTC' }).and(versionBody),
    responses: { 200: oneCompetitionSchema },
  }),
  update: signedIn.put('/api/competitions/:id', {
    summary: 'Update A Competition (every field, with the version read)',
    params: idParams,
    body: updateCompetitionSchema.and(versionBody),
    responses: { 200: oneCompetitionSchema },
  }),
  setState: withAccess(COMPETITION_FIELD_ACCESS.state.update).post('/api/competitions/:id/state', {
    summary: 'Set the state: preview, active or completed',
    params: idParams,
    body: versionBody.extend({ state: z.enum(COMPETITION_STATES) }),
    responses: { 200: oneCompetitionSchema },
  }),
  confirm: withAccess(COMPETITION_FIELD_ACCESS.isConfirmed.update).post('/api/competitions/:id/confirm', {
    summary: 'Confirm a hold (staff and admins only)',
    params: idParams,
    body: versionBody,
    responses: { 200: oneCompetitionSchema },
  }),
  payouts: signedIn.get('/api/competitions/:id/payouts', {
    summary:
      'What paying its winners left (payments, submitted winners, PayPal batches): what a delete would hide',
    params: idParams,
    responses: { 200: z.object({ payouts: competitionPayoutsSchema }) },
  }),
  // Administrators and the competition's own organizer (checked in the service).
  remove: signedIn.delete('/api/competitions/:id', {
    summary:
      "Delete (soft): administrators and the competition's organizer; one with payouts only an administrator, with confirmPayouts=true (else 409 PAYOUTS_CONFIRM)",
    params: idParams,
    query: versionQuery.extend({
      confirmPayouts: z
        .enum(['true', 'false'])
        .default('false')
        .transform((v) => v === 'true'),
    }),
    responses: { 200: okSchema },
  }),
  restore: admin.post('/api/competitions/:id/restore', {
    summary: 'Restore a deleted competition (administrators), with the version read',
    params: idParams,
    body: versionBody,
    responses: { 200: oneCompetitionSchema },
  }),
};
