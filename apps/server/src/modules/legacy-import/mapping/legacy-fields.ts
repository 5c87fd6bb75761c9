import { COUNT_MAX, MONEY_MAX, TEXT_LIMITS, isWholeCents, isWithinDateWindow } from '@preffy/domain';
import { z } from 'zod';

/**
 * Field rules shared by the legacy tables' mappings (decision 0128): every imported value is
 * held to the bounds of a user's input (input-bounds.ts), with the legacy's own types: Amplify's
 * nulls and absent fields mean the same, numbers may be floats where the legacy stored floats.
 */

const text = (max: number) => z.string().max(max, `longer than ${max} characters`);
export const requiredText = (max: number) => text(max).refine((s) => s.trim() !== '', 'is empty');
export const optionalText = (max: number) =>
  text(max)
    .nullish()
    .transform((s) => (s == null || s.trim() === '' ? null : s));
export const flag = z
  .boolean()
  .nullish()
  .transform((b) => (b ? 1 : 0) as 0 | 1);
export const count = z.number().min(0, 'is negative').max(COUNT_MAX, `is more than ${COUNT_MAX}`);
export const money = z
  .number()
  .min(0, 'is negative')
  .max(MONEY_MAX, `is more than ${MONEY_MAX}`)
  .refine(isWholeCents, 'is not a whole number of cents');
/** Epoch milliseconds (the legacy stores floats) inside the app's date window. */
export const epochMs = z
  .number()
  .refine(isWithinDateWindow, 'is outside the years 2020 to 2100')
  .transform((ms) => Math.round(ms));
export const textList = (maxItems: number, maxLength: number) =>
  z.array(text(maxLength)).max(maxItems, `has more than ${maxItems} items`);

/** An AWSDateTime (ISO 8601, offsets allowed) or an AWSTimestamp (seconds), as epoch ms. */
export const awsTime = z.union([z.string(), z.number()]).transform((value, context) => {
  const ms = typeof value === 'number' ? value * 1000 : Date.parse(value);
  if (!Number.isFinite(ms) || ms < 0 || ms >= Date.UTC(2101, 0, 1)) {
    context.addIssue({ code: 'custom', message: 'is not a date' });
    return z.NEVER;
  }
  return Math.round(ms);
});

/** Amplify's conflict-detection fields, and what every model carries. */
export const amplifyFields = {
  id: requiredText(100),
  __typename: z.string().optional(),
  _version: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullish(),
  _deleted: z.boolean().nullish(),
  _lastChangedAt: z.number().min(0).max(Number.MAX_SAFE_INTEGER).nullish(),
  createdAt: awsTime.nullish(),
  updatedAt: awsTime.nullish(),
  owner: z.string().nullish(),
};

export const TEXT = TEXT_LIMITS;

/** A zod failure as one line: each field with what is wrong with it. */
export function problemsOf(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const field = issue.path.join('.') || 'record';
      if (issue.code === 'unrecognized_keys') return `Unknown field ${issue.keys.join(', ')}`;
      if (issue.code === 'invalid_type')
        // zod names what it received in its message ("received undefined" for an absent field).
        return `${field}: ${/received undefined/.test(issue.message) ? 'is missing' : `should be ${issue.expected}`}`;
      return `${field}: ${issue.message}`;
    })
    .join('; ');
}
