import type { Promotion } from '@preffy/api';
import { competitionTimeOn, parseCreatorEmailLines, promotionInputSchema } from '@preffy/domain';
import { zodValidate } from '../../components/forms/zod-validate.ts';
import { dayOf } from '../../lib/format.ts';
import type { PromotionBody } from './api/promotions.ts';

/** What the promotion form edits: days instead of times, the creator emails one per line. */
export type PromotionFormValues = {
  name: string;
  competitionId: string | null;
  startDay: string | null;
  endDay: string | null;
  isActive: boolean;
  /** '' while the input is empty: the schema answers 'Please enter …'. */
  amount: number | string;
  remainingBalance: number | string;
  creatorEmailsText: string;
};

export const EMPTY_PROMOTION: PromotionFormValues = {
  name: '',
  competitionId: null,
  startDay: null,
  endDay: null,
  isActive: true,
  amount: '',
  remainingBalance: '',
  creatorEmailsText: '',
};

/** A stored promotion as the form shows it. */
export const valuesOf = (p: Promotion, timeZone: string): PromotionFormValues => ({
  name: p.name,
  competitionId: p.competitionId,
  startDay: p.startDate === null ? null : dayOf(p.startDate, timeZone),
  endDay: p.endDate === null ? null : dayOf(p.endDate, timeZone),
  isActive: p.isActive,
  amount: p.amount,
  remainingBalance: p.remainingBalance,
  creatorEmailsText: p.creatorEmails.join('\n'),
});

const moneyOf = (v: number | string) => (v === '' ? undefined : Number(v));
/** Promotions, like competitions, start and end at 15:00 in the business time zone. */
const timeOf = (day: string | null, timeZone: string) => (day ? competitionTimeOn(day, timeZone) : null);

/** The request body of the form's values (the server checks it again). */
export const bodyOf = (v: PromotionFormValues, timeZone: string): PromotionBody =>
  ({
    name: v.name,
    competitionId: v.competitionId ?? '',
    startDate: timeOf(v.startDay, timeZone),
    endDate: timeOf(v.endDay, timeZone),
    isActive: v.isActive,
    amount: moneyOf(v.amount),
    remainingBalance: moneyOf(v.remainingBalance),
    creatorEmails: parseCreatorEmailLines(v.creatorEmailsText).emails,
  }) as PromotionBody;

/** The server's fields and the inputs that show their messages. */
export const FIELD_INPUTS: Record<string, keyof PromotionFormValues> = {
  startDate: 'startDay',
  endDate: 'endDay',
  creatorEmails: 'creatorEmailsText',
};

/**
 * The form's checks: the domain's promotionInputSchema (the server's rules and messages), with
 * each message put on the input that shows it, and the creator email lines that are not
 * addresses named by their line numbers (`invalidLines` words that message).
 */
export function validatePromotion(
  timeZone: string,
  invalidLines: (lines: number[]) => string,
): (values: PromotionFormValues) => Record<string, string> {
  const schemaErrors = zodValidate<PromotionFormValues>(promotionInputSchema, (v) => bodyOf(v, timeZone));
  return (values) => {
    const errors: Record<string, string> = {};
    for (const [path, message] of Object.entries(schemaErrors(values))) {
      const field = path.split('.')[0]!;
      errors[FIELD_INPUTS[field] ?? field] ??= message;
    }
    const bad = parseCreatorEmailLines(values.creatorEmailsText).invalidLines;
    if (bad.length > 0) errors.creatorEmailsText = invalidLines(bad);
    return errors;
  };
}
