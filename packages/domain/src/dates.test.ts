import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, competitionTimeOn, isEndDateAllowed, localDay, startOfDay, zonedTime } from './dates.ts';

describe('business dates', () => {
  it('puts competition times at 15:00 local time, across daylight saving', () => {
    expect(competitionTimeOn('2026-01-15', 'America/New_York')).toBe(Date.UTC(2026, 0, 15, 20));
    expect(competitionTimeOn('2026-07-15', 'America/New_York')).toBe(Date.UTC(2026, 6, 15, 19));
    expect(competitionTimeOn('2026-07-15', 'UTC')).toBe(Date.UTC(2026, 6, 15, 15));
    expect(competitionTimeOn('2026-03-29', 'Europe/Berlin')).toBe(Date.UTC(2026, 2, 29, 13));
  });
  it('reads the local day and its start', () => {
    const t = Date.UTC(2026, 6, 15, 2);
    expect(localDay(t, 'America/Los_Angeles')).toBe('2026-07-14');
    expect(startOfDay(t, 'America/Los_Angeles')).toBe(Date.UTC(2026, 6, 14, 7));
  });
  it('adds calendar days across months and years', () => {
    expect(addDays('2026-12-28', 7)).toBe('2027-01-04');
  });
  it('allows end dates from 7 days after today', () => {
    const now = Date.UTC(2026, 10, 22, 9);
    expect(isEndDateAllowed(competitionTimeOn('2026-11-29', 'UTC'), now, 'UTC')).toBe(true);
    expect(isEndDateAllowed(competitionTimeOn('2026-11-28', 'UTC'), now, 'UTC')).toBe(false);
  });
  it('round-trips any local time at the competition hour', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        fc.constantFrom('UTC', 'America/New_York', 'Europe/Berlin', 'Asia/Kolkata', 'Australia/Sydney'),
        (date, zone) => {
          const day = date.toISOString().slice(0, 10);
          const [y, m, d] = day.split('-').map(Number) as [number, number, number];
          const t = zonedTime(y, m, d, 15, zone);
          expect(localDay(t, zone)).toBe(day);
          expect(
            new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' }).format(t),
          ).toBe('15');
        },
      ),
    );
  });
});
