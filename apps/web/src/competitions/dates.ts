import { competitionTimeOn, localDay } from '@preffy/domain';

/** Competitions run from 15:00 to 15:00 in the business time zone; forms pick days only. */
export const dayOf = (ms: number, timeZone: string) => localDay(ms, timeZone);
export const competitionTime = (day: string | null, timeZone: string) =>
  day ? competitionTimeOn(day, timeZone) : Number.NaN;
