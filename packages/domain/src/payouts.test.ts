import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PAYOUT_CSV_COLUMNS,
  type PayoutRow,
  chunkRows,
  creatorPayout,
  csvCell,
  neutraliseFormula,
  payoutCsv,
  payoutCsvAmount,
  payoutCsvFiles,
  paymentRecordAmount,
} from './payouts.ts';

describe('payout amounts', () => {
  it('pays creators 80% of the prize, rounded to cents', () => {
    expect(creatorPayout(200)).toBe(160);
    expect(creatorPayout(10.01)).toBe(8.01);
    expect(creatorPayout(33.33)).toBe(26.66);
  });
  it("puts the full prize in the CSV for 'genni' winners, 80% for everyone else", () => {
    expect(payoutCsvAmount(200, 'genni')).toBe(200);
    expect(payoutCsvAmount(200, 'Genni')).toBe(200);
    expect(payoutCsvAmount(200, '')).toBe(160);
    expect(payoutCsvAmount(200, null)).toBe(160);
  });
  it("records prize × takePct for 'genni' winners and 80% for the rest", () => {
    expect(paymentRecordAmount(200, 'genni', 0.5)).toBe(100);
    expect(paymentRecordAmount(200, 'genni')).toBe(200);
    expect(paymentRecordAmount(200, 'preffy', 0.5)).toBe(160);
  });
  it('never pays a creator more than the prize, nor less than 80% minus half a cent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (cents) => {
        const prize = cents / 100;
        const paid = creatorPayout(prize);
        expect(paid).toBeLessThanOrEqual(prize);
        expect(Math.abs(paid - prize * 0.8)).toBeLessThanOrEqual(0.005 + 1e-9);
      }),
    );
  });
});

describe('payoutCsv', () => {
  it("has PayPal's columns in order, USD, the preffy reference and two-decimal amounts", () => {
    const csv = payoutCsv([{ email: 'ann@example.com', amount: 160, competitionId: 'c-1', note: 'Thanks!' }]);
    const [header, row] = csv.trimEnd().split('\r\n');
    expect(header).toBe(PAYOUT_CSV_COLUMNS.join(','));
    expect(PAYOUT_CSV_COLUMNS).toEqual([
      'Email/Phone',
      'Amount',
      'Currency code',
      'Reference ID (optional)',
      'Note to recipient',
      'Recipient wallet',
      'Social Feed Privacy (optional)',
      'Holler URL (deprecated)',
      'Logo URL (optional)',
    ]);
    expect(row).toBe('ann@example.com,160.00,USD,preffy id:c-1,Thanks!,PayPal,,,');
  });
  it('quotes commas, quotes and newlines', () => {
    const csv = payoutCsv([
      { email: 'a@b.co', amount: 8.5, competitionId: 'x', note: 'Well done, "Ann"\nsee you' },
    ]);
    expect(csv).toContain('8.50,USD,preffy id:x,"Well done, ""Ann""\nsee you",PayPal');
  });
  it('neutralises cells a spreadsheet would run as formulas', () => {
    for (const start of ['=', '+', '-', '@']) {
      const csv = payoutCsv([
        { email: `${start}cmd@x.io`, amount: 1, competitionId: '1', note: `${start}SUM(A1)` },
      ]);
      const row = csv.split('\r\n')[1]!;
      expect(row.startsWith(`'${start}cmd@x.io`)).toBe(true);
      expect(row).toContain(`'${start}SUM(A1)`);
    }
  });
  it('neutralises formulas after leading spaces and in full-width signs too', () => {
    for (const value of [
      ' =1+1',
      '  @SUM(A1)',
      '\u00a0+cmd',
      '\uFF1D1+1',
      '\uFF0BA1',
      '\uFF0DA1',
      '\uFF20A1',
      '\tx',
      '\rx',
    ])
      expect(neutraliseFormula(value)).toBe(`'${value}`);
  });
  it('leaves numbers as numbers: a negative amount and a phone recipient keep their sign', () => {
    for (const value of ['-80', '-0.5', '+12125550123', '42']) expect(neutraliseFormula(value)).toBe(value);
    const csv = payoutCsv([{ email: '+12125550123', amount: 8, competitionId: 'x' }]);
    expect(csv.split('\r\n')[1]!.startsWith('+12125550123,8.00,USD')).toBe(true);
    // Sums and ranges are formulas, whatever they start with.
    for (const value of ['-1-2', '+1+1', '-A1']) expect(neutraliseFormula(value)).toBe(`'${value}`);
  });
  it('quotes a cell with a semicolon, so semicolon locales do not split it', () => {
    expect(csvCell('a;=1+1')).toBe('"a;=1+1"');
    expect(payoutCsv([{ email: 'a@b.co', amount: 1, competitionId: 'x', note: 'hi;there' }])).toContain(
      ',"hi;there",',
    );
  });
  it('never leaves a cell a spreadsheet would run, whatever the text', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const cell = neutraliseFormula(s);
        const runs =
          /^\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|^[\t\r]/.test(cell) && !/^[+-]?\d+(\.\d+)?$/.test(cell);
        expect(runs).toBe(false);
      }),
    );
  });
  it('round-trips any text through CSV quoting', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const cell = csvCell(s);
        const unquoted = cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell;
        expect(unquoted).toBe(s);
      }),
    );
  });
});

describe('payout files', () => {
  const row = (i: number): PayoutRow => ({ email: `c${i}@x.test`, amount: 10, competitionId: 'k' });

  it('splits 5,001 rows into a file of 5,000 and a file of 1, each with its header', () => {
    const files = payoutCsvFiles(Array.from({ length: 5001 }, (_, i) => row(i)));
    expect(files.map((f) => f.rows.length)).toEqual([5000, 1]);
    for (const f of files) expect(f.csv.split('\r\n')[0]).toBe(PAYOUT_CSV_COLUMNS.join(','));
    expect(files[1]!.rows[0]!.email).toBe('c5000@x.test');
  });

  it('keeps every row exactly once, in order, with no chunk above the limit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 1, max: 50 }), (n, size) => {
        const rows = Array.from({ length: n }, (_, i) => i);
        const chunks = chunkRows(rows, size);
        expect(chunks.flat()).toEqual(rows);
        expect(chunks.every((c) => c.length >= 1 && c.length <= size)).toBe(true);
      }),
    );
  });

  it('makes no file for no rows', () => {
    expect(payoutCsvFiles([])).toEqual([]);
  });
});
