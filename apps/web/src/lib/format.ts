import { abbreviateCount, localDay, prizeAmountSpan } from '@preffy/domain';
import { currentLanguage } from './i18n/index.ts';

/** What a date or amount shows when the stored value cannot be formatted. */
export const UNFORMATTABLE = '—';

/**
 * The business day of a stored time. A stored value outside what a Date can hold (rows saved
 * before the input bounds) gives null instead of throwing, so one bad row cannot take a whole
 * page down.
 */
export const dayOf = (ms: number, timeZone: string): string | null =>
  Number.isFinite(ms) && !Number.isNaN(new Date(ms).getTime()) ? localDay(ms, timeZone) : null;
/** A day for display: the placeholder when the stored value cannot be formatted. */
export const formatDay = (ms: number, timeZone: string) => dayOf(ms, timeZone) ?? UNFORMATTABLE;

/** Dollars in the user's language; a stored amount that is not a finite number shows the placeholder. */
export const formatUsd = (amount: number) =>
  Number.isFinite(amount)
    ? new Intl.NumberFormat(currentLanguage(), {
        style: 'currency',
        currency: 'USD',
        // Whole dollars without cents ($200); otherwise always two digits ($480.50, not $480.5).
        minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
        maximumFractionDigits: 2,
      }).format(amount)
    : UNFORMATTABLE;

/**
 * A prize line as typed ('1st Place: $1,500') with its amount in the reader's format ('1st
 * Place: 1500 US$' in Spanish), so it reads like the formatted total beside it. The words stay
 * as the organizer wrote them.
 */
export function formatPrizeLine(line: string): string {
  const span = prizeAmountSpan(line);
  return span ? `${line.slice(0, span.start)}${formatUsd(span.amount)}${line.slice(span.end)}` : line;
}

/** A count (likes, views) in the user's language; nothing stored counts as 0. */
export const formatCount = (n: number | null) => (n ?? 0).toLocaleString(currentLanguage());

/** A count shortened as the user's language shortens it ('1.2K', '1,2 тыс.', '1,2 mil'). */
export const formatCompactCount = (n: number) => abbreviateCount(n, currentLanguage());

/**
 * When something happened, as doc 2 §9 writes it: 'M/D/YY h:mm A z' ('3/7/26 3:05 PM EST') in
 * the user's time zone (their profile's, else the browser's: useUserTimeZone). Other languages
 * get the same parts in their own order and clock ('7.3.26, 15:05 MEZ'). `zoneName: false`
 * leaves the zone out, for a card that names its zone once already.
 */
export function formatTimestamp(
  ms: number,
  timeZone: string,
  language: string = currentLanguage(),
  { zoneName = true }: { zoneName?: boolean } = {},
): string {
  if (!Number.isFinite(ms) || Number.isNaN(new Date(ms).getTime())) return UNFORMATTABLE;
  const parts = new Intl.DateTimeFormat(language, {
    year: '2-digit',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    ...(zoneName && { timeZoneName: 'short' }),
  }).formatToParts(ms);
  if (language !== 'en')
    return parts
      .map((p) => p.value)
      .join('')
      .trim();
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('month')}/${part('day')}/${part('year')} ${part('hour')}:${part('minute')} ${part('dayPeriod')} ${part('timeZoneName')}`.trim();
}
