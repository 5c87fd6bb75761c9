import { competitionTimeOn, localDay } from '@preffy/domain';

/** What a date or amount shows when the stored value cannot be formatted. */
export const UNFORMATTABLE = '—';

/**
 * Competitions run from 15:00 to 15:00 in the business time zone; forms pick days only.
 * A stored value outside what a Date can hold (rows saved before the input bounds) gives null
 * instead of throwing, so one bad row cannot take a whole page down.
 */
export const dayOf = (ms: number, timeZone: string): string | null =>
  Number.isFinite(ms) && !Number.isNaN(new Date(ms).getTime()) ? localDay(ms, timeZone) : null;
/** A day for display: the placeholder when the stored value cannot be formatted. */
export const formatDay = (ms: number, timeZone: string) => dayOf(ms, timeZone) ?? UNFORMATTABLE;
export const competitionTime = (day: string | null, timeZone: string) =>
  day ? competitionTimeOn(day, timeZone) : Number.NaN;

/** The server's date fields and the day inputs of the forms that show their errors. */
export const DATE_FIELDS = { startDate: 'startDay', endDate: 'endDay' };
