import type { CalendarTone } from '@preffy/domain';

/** GET /api/calendar/months/:month (apps/server/src/modules/calendar/calendar.routes.ts). */
export interface CalendarEntry {
  id: string;
  organizer: string;
  isConfirmed: boolean;
  isDirect: boolean;
  is555: boolean;
  tone: CalendarTone;
}
export interface CalendarDay {
  day: string;
  inMonth: boolean;
  entries: CalendarEntry[];
  moreEntries: number;
  confirmedCount: number;
}
export interface CalendarMonth {
  month: string;
  today: string;
  timeZone: string;
  genniDirectFormUrl: string | null;
  days: CalendarDay[];
}

/** GET /api/calendar/days/:day items. */
export interface DayCompetition extends CalendarEntry {
  version: number;
  name: string;
  email: string;
  startDate: number;
  endDate: number;
  prizeTotal: number;
  canChange: boolean;
}
