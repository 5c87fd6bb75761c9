import { MAX_PRIZE_PLACES, TEXT_LIMITS } from '@preffy/domain';
import { z } from 'zod';
import { idParams } from './common.ts';
import { endpointsOf } from './endpoint.ts';
import { pageQuerySchema, pagedList } from './paging.ts';
import { paymentSchema } from './payments.ts';

/**
 * The finish wizard (/preffy/finish, issue 14, decision 0028): choose the winners (step
 * 'winners'), hand out the payout file (step 'pay'), mark the payments paid and the
 * competition completed (step 'complete', then 'done'). Its state lives on the server.
 */
export const FINISH_STEPS = ['winners', 'pay', 'complete', 'done'] as const;
export type FinishStep = (typeof FINISH_STEPS)[number];

/** At most this many prize slots: every prize line at its most places (a line paying more is invalid). */
export const MAX_PRIZE_SLOTS = TEXT_LIMITS.prizeLines * MAX_PRIZE_PLACES;

/** One winner as the selector offers it: each creator, platform, email and source once. */
export const winnerChoiceSchema = z.object({
  creator: z.string().trim().min(1).max(TEXT_LIMITS.name),
  platform: z.string().trim().min(1).max(50),
  email: z.string().trim().toLowerCase().min(1).max(TEXT_LIMITS.email),
  source: z.string().trim().max(50).default(''),
});
export type WinnerChoice = z.infer<typeof winnerChoiceSchema>;

/** A prize slot of the competition (its prizes expanded: one per place) and who fills it. */
export const finishSlotSchema = z.object({
  index: z.number(),
  label: z.string(),
  amount: z.number(),
  kind: z.enum(['rank', 'creative', 'first-come']),
  winner: winnerChoiceSchema.nullable(),
  /** Why Suggest winners placed this winner here (null when chosen by hand). */
  reason: z.string().nullable(),
  /** The winner's email is banned in the winners directory now (Submit is blocked). */
  banned: z.boolean(),
});
export type FinishSlot = z.infer<typeof finishSlotSchema>;

/** One payout CSV handed out: part `fileNumber` of `fileCount` of one download. */
export const payoutFileSchema = z.object({
  id: z.string(),
  batchId: z.string(),
  fileNumber: z.number(),
  fileCount: z.number(),
  rowCount: z.number(),
  total: z.number(),
  createdAt: z.number(),
  createdByName: z.string().nullable(),
});
export type PayoutFile = z.infer<typeof payoutFileSchema>;

/**
 * Where the competition stands (decision 0104): still running, posts not reviewed, a leaderboard
 * older than the last review decision. Any of these makes Submit and Mark As Completed an early
 * finish, which needs `finishEarly: true` and is audited.
 */
export const finishReadinessSchema = z.object({
  endDate: z.number(),
  /** Whole days (rounded up) until the end date while it still runs; null once it has ended. */
  daysLeft: z.number().nullable(),
  /** Live posts not scored in review yet (the review queue). */
  unreviewedPosts: z.number(),
  /** When the stored leaderboard was computed; null: never. */
  leaderboardComputedAt: z.number().nullable(),
  /** The last review decision (a score or a disqualification); null: none yet. */
  lastReviewAt: z.number().nullable(),
  /** The stored leaderboard is older than the last review decision (or missing after one). */
  leaderboardStale: z.boolean(),
});
export type FinishReadiness = z.infer<typeof finishReadinessSchema>;

/** Whether finishing now is an early finish that staff must confirm. */
export const isEarlyFinish = (readiness: FinishReadiness) =>
  readiness.daysLeft !== null || readiness.unreviewedPosts > 0 || readiness.leaderboardStale;

/** The wizard of one competition. `version` is 0 until the first save. */
export const finishSchema = z.object({
  /** The wizard's record: one per competition, so its id is the competition's id. */
  id: z.string(),
  competitionId: z.string(),
  competitionName: z.string(),
  organizer: z.string(),
  /** Its competition was deleted: staff still read the wizard, which changes nothing (decision 0124). */
  competitionDeleted: z.boolean(),
  step: z.enum(FINISH_STEPS),
  version: z.number(),
  slots: z.array(finishSlotSchema),
  submittedAt: z.number().nullable(),
  submittedByName: z.string().nullable(),
  completedAt: z.number().nullable(),
  completedByName: z.string().nullable(),
  /** The most recent download's files (older downloads stay recorded). */
  files: z.array(payoutFileSchema),
  readiness: finishReadinessSchema,
});
export type Finish = z.infer<typeof finishSchema>;

/** A competition the wizard can finish, with how far its wizard got. */
export const finishCompetitionSchema = z.object({
  id: z.string(),
  name: z.string(),
  organizer: z.string(),
  endDate: z.number(),
  step: z.enum(FINISH_STEPS),
});

export const winnerCandidateSchema = winnerChoiceSchema.extend({
  likes: z.number(),
  views: z.number(),
  creativityScore: z.number(),
  postCount: z.number(),
  /** Banned in the winners directory: offered, but Submit is blocked while chosen. */
  isBanned: z.boolean(),
});
export type WinnerCandidate = z.infer<typeof winnerCandidateSchema>;

const competitionParams = z.object({ competitionId: idParams.shape.id });
/** The version the wizard read; 0 before its first save. */
const finishVersion = z.object({ version: z.number().int().min(0) });
const slotsBody = finishVersion.extend({
  winners: z.array(winnerChoiceSchema.nullable()).max(MAX_PRIZE_SLOTS),
});
/** The draft: the winners and, per slot, why Suggest winners placed its winner (kept with it). */
const draftBody = slotsBody.extend({
  reasons: z.array(z.string().trim().max(500).nullable()).max(MAX_PRIZE_SLOTS).default([]),
});
/** Staff confirmed finishing a competition that is not ready (isEarlyFinish): without it, 409. */
const earlyFinishFlag = z.object({ finishEarly: z.boolean().default(false) });

/**
 * Submit refused by the blocking checks (400): `fieldErrors.winners` holds the rule texts
 * ('Duplicates found: …', 'Please Remove Banned Users: …'); these fields name what to fix, so
 * the web can say it in the user's language.
 */
export const WINNERS_BLOCKED = 'WINNERS_BLOCKED';
export const winnersBlockedSchema = z.object({
  code: z.literal(WINNERS_BLOCKED),
  duplicates: z.array(z.object({ creator: z.string(), platform: z.string() })),
  bannedEmails: z.array(z.string()),
});
export type WinnersBlocked = z.infer<typeof winnersBlockedSchema>;

/** The server's messages of the wizard (the web translates them: server-messages.ts). */
export const FINISH_MESSAGES = {
  winnersBlocked: 'Remove the duplicate and banned winners before submitting',
  slotCount: 'Choose one entry per prize slot',
  noWinners: 'Choose at least one winner',
  alreadySubmitted: 'The winners of this competition were already submitted',
  /** Payments made before the wizard (or by hand): submitting would pay the winners again. */
  alreadyPaid: 'This competition already has payments: find them on the Payments page',
  notSubmitted: 'Submit the winners first',
  nothingToPay: 'This competition has no payments waiting to be paid',
  notAnEntrant: 'Choose each winner among the entries of this competition',
  downloadFirst: 'Download the payout file before marking the competition completed',
  finishEarly:
    'This competition is not ready to finish (still running, posts not reviewed or the leaderboard out of date): confirm finishing early',
} as const;

/** How many items the step-3 answer lists of each kind (the counts are always complete). */
export const COMPLETE_LIST_LIMIT = 100;

const finishAnswer = z.object({ finish: finishSchema });

const { staff } = endpointsOf(['finish']);

export const finish = {
  competitions: staff.get('/api/finish/competitions', {
    summary: 'Competitions the wizard can finish (live, ended or active), searchable, newest end first',
    ...pagedList(pageQuerySchema, finishCompetitionSchema),
  }),
  get: staff.get('/api/finish/:competitionId', {
    summary: 'The finish wizard of a competition: step, prize slots and chosen winners, payout files',
    params: competitionParams,
    responses: { 200: finishAnswer },
  }),
  saveWinners: staff.put('/api/finish/:competitionId/winners', {
    summary:
      'Save the chosen winners as a draft (one per prize slot, or null) with their suggestion reasons, with the version read',
    params: competitionParams,
    body: draftBody,
    responses: { 200: finishAnswer },
  }),
  suggest: staff.post('/api/finish/:competitionId/suggest', {
    summary: 'Suggest winners from the current leaderboard: every slot filled, with the reason',
    params: competitionParams,
    responses: { 200: z.object({ slots: z.array(finishSlotSchema) }) },
  }),
  candidates: staff.get('/api/finish/:competitionId/candidates', {
    summary: 'The winner selector: creator, platform, email and source combinations, searched, best first',
    params: competitionParams,
    query: z.object({
      search: z.string().trim().max(200).optional(),
      limit: z.coerce.number().int().min(1).max(50).default(20),
    }),
    responses: { 200: z.object({ items: z.array(winnerCandidateSchema) }) },
  }),
  submit: staff.post('/api/finish/:competitionId/submit', {
    summary:
      'Notify Winners: one payment per winner and the winner notices, in one transaction, once; blocked by duplicates and banned winners; an early finish needs finishEarly (else 409 FINISH_EARLY)',
    idempotent: 'required',
    params: competitionParams,
    body: slotsBody.extend(earlyFinishFlag.shape),
    responses: { 200: finishAnswer.extend({ payments: z.number(), emails: z.number() }) },
  }),
  makeFiles: staff.post('/api/finish/:competitionId/payout-files', {
    summary:
      "Download CSV: the PayPal payout file(s) of the competition's To Be Paid payments (5,000 rows each), recorded",
    idempotent: 'required',
    params: competitionParams,
    body: finishVersion,
    responses: { 200: finishAnswer },
  }),
  file: staff.get('/api/finish/payout-files/:id', {
    summary: 'One payout file as text/csv (an attachment), as it was handed out',
    params: idParams,
    produces: 'text/csv',
    responses: {},
  }),
  complete: staff.post('/api/finish/:competitionId/complete', {
    summary:
      'Mark As Completed: To Be Paid payments whose payment email is in a downloaded file become Paid; the competition is completed; an early finish needs finishEarly (else 409 FINISH_EARLY)',
    idempotent: 'required',
    params: competitionParams,
    body: finishVersion.extend(earlyFinishFlag.shape),
    responses: {
      200: finishAnswer.extend({
        marked: z.object({ count: z.number(), items: z.array(paymentSchema) }),
        unmatched: z.object({ count: z.number(), items: z.array(paymentSchema) }),
      }),
    },
  }),
};

/** A prize place the finish decided, as the public page shows it: the handle, never an email. */
export const publicWinnerSchema = z.object({
  /** The prize line's label ('1st Place'). */
  label: z.string(),
  creator: z.string(),
  platform: z.string(),
});
export type PublicWinner = z.infer<typeof publicWinnerSchema>;

const { anyone } = endpointsOf(['public']);

export const publicWinners = {
  list: anyone.get('/api/public/competitions/:id/winners', {
    summary: 'The prize places a finished competition decided, in prize order (none before)',
    params: idParams,
    responses: {
      200: z.object({
        /** Whether staff have submitted the winners. */
        decided: z.boolean(),
        items: z.array(publicWinnerSchema).max(MAX_PRIZE_SLOTS),
      }),
    },
  }),
};
