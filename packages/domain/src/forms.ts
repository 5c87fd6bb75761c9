import { z } from 'zod';
import { COMPETITION_STATES, METRICS } from './competitions.ts';
import { isRealDay } from './calendar.ts';
import { isEndDateAllowed } from './dates.ts';
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
  postLinkRequired: "Please enter the post's link",
  paypalInvalid: 'PayPal email is not valid!',
  takePctRange: 'The take percentage must be between 0 and 1',
  reservePastDate: 'Please pick today or a later date',
  pickDate: 'Please pick a date',
} as const;

/** The legacy 'simple email pattern'. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** An http, https or ftp URL. */
export const LINK_PATTERN = /^(https?|ftp):\/\/[^\s/$.?#][^\s]*$/i;

const requiredText = (required: string) => z.string({ error: required }).trim().min(1, { error: required });
/** Required, then a pattern: an empty field shows only the 'required' message. */
const requiredMatching = (required: string, pattern: RegExp, invalid: string) =>
  z.string({ error: required }).trim().min(1, { error: required, abort: true }).regex(pattern, invalid);
const optionalText = z.string().trim().max(10_000).optional().nullable();
const optionalLink = z
  .string()
  .trim()
  .refine((v) => v === '' || LINK_PATTERN.test(v), FORM_MESSAGES.linkInvalid)
  .optional()
  .nullable();
const invoiceAmount = z
  .number({ error: FORM_MESSAGES.invoiceRequired })
  .min(0, FORM_MESSAGES.invoiceNegative);
const epochMs = z.number().int().nonnegative();

const competitionCore = {
  email: requiredMatching(FORM_MESSAGES.artistEmailRequired, EMAIL_PATTERN, FORM_MESSAGES.emailInvalid),
  name: requiredText(FORM_MESSAGES.songTitleRequired),
  organizer: requiredText(FORM_MESSAGES.artistNameRequired),
  audio: requiredMatching(FORM_MESSAGES.songLinkRequired, LINK_PATTERN, FORM_MESSAGES.linkInvalid),
  startDate: epochMs,
  endDate: epochMs,
  invoiceAmount,
  prizes: z.array(z.string().trim().max(200)).max(200),
  isClosed: z.boolean().default(false),
  /** The URL the server answered for an uploaded album image. */
  image: z.string().trim().max(300).nullable().optional(),
};

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
      return Number.isFinite(v?.startDate) && Number.isFinite(v?.endDate);
    },
  },
];

/** Start A Competition: the end date must be at least 7 days after today (business zone). */
export const startCompetitionSchema = (ctx: { now: number; timeZone: string }) =>
  z
    .object({
      ...competitionCore,
      endDate: epochMs.refine((endDate) => isEndDateAllowed(endDate, ctx.now, ctx.timeZone), {
        error: FORM_MESSAGES.endDateTooSoon,
      }),
    })
    .refine(...endAfterStart);

/** Update A Competition: the start form's fields plus the rest of the record. */
export const updateCompetitionSchema = z
  .object({
    ...competitionCore,
    platforms: z.array(z.string().trim().min(1).max(100)).min(1).max(10),
    competitionType: z.enum(PRIZING_TYPES).default('Hybrid'),
    continents: z.array(z.string().trim().min(1).max(50)).max(10),
    countries: z.array(z.string().trim().length(2)).max(260).nullable(),
    isDirect: z.boolean(),
    is555: z.boolean(),
    creativeDirection: optionalText,
    notes: optionalText,
    category: optionalText,
    takePct: z
      .number({ error: FORM_MESSAGES.numeric })
      .min(0, FORM_MESSAGES.takePctRange)
      .max(1, FORM_MESSAGES.takePctRange)
      .default(1),
    event: optionalText,
    metric: z.enum(METRICS).default('likes'),
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
  day: z.string({ error: FORM_MESSAGES.pickDate }).refine(isRealDay, FORM_MESSAGES.pickDate),
  organizer: requiredText(FORM_MESSAGES.artistNameRequired),
  songName: optionalText,
  invoiceAmount: z.number({ error: FORM_MESSAGES.numeric }).gt(0, FORM_MESSAGES.invoiceAboveZero),
  isGlobal: z.boolean().default(true),
  territories: optionalText,
  creativeDirection: z.boolean().default(false),
  creativeDirectionRequired: z.boolean().default(false),
  languageRequirement: z.boolean().default(false),
  language: optionalText,
  notes: optionalText,
});

export const INQUIRY_STATUSES = ['Unseen', 'In Progress', 'Completed'] as const;
export const PHONE_PATTERN = /^\+?[\d\s().-]{5,30}$/;

/** Update Inquiry: the legacy messages; the phone now has the rule its message promised. */
export const updateInquirySchema = z.object({
  firstName: requiredText(FORM_MESSAGES.firstNameInvalid),
  lastName: requiredText(FORM_MESSAGES.lastNameInvalid),
  email: requiredMatching(
    FORM_MESSAGES.inquiryEmailInvalid,
    EMAIL_PATTERN,
    FORM_MESSAGES.inquiryEmailInvalid,
  ),
  phone: z
    .string()
    .trim()
    .refine((v) => v === '' || PHONE_PATTERN.test(v), FORM_MESSAGES.phoneInvalid)
    .optional()
    .nullable(),
  assignedToEmail: z
    .string()
    .trim()
    .regex(EMAIL_PATTERN, FORM_MESSAGES.inquiryEmailInvalid)
    .nullable()
    .optional(),
  status: z.enum(INQUIRY_STATUSES, { error: FORM_MESSAGES.inquiryStatusInvalid }),
});

/** Posts admin edit modal. */
export const editPostSchema = z.object({
  email: requiredMatching(FORM_MESSAGES.creatorEmailRequired, EMAIL_PATTERN, FORM_MESSAGES.emailInvalid),
  creator: requiredText(FORM_MESSAGES.creatorRequired),
  likes: z.number({ error: FORM_MESSAGES.likesRequired }).min(0, FORM_MESSAGES.likesRequired),
  link: requiredMatching(FORM_MESSAGES.postLinkRequired, LINK_PATTERN, FORM_MESSAGES.linkInvalid),
  isDeleted: z.boolean().default(false),
});

/** A creator's entry on the public competition page (and staff adding one by hand). */
export const submitPostSchema = z.object({
  email: requiredMatching(FORM_MESSAGES.creatorEmailRequired, EMAIL_PATTERN, FORM_MESSAGES.emailInvalid),
  creator: requiredText(FORM_MESSAGES.creatorRequired)
    .max(100)
    .transform((v) => v.replace(/^@+/, '')),
  link: requiredText(FORM_MESSAGES.postLinkRequired).pipe(z.string().max(500)),
});

/** Add A Winner. */
export const createWinnerSchema = z.object({
  email: requiredMatching(FORM_MESSAGES.creatorEmailRequired, EMAIL_PATTERN, FORM_MESSAGES.emailInvalid),
  paypal: z
    .string()
    .trim()
    .refine((v) => v === '' || EMAIL_PATTERN.test(v), FORM_MESSAGES.paypalInvalid)
    .optional()
    .nullable(),
  isBanned: z.boolean().default(false),
});

export const competitionStateSchema = z.enum(COMPETITION_STATES);
