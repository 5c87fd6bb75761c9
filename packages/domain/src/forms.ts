import { z } from 'zod';
import { COMPETITION_STATES, METRICS, PLATFORM_OPTIONS, STANDINGS_VISIBILITY } from './competitions.ts';
import { isRealDay } from './calendar.ts';
import { COUNTRY_CONTINENTS, CONTINENTS } from './countries.ts';
import { isEndDateAllowed } from './dates.ts';
import {
  COUNT_MAX,
  DATE_WINDOW,
  DATE_WINDOW_END,
  DATE_WINDOW_START,
  MONEY_MAX,
  TEXT_LIMITS,
  isDayInWindow,
  isWholeCents,
} from './input-bounds.ts';
import { PRIZING_TYPES } from './prizes.ts';

/**
 * Form messages: the spec's wording, with the fixes recorded in
 * docs/decisions/0004-wording-fixes.md where the legacy text was wrong for its field.
 */
export const FORM_MESSAGES = {
  artistEmailRequired: "Please enter the artist's email",
  emailInvalid: 'Email is not valid!',
  songTitleRequired: "Please enter the song's title",
  artistNameRequired: "Please enter the artist's name",
  songLinkRequired: "Please enter the song's link",
  linkInvalid: 'Invalid link must be http',
  invoiceRequired: 'Please enter the invoice amount',
  invoiceNegative: 'The invoice amount cannot be negative',
  endDateTooSoon: 'The end date must be at least 7 days after today',
  endBeforeStart: 'The end date must be after the start date',
  numeric: 'Please enter a numeric value',
  invoiceAboveZero: 'The invoice amount must be above 0',
  firstNameInvalid: 'Invalid First Name',
  lastNameInvalid: 'Invalid Last Name',
  inquiryEmailInvalid: 'Invalid email',
  phoneInvalid: 'Invalid phone',
  inquiryStatusInvalid: 'Invalid Inquiry Status',
  creatorEmailRequired: "Please enter the creator's email",
  creatorRequired: "Please enter the creator's name",
  likesRequired: 'Please enter the likes',
  likesInvalid: 'Please enter a whole number of likes up to 1,000,000,000,000',
  postLinkRequired: "Please enter the post's link",
  paypalInvalid: 'PayPal email is not valid!',
  takePctRange: 'The take percentage must be between 0% and 100%',
  reservePastDate: 'Please pick today or a later date',
  pickDate: 'Please pick a date',
  dateOutOfWindow: `Please pick a date between ${DATE_WINDOW.firstDay} and ${DATE_WINDOW.lastDay}`,
  amountInvalid: 'Please enter an amount from 0 to 10,000,000 with at most 2 decimals',
  textTooLong: 'This text is too long',
  tooManyPrizes: 'Please keep to 50 prize lines',
  countryInvalid: 'Please pick countries from the list',
  continentInvalid: 'Please pick continents from the list',
  platformInvalid: 'Please pick platforms from the list',
  staffOnlyField: 'Only staff can change this field',
} as const;

/** The legacy 'simple email pattern'. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** An http, https or ftp URL. */
export const LINK_PATTERN = /^(https?|ftp):\/\/[^\s/$.?#][^\s]*$/i;

const tooLong = { error: FORM_MESSAGES.textTooLong };
export const requiredText = (required: string, max: number = TEXT_LIMITS.name) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, tooLong);
/** Required, then a pattern: an empty field shows only the 'required' message. */
const requiredMatching = (required: string, pattern: RegExp, invalid: string, max: number) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .max(max, { ...tooLong, abort: true })
    .regex(pattern, invalid);
export const requiredEmail = (required: string, invalid: string = FORM_MESSAGES.emailInvalid) =>
  requiredMatching(required, EMAIL_PATTERN, invalid, TEXT_LIMITS.email);
const optionalText = (max: number = TEXT_LIMITS.longText) =>
  z.string().trim().max(max, tooLong).optional().nullable();
const optionalLink = z
  .string()
  .trim()
  .max(TEXT_LIMITS.link, tooLong)
  .refine((v) => v === '' || LINK_PATTERN.test(v), FORM_MESSAGES.linkInvalid)
  .optional()
  .nullable();
/** Dollars with whole cents, 0 to MONEY_MAX. */
const money = (required: string) =>
  z
    .number({ error: required })
    .min(0, { error: FORM_MESSAGES.invoiceNegative, abort: true })
    .max(MONEY_MAX, { error: FORM_MESSAGES.amountInvalid, abort: true })
    .refine(isWholeCents, FORM_MESSAGES.amountInvalid);
const invoiceAmount = money(FORM_MESSAGES.invoiceRequired);
/** An instant inside the date window; later rules on it run only when it passed (abort). */
const epochMs = z
  .number({ error: FORM_MESSAGES.pickDate })
  .int({ error: FORM_MESSAGES.dateOutOfWindow, abort: true })
  .min(DATE_WINDOW_START, { error: FORM_MESSAGES.dateOutOfWindow, abort: true })
  .max(DATE_WINDOW_END - 1, { error: FORM_MESSAGES.dateOutOfWindow, abort: true });
const prizeLines = z
  .array(z.string().trim().max(TEXT_LIMITS.prizeLine, tooLong))
  .max(TEXT_LIMITS.prizeLines, FORM_MESSAGES.tooManyPrizes);

const competitionCore = {
  email: requiredEmail(FORM_MESSAGES.artistEmailRequired),
  name: requiredText(FORM_MESSAGES.songTitleRequired),
  organizer: requiredText(FORM_MESSAGES.artistNameRequired),
  audio: requiredMatching(
    FORM_MESSAGES.songLinkRequired,
    LINK_PATTERN,
    FORM_MESSAGES.linkInvalid,
    TEXT_LIMITS.link,
  ),
  startDate: epochMs,
  endDate: epochMs,
  invoiceAmount,
  prizes: prizeLines,
  isClosed: z.boolean().default(false),
  /** The URL the server answered for an uploaded album image. */
  image: z.string().trim().max(300).nullable().optional(),
};

const isInstantInWindow = (v: unknown) => epochMs.safeParse(v).success;

/**
 * The end must come after the start. Checked whenever both dates are valid, even while other
 * fields still have errors, so the user sees every problem at once.
 */
const endAfterStart: [
  (v: { startDate: number; endDate: number }) => boolean,
  { error: string; path: string[]; when: (payload: { value: unknown }) => boolean },
] = [
  (v) => v.endDate > v.startDate,
  {
    error: FORM_MESSAGES.endBeforeStart,
    path: ['endDate'],
    when: (payload: { value: unknown }) => {
      const v = payload.value as { startDate?: unknown; endDate?: unknown } | null;
      return isInstantInWindow(v?.startDate) && isInstantInWindow(v?.endDate);
    },
  },
];

/** Start A Competition: the end date must be at least 7 days after today (business zone). */
export const startCompetitionSchema = (ctx: { now: number; timeZone: string }) =>
  z
    .object({
      ...competitionCore,
      // epochMs aborts on a date outside the window, so this never formats an impossible date.
      endDate: epochMs.refine((endDate) => isEndDateAllowed(endDate, ctx.now, ctx.timeZone), {
        error: FORM_MESSAGES.endDateTooSoon,
      }),
    })
    .refine(...endAfterStart);

/** Update A Competition: the start form's fields plus the rest of the record. */
export const updateCompetitionSchema = z
  .object({
    ...competitionCore,
    platforms: z
      .array(z.enum(PLATFORM_OPTIONS, { error: FORM_MESSAGES.platformInvalid }))
      .min(1)
      .max(PLATFORM_OPTIONS.length),
    competitionType: z.enum(PRIZING_TYPES).default('Hybrid'),
    continents: z.array(z.enum(CONTINENTS, { error: FORM_MESSAGES.continentInvalid })).max(CONTINENTS.length),
    countries: z
      .array(
        z
          .string()
          .trim()
          .refine((c) => Object.hasOwn(COUNTRY_CONTINENTS, c), FORM_MESSAGES.countryInvalid),
      )
      .max(Object.keys(COUNTRY_CONTINENTS).length)
      .nullable(),
    isDirect: z.boolean(),
    is555: z.boolean(),
    creativeDirection: optionalText(),
    notes: optionalText(),
    category: optionalText(TEXT_LIMITS.name),
    takePct: z
      .number({ error: FORM_MESSAGES.numeric })
      .min(0, FORM_MESSAGES.takePctRange)
      .max(1, FORM_MESSAGES.takePctRange)
      .default(1),
    event: optionalText(TEXT_LIMITS.name),
    metric: z.enum(METRICS).default('likes'),
    standings: z.enum(STANDINGS_VISIBILITY).default('shown'),
    spotify: optionalLink,
    tiktok: optionalLink,
    instagram: optionalLink,
    tiktokSound: optionalLink,
    instagramSound: optionalLink,
  })
  .refine(...endAfterStart);

/**
 * Reserve A Date: artist name required, invoice numeric and above 0 (an empty amount is not
 * numeric). The requester is the signed-in user, whose email the server always has.
 */
export const reserveDateSchema = z.object({
  /** The day clicked on the calendar (YYYY-MM-DD in the business time zone). */
  day: z
    .string({ error: FORM_MESSAGES.pickDate })
    .refine(isRealDay, { error: FORM_MESSAGES.pickDate, abort: true })
    .refine(isDayInWindow, FORM_MESSAGES.dateOutOfWindow),
  organizer: requiredText(FORM_MESSAGES.artistNameRequired),
  songName: optionalText(TEXT_LIMITS.name),
  invoiceAmount: z
    .number({ error: FORM_MESSAGES.numeric })
    .gt(0, { error: FORM_MESSAGES.invoiceAboveZero, abort: true })
    .max(MONEY_MAX, { error: FORM_MESSAGES.amountInvalid, abort: true })
    .refine(isWholeCents, FORM_MESSAGES.amountInvalid),
  isGlobal: z.boolean().default(true),
  territories: optionalText(TEXT_LIMITS.link),
  creativeDirection: z.boolean().default(false),
  creativeDirectionRequired: z.boolean().default(false),
  languageRequirement: z.boolean().default(false),
  language: optionalText(TEXT_LIMITS.name),
  notes: optionalText(),
});

export const INQUIRY_STATUSES = ['Unseen', 'In Progress', 'Completed'] as const;

/** Posts admin edit modal. */
export const editPostSchema = z.object({
  email: requiredEmail(FORM_MESSAGES.creatorEmailRequired),
  creator: requiredText(FORM_MESSAGES.creatorRequired),
  likes: z
    .number({ error: FORM_MESSAGES.likesRequired })
    .int(FORM_MESSAGES.likesInvalid)
    .min(0, FORM_MESSAGES.likesInvalid)
    .max(COUNT_MAX, FORM_MESSAGES.likesInvalid),
  link: requiredMatching(
    FORM_MESSAGES.postLinkRequired,
    LINK_PATTERN,
    FORM_MESSAGES.linkInvalid,
    TEXT_LIMITS.link,
  ),
  isDeleted: z.boolean().default(false),
});

/** A creator's entry on the public competition page (and staff adding one by hand). */
export const submitPostSchema = z.object({
  email: requiredEmail(FORM_MESSAGES.creatorEmailRequired),
  creator: requiredText(FORM_MESSAGES.creatorRequired, 100).transform((v) => v.replace(/^@+/, '')),
  link: requiredText(FORM_MESSAGES.postLinkRequired, 500),
});

/** Add A Winner. */
export const createWinnerSchema = z.object({
  email: requiredEmail(FORM_MESSAGES.creatorEmailRequired),
  paypal: z
    .string()
    .trim()
    .refine((v) => v === '' || EMAIL_PATTERN.test(v), FORM_MESSAGES.paypalInvalid)
    .optional()
    .nullable(),
  isBanned: z.boolean().default(false),
});

export const competitionStateSchema = z.enum(COMPETITION_STATES);
