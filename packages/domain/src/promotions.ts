import { z } from 'zod';
import { EMAIL_PATTERN, FORM_MESSAGES } from './forms.ts';
import { DATE_WINDOW_END, DATE_WINDOW_START, MONEY_MAX, TEXT_LIMITS, isWholeCents } from './input-bounds.ts';

/**
 * Promotions (doc 1 sections 3, 5 and 9; doc 2 'Promotion'): a competition's giveaway pot
 * (remainingBalance) paid out `amount` per creator, advertised to a list of creator emails.
 */

/** A promotion's creator list holds at most this many addresses (one bulk email). */
export const PROMOTION_MAX_CREATORS = 5000;

/** The messages of the promotion form and of Send promotion email, as the server writes them. */
export const PROMOTION_MESSAGES = {
  nameRequired: "Please enter the promotion's name",
  competitionRequired: 'Please choose a competition',
  competitionMissing: 'This competition does not exist or was deleted',
  endBeforeStart: 'The end date cannot be before the start date',
  amountRequired: 'Please enter the amount per creator',
  balanceRequired: 'Please enter the remaining balance',
  tooManyCreators: 'Please keep to 5,000 creator emails',
  noAmount: 'The amount per creator must be above 0 to send the promotion email',
  noBalance: 'The remaining balance must be above 0 to send the promotion email',
  noCreators: 'Add creator emails to send the promotion email',
  competitionDeleted: "This promotion's competition was deleted",
} as const;

/** Whole cents of a dollar amount (amounts are stored as doubles with cents). */
const cents = (dollars: number) => Math.round(dollars * 100);

/**
 * How many creators the promotion pays: the remaining balance ÷ the amount per creator, whole
 * creators only (doc 1 section 9), 0 when the amount is not positive. Counted in cents so that
 * $0.30 ÷ $0.10 is 3, not the 2 that binary fractions would give.
 */
export function promotionCreatorCount(remainingBalance: number, amount: number): number {
  const per = cents(amount);
  const total = cents(remainingBalance);
  if (!Number.isFinite(per) || !Number.isFinite(total) || per <= 0 || total <= 0) return 0;
  return Math.floor(total / per);
}

/** Why Send promotion email is refused, checked in this order; null when it may be sent. */
export const PROMOTION_SEND_BLOCKS = [
  'no-amount',
  'no-balance',
  'no-creators',
  'competition-deleted',
] as const;
export type PromotionSendBlock = (typeof PROMOTION_SEND_BLOCKS)[number];

/**
 * The promotion email is sent only if the remaining balance and the amount are both positive
 * (doc 1 section 5), to a list that is not empty, about a competition that still exists.
 */
export function promotionSendBlock(p: {
  remainingBalance: number;
  amount: number;
  creatorEmails: readonly string[];
  competitionDeleted?: boolean;
}): PromotionSendBlock | null {
  if (!(cents(p.amount) > 0)) return 'no-amount';
  if (!(cents(p.remainingBalance) > 0)) return 'no-balance';
  if (p.creatorEmails.length === 0) return 'no-creators';
  if (p.competitionDeleted) return 'competition-deleted';
  return null;
}

/** The server's message for each refusal (the web shows its own translated reason beside the action). */
export const PROMOTION_SEND_BLOCK_MESSAGES: Record<PromotionSendBlock, string> = {
  'no-amount': PROMOTION_MESSAGES.noAmount,
  'no-balance': PROMOTION_MESSAGES.noBalance,
  'no-creators': PROMOTION_MESSAGES.noCreators,
  'competition-deleted': PROMOTION_MESSAGES.competitionDeleted,
};

/** One creator email as stored: trimmed and in lower case. */
export const normaliseCreatorEmail = (email: string) => email.trim().toLowerCase();

/** A creator email is a plain address (the legacy 'simple email pattern') of at most 254 characters. */
export const isCreatorEmail = (email: string) =>
  email.length <= TEXT_LIMITS.email && EMAIL_PATTERN.test(email);

/** Dollars with whole cents, 0 to MONEY_MAX (decision 0014). */
const money = (required: string) =>
  z
    .number({ error: required })
    .min(0, { error: FORM_MESSAGES.amountInvalid, abort: true })
    .max(MONEY_MAX, { error: FORM_MESSAGES.amountInvalid, abort: true })
    .refine(isWholeCents, FORM_MESSAGES.amountInvalid);

/** An optional instant inside the date window. */
const optionalDate = z
  .number({ error: FORM_MESSAGES.pickDate })
  .int({ error: FORM_MESSAGES.dateOutOfWindow, abort: true })
  .min(DATE_WINDOW_START, { error: FORM_MESSAGES.dateOutOfWindow, abort: true })
  .max(DATE_WINDOW_END - 1, { error: FORM_MESSAGES.dateOutOfWindow, abort: true })
  .nullable();

/**
 * Create and edit a promotion. Creator emails are trimmed, put in lower case and listed once;
 * each one that is not an address gets its own message (path creatorEmails.<index>).
 */
export const promotionInputSchema = z
  .object({
    name: z
      .string({ error: PROMOTION_MESSAGES.nameRequired })
      .trim()
      .min(1, { error: PROMOTION_MESSAGES.nameRequired })
      .max(TEXT_LIMITS.name, { error: FORM_MESSAGES.textTooLong }),
    competitionId: z
      .string({ error: PROMOTION_MESSAGES.competitionRequired })
      .trim()
      .min(1, { error: PROMOTION_MESSAGES.competitionRequired })
      .max(100, { error: PROMOTION_MESSAGES.competitionMissing }),
    startDate: optionalDate,
    endDate: optionalDate,
    isActive: z.boolean().default(false),
    amount: money(PROMOTION_MESSAGES.amountRequired),
    remainingBalance: money(PROMOTION_MESSAGES.balanceRequired),
    creatorEmails: z
      .array(
        z
          .string({ error: FORM_MESSAGES.emailInvalid })
          .max(TEXT_LIMITS.email, { error: FORM_MESSAGES.emailInvalid, abort: true })
          .transform(normaliseCreatorEmail)
          .refine(isCreatorEmail, FORM_MESSAGES.emailInvalid),
      )
      .max(PROMOTION_MAX_CREATORS, { error: PROMOTION_MESSAGES.tooManyCreators })
      .transform((emails) => [...new Set(emails)]),
  })
  .refine((p) => p.startDate === null || p.endDate === null || p.endDate >= p.startDate, {
    error: PROMOTION_MESSAGES.endBeforeStart,
    path: ['endDate'],
    // Only once both dates passed their own checks, so a bad date shows one message.
    when: (payload) => {
      const v = payload.value as { startDate?: unknown; endDate?: unknown } | null;
      return optionalDate.safeParse(v?.startDate).success && optionalDate.safeParse(v?.endDate).success;
    },
  });
export type PromotionInput = z.infer<typeof promotionInputSchema>;

/**
 * The creator emails textarea: one address per line, blank lines ignored. Gives the addresses
 * (normalised, once each) and the 1-based line numbers that are not addresses.
 */
export function parseCreatorEmailLines(text: string): { emails: string[]; invalidLines: number[] } {
  const emails = new Set<string>();
  const invalidLines: number[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    const email = normaliseCreatorEmail(line);
    if (email === '') return;
    if (isCreatorEmail(email)) emails.add(email);
    else invalidLines.push(index + 1);
  });
  return { emails: [...emails], invalidLines };
}
