/** Payouts (doc 1 section 9): creators get 80% of the prize; the platform keeps 20%. */
export const PLATFORM_FEE = 0.2;
export const PAYOUT_CURRENCY = 'USD';
export const GENNI_SOURCE = 'genni';

const round2 = (n: number) => Math.round((n + Number.EPSILON) * 100) / 100;
const isGenni = (source: string | null | undefined) => (source ?? '').trim().toLowerCase() === GENNI_SOURCE;

/** What a creator receives for a prize: 80%, rounded to cents. */
export const creatorPayout = (prize: number) => round2(prize * (1 - PLATFORM_FEE));

/** The amount in the payout CSV: sister-brand ('genni') winners get the full prize. */
export const payoutCsvAmount = (prize: number, source: string | null | undefined) =>
  isGenni(source) ? round2(prize) : creatorPayout(prize);

/** The payment record's amount: prize × the competition's takePct for 'genni' winners, else 80%. */
export const paymentRecordAmount = (prize: number, source: string | null | undefined, takePct = 1) =>
  isGenni(source) ? round2(prize * takePct) : creatorPayout(prize);

export const PAYOUT_CSV_COLUMNS = [
  'Email/Phone',
  'Amount',
  'Currency code',
  'Reference ID (optional)',
  'Note to recipient',
  'Recipient wallet',
  'Social Feed Privacy (optional)',
  'Holler URL (deprecated)',
  'Logo URL (optional)',
] as const;

export type PayoutRow = { email: string; amount: number; competitionId: string; note?: string };

export const DEFAULT_PAYOUT_NOTE = 'Congratulations on winning a Preffy competition!';

/**
 * Quotes a CSV cell when needed (RFC 4180), and also when it holds a semicolon: a spreadsheet in
 * a semicolon-separated locale would otherwise split the cell there, and what follows could start
 * with a formula.
 */
export function csvCell(value: string): string {
  return /[",;\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** One number ('-80', '+12125550123'): a spreadsheet reads it as a number, never as a formula. */
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;
/**
 * What a spreadsheet runs as a formula: = + - @ (or their full-width forms, which some convert)
 * after any leading spaces, or a leading tab or carriage return.
 */
const FORMULA_START = /^(\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|[\t\r])/;

/** A text cell that a spreadsheet would run as a formula gets a leading quote; a number is left as it is. */
export function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

export const csvLine = (cells: readonly string[]) => cells.map(csvCell).join(',');

/** PayPal's bulk payout file: header row, then one row per payout, amounts with two decimals. */
export function payoutCsv(rows: readonly PayoutRow[]): string {
  const lines = [csvLine(PAYOUT_CSV_COLUMNS)];
  for (const row of rows) {
    lines.push(
      csvLine([
        neutraliseFormula(row.email.trim()),
        row.amount.toFixed(2),
        PAYOUT_CURRENCY,
        neutraliseFormula(`preffy id:${row.competitionId}`),
        neutraliseFormula(row.note ?? DEFAULT_PAYOUT_NOTE),
        'PayPal',
        '',
        '',
        '',
      ]),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** PayPal takes at most 5,000 rows in one payout file (and one currency per file). */
export const PAYOUT_FILE_MAX_ROWS = 5000;
/** PayPal's Payouts API takes at most 15,000 items in one call. */
export const PAYPAL_PAYOUT_MAX_ITEMS = 15000;

/** Rows in consecutive groups of at most `size`, in order: file 1, file 2, … */
export function chunkRows<T>(rows: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError('size must be a positive integer');
  const chunks: T[][] = [];
  for (let i = 0; i < rows.length; i += size) chunks.push(rows.slice(i, i + size));
  return chunks;
}

/** The payout split into PayPal-sized files, each a complete CSV with its header. */
export const payoutCsvFiles = (rows: readonly PayoutRow[]) =>
  chunkRows(rows, PAYOUT_FILE_MAX_ROWS).map((chunk) => ({ rows: chunk, csv: payoutCsv(chunk) }));
