import { competitionTimeOn } from '@preffy/domain';

/** Competitions run from 15:00 to 15:00 in the business time zone; forms pick days only. */
export const competitionTime = (day: string | null, timeZone: string) =>
  day ? competitionTimeOn(day, timeZone) : Number.NaN;

/** The server's date fields and the day inputs of the forms that show their errors. */
export const DATE_FIELDS = { startDate: 'startDay', endDate: 'endDay' };
