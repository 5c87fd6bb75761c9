import { localDay } from '@preffy/domain';
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

/** A count (likes, views) in the user's language; nothing stored counts as 0. */
export const formatCount = (n: number | null) => (n ?? 0).toLocaleString(currentLanguage());
