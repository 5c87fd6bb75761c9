import { ANALYTICS_MESSAGES } from '@preffy/api';
import { CHART_FIRST_DAY, isRealDay, isValidRange } from '@preffy/domain';
import { badRequest } from './errors.ts';

/**
 * Refuses a period of days that is not real days, in order, from CHART_FIRST_DAY until today
 * (business time zone): the analytics and dashboard pickers offer nothing else, so a hand-made
 * URL gets a 400 on the field at fault, with the analytics screen's message.
 */
export function requireChartDays(from: string, to: string, today: string) {
  if (isValidRange(from, to, today)) return;
  const fromIsWrong = !isRealDay(from) || from < CHART_FIRST_DAY;
  throw badRequest(fromIsWrong ? 'from' : 'to', ANALYTICS_MESSAGES.badRange);
}
