import { addDays } from './dates.ts';

/** A month as YYYY-MM. */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
export const DAY_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** A YYYY-MM-DD that names a real day (not 2025-02-31). */
export function isRealDay(day: string): boolean {
  if (!DAY_PATTERN.test(day)) return false;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDate() === d;
}

/** 0 = Monday … 6 = Sunday, for a YYYY-MM-DD day. */
export function weekdayMondayFirst(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
}

export function daysInMonth(month: string): number {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** The month before or after (delta months away). */
export function addMonths(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + delta, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/**
 * The days a month grid shows: whole weeks starting on Monday, from the week of the 1st to the
 * week of the last day (4 to 6 weeks), as YYYY-MM-DD.
 */
export function monthGridDays(month: string): string[] {
  const first = `${month}-01`;
  const last = `${month}-${String(daysInMonth(month)).padStart(2, '0')}`;
  const start = addDays(first, -weekdayMondayFirst(first));
  const end = addDays(last, 6 - weekdayMondayFirst(last));
  const days: string[] = [];
  for (let day = start; day <= end; day = addDays(day, 1)) days.push(day);
  return days;
}

/**
 * How a calendar entry is coloured (doc 1 section 2): confirmed entries are primary when
 * direct, secondary when 555, otherwise danger; holds are warning.
 */
export type CalendarTone = 'primary' | 'secondary' | 'danger' | 'warning';
export function calendarTone(c: { isConfirmed: boolean; isDirect: boolean; is555: boolean }): CalendarTone {
  if (!c.isConfirmed) return 'warning';
  if (c.isDirect) return 'primary';
  return c.is555 ? 'secondary' : 'danger';
}

/**
 * Whether a day cell may say "Available": nothing starts on the day and no confirmed
 * competition covers it. A day covered by confirmed competitions that began earlier has no
 * entry of its own, yet it is taken: saying Available beside "3 confirmed" misled staff.
 */
export function isDayAvailable(day: {
  entries: readonly unknown[];
  moreEntries: number;
  confirmedCount: number;
}) {
  return day.entries.length === 0 && day.moreEntries === 0 && day.confirmedCount === 0;
}

/**
 * A hold still waiting to become its competition: Reserve A Date made it and it has no song link
 * yet (Start A Competition and Update A Competition both require one). Starting a competition
 * from it fills in this same record (decision 0108).
 */
export function isWaitingHold(c: { reservation: unknown; audio: string | null }) {
  return c.reservation !== null && c.reservation !== undefined && !c.audio;
}

/**
 * Who a reservation notice goes to: the staff address, the requester, and the organizers who
 * hold the same date, each once. When they are 4 or more, they also get a hold-conflict notice.
 */
export const HOLD_CONFLICT_MIN_RECIPIENTS = 4;
export function reservationRecipients(input: {
  staffEmail: string;
  requesterEmail: string;
  sameDateOrganizerEmails: string[];
}): { recipients: string[]; holdConflict: boolean } {
  const recipients = [
    ...new Set(
      [input.staffEmail, input.requesterEmail, ...input.sameDateOrganizerEmails]
        .map((e) => e.trim().toLowerCase())
        .filter((e) => e !== ''),
    ),
  ];
  return { recipients, holdConflict: recipients.length >= HOLD_CONFLICT_MIN_RECIPIENTS };
}

/** What the Reserve A Date form adds beyond the competition's own fields, kept on the hold. */
export type ReservationDetails = {
  isGlobal: boolean;
  territories: string | null;
  creativeDirection: boolean;
  creativeDirectionRequired: boolean;
  languageRequirement: boolean;
  language: string | null;
  notes: string | null;
  songName: string | null;
};
