/** Prize lines are text of the form 'Label: $amount' (doc 1 sections 3 and 9). */
import type { CompetitionFormMode } from './competition-field-permissions.ts';

export const PRIZING_TYPES = ['Hybrid', 'Engagement', 'Creative'] as const;
export type PrizingType = (typeof PRIZING_TYPES)[number];

export const DEFAULT_PRIZES = ['1st Place: $200', '2nd Place: $100', 'First 30 Creators: $10'] as const;

/** Examples shown in the 'Prize Options' help modal. */
export const PRIZE_OPTION_EXAMPLES = [
  '1st Place: $100',
  '1st-5th Place',
  'First 30 Creators',
  'Most Creative',
  'Top 20 Most Creative',
  'Best Dance',
  'Top 20 Best Dances',
] as const;

/** The share of an invoice that goes to prizes (doc 1 §9 and doc 2 §9: 0.667, i.e. 66.7%). */
export const PRIZE_SHARE_OF_INVOICE = 0.667;

/**
 * The prize pool a new competition can pay out of its invoice: above 1500 it is 66.7% of the
 * invoice, rounded; otherwise the invoice minus 500, never below 0.
 */
export function prizePoolFromInvoice(invoiceAmount: number): number {
  if (!Number.isFinite(invoiceAmount) || invoiceAmount <= 0) return 0;
  return invoiceAmount > 1500
    ? Math.round(invoiceAmount * PRIZE_SHARE_OF_INVOICE)
    : Math.max(0, invoiceAmount - 500);
}

/**
 * The prize budget the competition form shows and generates prizes from. Start keeps the pool
 * rule above; Update takes 66.7% of any invoice, to the cent, as doc 2 §9 says
 * (docs/decisions/0099-update-page-prize-budget.md).
 */
export function prizeBudget(mode: CompetitionFormMode, invoiceAmount: number): number {
  if (mode === 'create') return prizePoolFromInvoice(invoiceAmount);
  if (!Number.isFinite(invoiceAmount) || invoiceAmount <= 0) return 0;
  return Math.round(invoiceAmount * PRIZE_SHARE_OF_INVOICE * 100) / 100;
}

type Split = { label: string; share: number; places: number };

function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th'}`;
}

const ranked = (from: number, to: number, share: number): Split => ({
  label: `${ordinal(from)}-${ordinal(to)} Place`,
  share,
  places: to - from + 1,
});
const top = (n: number, what: string, share: number): Split => ({
  label: `Top ${n} ${what}`,
  share,
  places: n,
});

/**
 * The splits of each prizing type. The legacy Hybrid ≥ 2000 template said '20th-30th' (overlapping
 * '11th-20th') and 'Top 48 Most Creative' shared over 50; we use '21st-30th' and 'Top 50'
 * so labels, ranges and divisors agree (docs/decisions/0006-prize-template-fixes.md).
 */
function splitsFor(type: string, pool: number): Split[] {
  if (type === 'Creative') {
    const n = pool < 3000 ? 20 : 50;
    return [
      top(n, 'Most Creative', 0.8),
      { label: 'Best Lip Sync', share: 0.1, places: 1 },
      { label: 'Best Dance', share: 0.1, places: 1 },
    ];
  }
  if (type === 'Engagement') {
    return [ranked(1, 5, 0.3), ranked(6, 10, 0.2), ranked(11, 15, 0.1), ranked(16, 55, 0.4)];
  }
  if (pool < 2000) {
    return [
      ranked(1, 5, 0.35),
      ranked(6, 10, 0.15),
      ranked(11, 15, 0.1),
      ranked(16, 25, 0.1),
      top(30, 'Most Creative', 0.3),
    ];
  }
  return [
    ranked(1, 5, 0.3),
    ranked(6, 10, 0.15),
    ranked(11, 20, 0.2),
    ranked(21, 30, 0.1),
    top(50, 'Most Creative', 0.25),
  ];
}

/**
 * Prize lines for a prizing type and pool, each amount floored per place, so the template's
 * total never exceeds the pool. Any type other than Creative and Engagement is Hybrid.
 */
export function prizeTemplate(type: PrizingType | string, pool: number): string[] {
  const safePool = Math.max(0, Number.isFinite(pool) ? pool : 0);
  return splitsFor(type, safePool).map(
    ({ label, share, places }) => `${label}: $${Math.floor((safePool * share) / places)}`,
  );
}

export type PrizeLine = { label: string; amount: number; places: number };
export type PrizeLineResult = { ok: true; value: PrizeLine } | { ok: false; error: string };

const AMOUNT = /\$\s*((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?)/;
const ORDINAL_RANGE = /(\d+)\s*(?:st|nd|rd|th)\s*-\s*(\d+)\s*(?:st|nd|rd|th)/i;

/**
 * Reads a prize line: the amount after '$' (commas and decimals allowed) and the number of
 * places it pays: an 'Nth-Mth' range, 'Top N …' or 'First N …', else 1. Follower ranges
 * ('10k-50k Followers: $50') are tiers, not places.
 */
/** The most places one prize line may pay (the largest template pays 50). */
export const MAX_PRIZE_PLACES = 1000;

export function parsePrizeLine(line: string): PrizeLineResult {
  const text = line.trim();
  const amountMatch = AMOUNT.exec(text);
  if (!amountMatch) return { ok: false, error: `No valid $ amount in "${text}"` };
  const amount = Number(amountMatch[1]!.replaceAll(',', ''));
  const colon = text.lastIndexOf(':', amountMatch.index);
  const label = (colon >= 0 ? text.slice(0, colon) : text.slice(0, amountMatch.index)).trim();
  let places = 1;
  const rangeMatch = ORDINAL_RANGE.exec(label);
  const countMatch = /\b(?:top|first)\s+(\d+)\b/i.exec(label);
  if (/followers/i.test(label)) places = 1;
  else if (rangeMatch) {
    const from = Number(rangeMatch[1]);
    const to = Number(rangeMatch[2]);
    if (to < from) return { ok: false, error: `The range in "${text}" runs backwards` };
    places = to - from + 1;
  } else if (countMatch) places = Number(countMatch[1]);
  if (places < 1) return { ok: false, error: `"${text}" pays no places` };
  // '1st-2000000th Place' would make millions of prize slots to fill: no contest pays that many.
  if (places > MAX_PRIZE_PLACES)
    return { ok: false, error: `"${text}" pays more than ${MAX_PRIZE_PLACES} places` };
  return { ok: true, value: { label, amount, places } };
}

/**
 * Where a prize line's amount is written ('$1,500' in '1st Place: $1,500'), so a screen can show
 * the line with the amount in the reader's money format; null when the line has no amount.
 */
export function prizeAmountSpan(line: string): { start: number; end: number; amount: number } | null {
  const match = AMOUNT.exec(line);
  if (!match) return null;
  return {
    start: match.index,
    end: match.index + match[0].length,
    amount: Number(match[1]!.replaceAll(',', '')),
  };
}

export type PrizeTotal = { total: number; errors: { index: number; line: string; error: string }[] };

/** Σ amount × places over the valid lines; invalid lines are reported, never counted as 0. */
export function prizeTotal(lines: readonly string[]): PrizeTotal {
  let cents = 0;
  const errors: PrizeTotal['errors'] = [];
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    const parsed = parsePrizeLine(line);
    if (parsed.ok) cents += Math.round(parsed.value.amount * 100) * parsed.value.places;
    else errors.push({ index, line, error: parsed.error });
  });
  return { total: cents / 100, errors };
}

export type PrizeSlotKind = 'rank' | 'creative' | 'first-come';
export type PrizeSlot = {
  /** Position in the expanded list, from 0. */
  index: number;
  label: string;
  amount: number;
  kind: PrizeSlotKind;
  /** For rank slots: the place it pays (1 = best). */
  rank?: number;
};

export function prizeSlotKind(label: string): PrizeSlotKind {
  if (/most creative|\bbest\b/i.test(label)) return 'creative';
  if (/^\s*first\s+\d+/i.test(label)) return 'first-come';
  return 'rank';
}

/** One slot per place, in prize order; invalid lines are skipped (prizeTotal reports them). */
export function expandPrizeSlots(lines: readonly string[]): PrizeSlot[] {
  const slots: PrizeSlot[] = [];
  let nextRank = 1;
  for (const line of lines) {
    const parsed = parsePrizeLine(line);
    if (!parsed.ok) continue;
    const { label, amount, places } = parsed.value;
    const kind = prizeSlotKind(label);
    const explicit = ORDINAL_RANGE.exec(label) ?? /^\s*(\d+)\s*(?:st|nd|rd|th)\b/i.exec(label);
    const firstRank = kind === 'rank' && explicit ? Number(explicit[1]) : nextRank;
    for (let i = 0; i < places; i++) {
      const slot: PrizeSlot = { index: slots.length, label, amount, kind };
      if (kind === 'rank') slot.rank = firstRank + i;
      slots.push(slot);
    }
    if (kind === 'rank') nextRank = firstRank + places;
  }
  return slots;
}
