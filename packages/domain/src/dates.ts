/** Business dates: competitions start and end at 15:00 in the business time zone. */
export const DAY_MS = 24 * 3600_000;
export const COMPETITION_HOUR = 15;
export const COMPETITION_DAYS = 7;
export const DEFAULT_TIME_ZONE = 'UTC';

type Parts = { year: number; month: number; day: number; hour: number; minute: number; second: number };

/** Building an Intl formatter costs far more than using one: one per zone, kept. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string) {
  let fmt = formatters.get(timeZone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, fmt);
  }
  return fmt;
}

function partsIn(ms: number, timeZone: string): Parts {
  const fmt = formatterFor(timeZone);
  const out: Record<string, number> = {};
  for (const p of fmt.formatToParts(new Date(ms))) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return out as Parts;
}

/** The zone's offset from UTC at `ms`, in ms (positive east of Greenwich). */
function offsetAt(ms: number, timeZone: string): number {
  const p = partsIn(ms, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(ms / 1000) * 1000;
}

/** The instant when the wall clock in `timeZone` shows the given local date and time. */
export function zonedTime(
  year: number,
  month: number,
  day: number,
  hour: number,
  timeZone: string,
  minute = 0,
  second = 0,
): number {
  const guess = Date.UTC(year, month - 1, day, hour, minute, second);
  const first = guess - offsetAt(guess, timeZone);
  // Around a daylight-saving change the offset at the answer can differ from the guess's.
  return guess - offsetAt(first, timeZone);
}

/** The calendar day of `ms` in the zone, as YYYY-MM-DD. */
export function localDay(ms: number, timeZone: string): string {
  const p = partsIn(ms, timeZone);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

function dayParts(day: string) {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return { y, m, d };
}

/** `day` (YYYY-MM-DD) plus n calendar days. */
export function addDays(day: string, n: number): string {
  const { y, m, d } = dayParts(day);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** 15:00 in the business zone on the given day (YYYY-MM-DD). */
export function competitionTimeOn(day: string, timeZone: string): number {
  const { y, m, d } = dayParts(day);
  return zonedTime(y, m, d, COMPETITION_HOUR, timeZone);
}

/** Midnight in the zone at the start of the given day (YYYY-MM-DD). */
export function midnightOn(day: string, timeZone: string): number {
  const { y, m, d } = dayParts(day);
  return zonedTime(y, m, d, 0, timeZone);
}

/** Midnight in the zone at the start of the day that contains `ms`. */
export function startOfDay(ms: number, timeZone: string): number {
  const { y, m, d } = dayParts(localDay(ms, timeZone));
  return zonedTime(y, m, d, 0, timeZone);
}

/** The first day an end date may fall on: 7 days after today. */
export const earliestEndDay = (now: number, timeZone: string) =>
  addDays(localDay(now, timeZone), COMPETITION_DAYS);

/** End date at least 7 days after today, compared by calendar day in the business zone. */
export const isEndDateAllowed = (endDate: number, now: number, timeZone: string) =>
  localDay(endDate, timeZone) >= earliestEndDay(now, timeZone);
