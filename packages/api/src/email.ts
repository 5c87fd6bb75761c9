import { z } from 'zod';
import { LANGUAGES } from './account.ts';
import { endpointsOf } from './endpoint.ts';
import { pageQuerySchema, pagedList } from './paging.ts';

/** Every kind of email the product sends (the server's templates define exactly these). */
export const EMAIL_KIND_NAMES = [
  'password-reset',
  'invitation',
  'sign-in-link',
  'winner-notice',
  'new-competition',
  'giveaway-promotion',
  'outreach',
  'bulk-fancy',
  'bulk-promotion',
  'bulk-basic',
  'reservation-notice',
  'hold-conflict',
  'post-disqualification',
  'inquiry-assignment',
] as const;
export type EmailKindName = (typeof EMAIL_KIND_NAMES)[number];

/**
 * The Email page's bulk emails about a competition: its three types (Fancy, Promotion, Basic)
 * and the new-competition announcement, also sent from the competitions' row menu.
 */
export const BULK_TYPES = ['fancy', 'promotion', 'basic', 'new-competition'] as const;
export type BulkType = (typeof BULK_TYPES)[number];

/** The message kind each bulk type sends (its sample is the preview before a competition is picked). */
export const BULK_KINDS = {
  fancy: 'bulk-fancy',
  promotion: 'bulk-promotion',
  basic: 'bulk-basic',
  'new-competition': 'new-competition',
} as const satisfies Record<BulkType, EmailKindName>;

/** Why an announcement is refused: a competition on hold may still move or be dropped. */
export const ANNOUNCE_UNCONFIRMED_MESSAGE =
  'This competition is on hold: confirm it before announcing it to subscribers';

/**
 * Why a bulk email about a competition is refused: its link leads to the competition's public
 * page, which a hold does not have and an ended or closed competition no longer enters.
 */
export const BULK_COMPETITION_MESSAGES = {
  onHold: ANNOUNCE_UNCONFIRMED_MESSAGE,
  notTakingEntries: 'This competition no longer takes entries: pick one that is open or coming up',
} as const;

/** A message as its recipients get it: what the previews show. */
export const renderedEmailSchema = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  marketing: z.boolean(),
});
export type RenderedEmail = z.infer<typeof renderedEmailSchema>;

/** A bulk-email recipient: a winner who is not unsubscribed or banned. */
export const subscriberSchema = z.object({
  id: z.string(),
  email: z.string(),
  paypal: z.string().nullable(),
  balance: z.number(),
  isVetted: z.boolean(),
});
export type Subscriber = z.infer<typeof subscriberSchema>;

export const listSubscribersQuerySchema = pageQuerySchema.extend({
  sortBy: z.enum(['email', 'balance', 'createdAt']).default('email'),
});
export type ListSubscribersQuery = z.infer<typeof listSubscribersQuerySchema>;

/** Who gets a bulk email: listed addresses, or every subscriber matching a search but the excluded. */
export const bulkSelectionSchema = z.union([
  z.object({ emails: z.array(z.email()).min(1).max(100_000) }),
  z.object({
    all: z.literal(true),
    search: z.string().max(200).optional(),
    exclude: z.array(z.email().max(254)).max(100_000).optional(),
  }),
]);
export type BulkSelection = z.infer<typeof bulkSelectionSchema>;

const competitionId = z.string().min(1, 'Please choose a competition').max(100);

/** The plain-text outreach: a one-line subject and a message an admin writes by hand. */
export const OUTREACH_LIMITS = { subject: 200, text: 10_000 } as const;
export const OUTREACH_MESSAGES = {
  subjectRequired: 'Please enter a subject',
  subjectTooLong: `The subject can be at most ${OUTREACH_LIMITS.subject} characters`,
  subjectOneLine: 'The subject must be one line',
  textRequired: 'Please enter the message',
  textTooLong: `The message can be at most ${OUTREACH_LIMITS.text.toLocaleString('en-US')} characters`,
} as const;
export const outreachBodySchema = z.object({
  // One line as sent, before trimming: a line break in a header is refused, never quietly cut.
  subject: z
    .string()
    .regex(/^[^\r\n]*$/, OUTREACH_MESSAGES.subjectOneLine)
    .trim()
    .min(1, OUTREACH_MESSAGES.subjectRequired)
    .max(OUTREACH_LIMITS.subject, OUTREACH_MESSAGES.subjectTooLong),
  text: z
    .string()
    .trim()
    .min(1, OUTREACH_MESSAGES.textRequired)
    .max(OUTREACH_LIMITS.text, OUTREACH_MESSAGES.textTooLong),
  selection: bulkSelectionSchema,
});
export type OutreachBody = z.infer<typeof outreachBodySchema>;

/** What a bulk send did: one message, how many recipients it queued and skipped. */
const bulkSentSchema = z.object({ messageId: z.string(), queued: z.number(), skipped: z.number() });
const language = z.enum(LANGUAGES).default('en');
/** The one-click unsubscribe link's signed address (e) and signature (t). */
const unsubscribeQuery = z.object({ e: z.string().min(1).max(500), t: z.string().min(1).max(200) });

const { admin, anyone } = endpointsOf(['email']);

export const email = {
  kinds: admin.get('/api/email/kinds', {
    summary: 'Every kind of email the product sends',
    responses: {
      200: z.object({ items: z.array(z.object({ kind: z.enum(EMAIL_KIND_NAMES), marketing: z.boolean() })) }),
    },
  }),
  preview: admin.get('/api/email/preview/:kind', {
    summary: 'A message kind rendered with sample data',
    params: z.object({ kind: z.enum(EMAIL_KIND_NAMES) }),
    query: z.object({ language }),
    responses: { 200: renderedEmailSchema },
  }),
  bulkPreview: admin.get('/api/email/bulk/preview', {
    summary:
      'A Fancy, Promotion, Basic or new-competition email for a competition, as recipients will get it',
    query: z.object({ type: z.enum(BULK_TYPES), competitionId, language }),
    responses: { 200: renderedEmailSchema },
  }),
  subscribers: admin.get('/api/email/subscribers', {
    summary: 'Subscribers (winners who are not unsubscribed or banned), paged and sortable',
    ...pagedList(listSubscribersQuerySchema, subscriberSchema),
  }),
  competitions: admin.get('/api/email/competitions', {
    summary: 'Competitions to pick for a bulk email (at most 20 matches, and the one included)',
    query: z.object({
      search: z.string().trim().max(200).optional(),
      /** A competition already picked (by the row menu): listed whether it matches or not. */
      include: z.string().max(100).optional(),
    }),
    responses: {
      200: z.object({
        items: z.array(
          z.object({ id: z.string(), name: z.string(), organizer: z.string(), isConfirmed: z.boolean() }),
        ),
      }),
    },
  }),
  sendBulk: admin.post('/api/email/bulk', {
    // Five parallel sends once queued every subscriber five times: one key, one send, and no
    // send without a key (decision 0119).
    idempotent: 'required',
    summary:
      'Send a Fancy, Promotion, Basic or new-competition email to selected subscribers (an announcement ' +
      'only of a confirmed competition)',
    body: z.object({ type: z.enum(BULK_TYPES), competitionId, selection: bulkSelectionSchema }),
    responses: { 202: bulkSentSchema },
  }),
  sendOutreach: admin.post('/api/email/outreach', {
    idempotent: 'required',
    summary:
      'Send a plain-text email (text/plain, no HTML part) to selected subscribers; unsubscribed and ' +
      'banned addresses are skipped',
    body: outreachBodySchema,
    responses: { 202: bulkSentSchema },
  }),
  /** The link in every marketing email: a page, not JSON. */
  unsubscribe: anyone.get('/api/email/unsubscribe', {
    summary: 'One-click unsubscribe link',
    query: unsubscribeQuery,
    produces: 'text/html',
    responses: {},
  }),
  /** What mail clients post (RFC 8058), without cookies, hence no CSRF token; also the page's undo. */
  unsubscribeOneClick: anyone.post('/api/email/unsubscribe', {
    csrf: false,
    summary: 'RFC 8058 one-click unsubscribe (and undo)',
    query: unsubscribeQuery.extend({ resubscribe: z.enum(['0', '1']).default('0') }),
    produces: 'text/html',
    responses: {},
  }),
};
