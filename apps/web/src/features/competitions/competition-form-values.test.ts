import fc from 'fast-check';
import { updateCompetitionSchema, FORM_MESSAGES } from '@preffy/domain';
import { describe, expect, it } from 'vitest';
import { multiplierOf, percentOf } from './competition-form-values.ts';

describe('Take Percentage: entered as a percentage, stored as the multiplier', () => {
  it('shows a stored multiplier as a percentage without float noise', () => {
    expect(percentOf(1)).toBe(100);
    expect(percentOf(0.8)).toBe(80);
    expect(percentOf(0.07)).toBe(7);
    expect(percentOf(0.125)).toBe(12.5);
  });

  it('stores 80 as 0.8, and keeps the multiplier of any 0.1% step through a round trip', () => {
    expect(multiplierOf(80)).toBe(0.8);
    expect(multiplierOf('')).toBeUndefined();
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), (tenths) => {
        const stored = tenths / 1000;
        expect(multiplierOf(percentOf(stored))).toBe(stored);
      }),
    );
  });

  it('never clamps: 180 stays 1.8 and the rule refuses it with the percentage message', () => {
    expect(multiplierOf(180)).toBe(1.8);
    const result = updateCompetitionSchema.safeParse({ takePct: multiplierOf(180) });
    expect(result.success).toBe(false);
    const issue = result.error!.issues.find((i) => i.path[0] === 'takePct');
    expect(issue?.message).toBe(FORM_MESSAGES.takePctRange);
    expect(FORM_MESSAGES.takePctRange).toBe('The take percentage must be between 0% and 100%');
  });
});
