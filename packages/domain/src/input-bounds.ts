import { isRealDay } from './calendar.ts';

/**
 * The bounds every stored input is held to (docs/decisions/0014-input-bounds.md): values a
 * person could mean, and that every formatter, database column and calendar app can handle.
 */

/** Competition dates lie in the years 2020 to 2100 (UTC): from 2020-01-01 up to, not including, 2101-01-01. */
export const DATE_WINDOW = { firstDay: '2020-01-01', lastDay: '2100-12-31' } as const;
export const DATE_WINDOW_START = Date.UTC(2020, 0, 1);
export const DATE_WINDOW_END = Date.UTC(2101, 0, 1);

/** Money in dollars, whole cents, 0 to 10 million. */
export const MONEY_MAX = 10_000_000;

/** Counts (likes, views, comments, shares, metrics): whole numbers from 0 to a trillion. */
export const COUNT_MAX = 1_000_000_000_000;

/** Text lengths. */
export const TEXT_LIMITS = {
  /** Names, titles, short labels. */
  name: 200,
  /** RFC 5321's practical maximum for an address. */
  email: 254,
  link: 2_000,
  /** Rich text (HTML) and notes. */
  longText: 10_000,
  prizeLine: 200,
  prizeLines: 50,
} as const;

export const isWithinDateWindow = (ms: number) =>
  Number.isFinite(ms) && ms >= DATE_WINDOW_START && ms < DATE_WINDOW_END;

/** A YYYY-MM-DD that names a real day inside the window (calendar days, reservations). */
export const isDayInWindow = (day: string) =>
  isRealDay(day) && day >= DATE_WINDOW.firstDay && day <= DATE_WINDOW.lastDay;

/** A YYYY-MM month inside the window. */
export const isMonthInWindow = (month: string) => isDayInWindow(`${month}-01`);

/** Whole cents: 19.99 yes, 0.001 no (with a tolerance for binary fractions like 0.1 + 0.2). */
export const isWholeCents = (amount: number) => Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6;

export const isMoney = (amount: number) =>
  Number.isFinite(amount) && amount >= 0 && amount <= MONEY_MAX && isWholeCents(amount);
