import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FORM_MESSAGES } from './forms.ts';
import { DATE_WINDOW_START } from './input-bounds.ts';
import {
  PROMOTION_MAX_CREATORS,
  PROMOTION_MESSAGES,
  parseCreatorEmailLines,
  promotionCreatorCount,
  promotionInputSchema,
  promotionSendBlock,
} from './promotions.ts';

/** Dollars with whole cents, as the inputs allow them. */
const dollars = fc.integer({ min: 0, max: 1_000_000_000 }).map((c) => c / 100);

describe('promotionCreatorCount: the remaining balance ÷ the amount per creator', () => {
  it('counts whole creators only', () => {
    expect(promotionCreatorCount(200, 10)).toBe(20);
    expect(promotionCreatorCount(205, 10)).toBe(20);
    expect(promotionCreatorCount(9.99, 10)).toBe(0);
    // Binary fractions would give 2 (0.3 / 0.1 = 2.9999999999999996).
    expect(promotionCreatorCount(0.3, 0.1)).toBe(3);
  });

  it('is 0 when the amount or the balance is not positive', () => {
    expect(promotionCreatorCount(200, 0)).toBe(0);
    expect(promotionCreatorCount(0, 10)).toBe(0);
    expect(promotionCreatorCount(-5, 10)).toBe(0);
    expect(promotionCreatorCount(Number.NaN, 10)).toBe(0);
  });

  it('pays that many creators from the balance and not one more (property)', () => {
    fc.assert(
      fc.property(dollars, dollars, (balance, amount) => {
        const count = promotionCreatorCount(balance, amount);
        const [b, a] = [Math.round(balance * 100), Math.round(amount * 100)];
        if (a === 0) return count === 0;
        return Number.isInteger(count) && count * a <= b && (count + 1) * a > b;
      }),
    );
  });
});

describe('promotionSendBlock: the email goes out only with a positive balance and amount', () => {
  const sendable = { remainingBalance: 200, amount: 10, creatorEmails: ['a@b.test'] };
  it('allows a positive balance and amount with creators', () => {
    expect(promotionSendBlock(sendable)).toBeNull();
  });
  it('names the first reason it cannot be sent', () => {
    expect(promotionSendBlock({ ...sendable, amount: 0 })).toBe('no-amount');
    expect(promotionSendBlock({ ...sendable, amount: 0, remainingBalance: 0 })).toBe('no-amount');
    expect(promotionSendBlock({ ...sendable, remainingBalance: 0 })).toBe('no-balance');
    expect(promotionSendBlock({ ...sendable, creatorEmails: [] })).toBe('no-creators');
    expect(promotionSendBlock({ ...sendable, competitionDeleted: true })).toBe('competition-deleted');
  });
  it('never allows a balance or an amount that is not positive (property)', () => {
    fc.assert(
      fc.property(fc.double(), fc.double(), (remainingBalance, amount) => {
        const block = promotionSendBlock({ remainingBalance, amount, creatorEmails: ['a@b.test'] });
        return block === null
          ? Math.round(remainingBalance * 100) > 0 && Math.round(amount * 100) > 0
          : block === 'no-amount' || block === 'no-balance';
      }),
    );
  });
});

describe('promotionInputSchema', () => {
  const valid = {
    name: ' Summer giveaway ',
    competitionId: 'c1',
    startDate: DATE_WINDOW_START + 1000,
    endDate: DATE_WINDOW_START + 1000,
    isActive: true,
    amount: 10,
    remainingBalance: 200.5,
    creatorEmails: [' Ann@Creators.test', 'ann@creators.test', 'bob@creators.test'],
  };
  const errorsOf = (input: unknown) => {
    const result = promotionInputSchema.safeParse(input);
    return result.success
      ? {}
      : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('trims the name and lists each creator email once, in lower case; the end may equal the start', () => {
    const parsed = promotionInputSchema.parse(valid);
    expect(parsed.name).toBe('Summer giveaway');
    expect(parsed.creatorEmails).toEqual(['ann@creators.test', 'bob@creators.test']);
  });

  it('gives each field its message', () => {
    expect(
      errorsOf({
        ...valid,
        name: ' ',
        competitionId: '',
        amount: -1,
        remainingBalance: 0.001,
        startDate: 0,
        creatorEmails: ['ok@creators.test', 'not an email'],
      }),
    ).toEqual({
      name: PROMOTION_MESSAGES.nameRequired,
      competitionId: PROMOTION_MESSAGES.competitionRequired,
      amount: FORM_MESSAGES.amountInvalid,
      remainingBalance: FORM_MESSAGES.amountInvalid,
      startDate: FORM_MESSAGES.dateOutOfWindow,
      'creatorEmails.1': FORM_MESSAGES.emailInvalid,
    });
    expect(errorsOf({ ...valid, name: 'x'.repeat(201), amount: 10_000_000.01 })).toEqual({
      name: FORM_MESSAGES.textTooLong,
      amount: FORM_MESSAGES.amountInvalid,
    });
  });

  it('refuses an end before the start, and allows open dates', () => {
    expect(errorsOf({ ...valid, endDate: valid.startDate - 1 })).toEqual({
      endDate: PROMOTION_MESSAGES.endBeforeStart,
    });
    expect(promotionInputSchema.safeParse({ ...valid, startDate: null, endDate: null }).success).toBe(true);
  });

  it('takes at most 5,000 creator emails', () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => `c${i}@creators.test`);
    expect(
      promotionInputSchema.safeParse({ ...valid, creatorEmails: many(PROMOTION_MAX_CREATORS) }).success,
    ).toBe(true);
    expect(errorsOf({ ...valid, creatorEmails: many(PROMOTION_MAX_CREATORS + 1) })).toEqual({
      creatorEmails: PROMOTION_MESSAGES.tooManyCreators,
    });
  });
});

describe('parseCreatorEmailLines', () => {
  it('reads one address per line, skips blank lines, lists each once and names the bad lines', () => {
    expect(
      parseCreatorEmailLines('Ann@creators.test\n\n  bob@creators.test \r\nnope\nann@creators.test'),
    ).toEqual({
      emails: ['ann@creators.test', 'bob@creators.test'],
      invalidLines: [4],
    });
  });
});
