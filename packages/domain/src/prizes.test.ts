import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  expandPrizeSlots,
  parsePrizeLine,
  prizeBudget,
  prizePoolFromInvoice,
  prizeTemplate,
  prizeTotal,
} from './prizes.ts';

describe('prizePoolFromInvoice', () => {
  it('takes 66.7% (rounded) of invoices above 1500', () => {
    expect(prizePoolFromInvoice(3000)).toBe(2001);
    expect(prizePoolFromInvoice(1501)).toBe(1001);
    expect(prizePoolFromInvoice(10000)).toBe(6670);
  });
  it('takes the invoice minus 500 up to 1500, never below 0', () => {
    expect(prizePoolFromInvoice(1500)).toBe(1000);
    expect(prizePoolFromInvoice(800)).toBe(300);
    expect(prizePoolFromInvoice(300)).toBe(0);
    expect(prizePoolFromInvoice(0)).toBe(0);
    expect(prizePoolFromInvoice(-50)).toBe(0);
  });
  it('is never negative and never more than the invoice', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e7, noNaN: true }), (invoice) => {
        const pool = prizePoolFromInvoice(invoice);
        expect(pool).toBeGreaterThanOrEqual(0);
        expect(pool).toBeLessThanOrEqual(Math.max(0, Math.round(invoice)));
      }),
    );
  });
});

describe('prizeBudget', () => {
  it('on Start is the pool rule: 66.7% rounded above 1500, else the invoice minus 500', () => {
    expect(prizeBudget('create', 3000)).toBe(2001);
    expect(prizeBudget('create', 1500)).toBe(1000);
    expect(prizeBudget('create', 800)).toBe(300);
  });
  it('on Update is 66.7% of any invoice, to the cent (doc 2 §9)', () => {
    expect(prizeBudget('update', 3000)).toBe(2001);
    expect(prizeBudget('update', 1500)).toBe(1000.5);
    expect(prizeBudget('update', 800)).toBe(533.6);
    expect(prizeBudget('update', 1234)).toBe(823.08);
    expect(prizeBudget('update', 0)).toBe(0);
    expect(prizeBudget('update', -50)).toBe(0);
    expect(prizeBudget('update', Number.NaN)).toBe(0);
  });
});

describe('prizeTemplate', () => {
  it('Creative under 3000: Top 20 Most Creative 80% over 20, Best Lip Sync 10%, Best Dance 10%', () => {
    expect(prizeTemplate('Creative', 1000)).toEqual([
      'Top 20 Most Creative: $40',
      'Best Lip Sync: $100',
      'Best Dance: $100',
    ]);
  });
  it('Creative from 3000: Top 50 Most Creative over 50', () => {
    expect(prizeTemplate('Creative', 3000)).toEqual([
      'Top 50 Most Creative: $48',
      'Best Lip Sync: $300',
      'Best Dance: $300',
    ]);
  });
  it('Hybrid under 2000', () => {
    expect(prizeTemplate('Hybrid', 1000)).toEqual([
      '1st-5th Place: $70',
      '6th-10th Place: $30',
      '11th-15th Place: $20',
      '16th-25th Place: $10',
      'Top 30 Most Creative: $10',
    ]);
  });
  it('Hybrid from 2000, with ranges that do not overlap and a label that matches its divisor', () => {
    expect(prizeTemplate('Hybrid', 2001)).toEqual([
      '1st-5th Place: $120',
      '6th-10th Place: $60',
      '11th-20th Place: $40',
      '21st-30th Place: $20',
      'Top 50 Most Creative: $10',
    ]);
  });
  it('treats any other type as Hybrid', () => {
    expect(prizeTemplate('Mystery', 1000)).toEqual(prizeTemplate('Hybrid', 1000));
  });
  it('Engagement: 1st-5th 30%, 6th-10th 20%, 11th-15th 10%, 16th-55th 40% over 40', () => {
    expect(prizeTemplate('Engagement', 4000)).toEqual([
      '1st-5th Place: $240',
      '6th-10th Place: $160',
      '11th-15th Place: $80',
      '16th-55th Place: $40',
    ]);
  });
  it('never exceeds the pool, and no two rank ranges overlap', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('Hybrid', 'Engagement', 'Creative'),
        fc.integer({ min: 0, max: 1_000_000 }),
        (type, pool) => {
          const lines = prizeTemplate(type, pool);
          expect(prizeTotal(lines).errors).toEqual([]);
          expect(prizeTotal(lines).total).toBeLessThanOrEqual(pool);
          const ranks = expandPrizeSlots(lines).flatMap((s) => (s.rank ? [s.rank] : []));
          expect(new Set(ranks).size).toBe(ranks.length);
        },
      ),
    );
  });
});

describe('parsePrizeLine', () => {
  it('reads amounts with commas and decimals', () => {
    expect(parsePrizeLine('1st Place: $1,250.50')).toEqual({
      ok: true,
      value: { label: '1st Place', amount: 1250.5, places: 1 },
    });
  });
  it('counts the places of ranges, Top N and First N', () => {
    const places = (line: string) => (parsePrizeLine(line) as { value: { places: number } }).value.places;
    expect(places('3rd-5th Place: $50')).toBe(3);
    expect(places('16th-55th Place: $40')).toBe(40);
    expect(places('Top 20 Most Creative: $40')).toBe(20);
    expect(places('First 30 Creators: $10')).toBe(30);
    expect(places('Best Dance: $100')).toBe(1);
  });
  it('does not multiply follower ranges', () => {
    expect(parsePrizeLine('10k-50k Followers: $50')).toEqual({
      ok: true,
      value: { label: '10k-50k Followers', amount: 50, places: 1 },
    });
  });
  it('reports lines without a valid amount and backwards ranges', () => {
    expect(parsePrizeLine('1st Place: TBD').ok).toBe(false);
    expect(parsePrizeLine('1st Place: $').ok).toBe(false);
    expect(parsePrizeLine('5th-1st Place: $10').ok).toBe(false);
  });
  it('refuses a line paying more than 1,000 places (it would make millions of slots to fill)', () => {
    expect(parsePrizeLine('1st-1000th Place: $1').ok).toBe(true);
    expect(parsePrizeLine('1st-1001st Place: $1').ok).toBe(false);
    expect(parsePrizeLine('Top 2000000 Most Creative: $1').ok).toBe(false);
    expect(expandPrizeSlots(['1st-2000000th Place: $1', '1st Place: $5'])).toHaveLength(1);
  });
});

describe('prizeTotal', () => {
  it('sums amount × places: the defaults come to 600', () => {
    expect(prizeTotal(['1st Place: $200', '2nd Place: $100', 'First 30 Creators: $10'])).toEqual({
      total: 600,
      errors: [],
    });
  });
  it('reports invalid lines instead of counting them as 0, and ignores blank lines', () => {
    const result = prizeTotal(['1st Place: $200', 'Best Dance: free tickets', '']);
    expect(result.total).toBe(200);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatchObject({ index: 1, line: 'Best Dance: free tickets' });
  });
  it('adds cents exactly', () => {
    expect(prizeTotal(['A: $0.10', 'B: $0.20']).total).toBe(0.3);
  });
});

describe('expandPrizeSlots', () => {
  it('gives one slot per place, in order, with its kind and rank', () => {
    const slots = expandPrizeSlots([
      '1st Place: $200',
      '2nd-3rd Place: $50',
      'Top 2 Most Creative: $20',
      'Best Dance: $30',
      'First 2 Creators: $5',
    ]);
    expect(slots.map((s) => [s.kind, s.rank ?? null, s.amount])).toEqual([
      ['rank', 1, 200],
      ['rank', 2, 50],
      ['rank', 3, 50],
      ['creative', null, 20],
      ['creative', null, 20],
      ['creative', null, 30],
      ['first-come', null, 5],
      ['first-come', null, 5],
    ]);
  });
  it("expands 'First N Creators' into N paid first-come places of the amount each (decision 0100)", () => {
    const slots = expandPrizeSlots(['First 10 Creators: $20']);
    expect(slots).toHaveLength(10);
    for (const slot of slots) expect(slot).toMatchObject({ kind: 'first-come', amount: 20 });
    expect(slots.reduce((sum, s) => sum + s.amount, 0)).toBe(200);
    expect(prizeTotal(['First 10 Creators: $20']).total).toBe(200);
  });
  it('has as many slots as the places prizeTotal counts', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('Hybrid', 'Engagement', 'Creative'),
        fc.integer({ min: 0, max: 100_000 }),
        (type, pool) => {
          const lines = prizeTemplate(type, pool);
          const slots = expandPrizeSlots(lines);
          const total = slots.reduce((sum, s) => sum + s.amount, 0);
          expect(total).toBe(prizeTotal(lines).total);
        },
      ),
    );
  });
});
