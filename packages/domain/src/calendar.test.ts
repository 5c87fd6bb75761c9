import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  calendarTone,
  daysInMonth,
  isDayAvailable,
  isRealDay,
  isWaitingHold,
  monthGridDays,
  reservationRecipients,
  weekdayMondayFirst,
} from './calendar.ts';

describe('month grid', () => {
  it('starts on the Monday of the week of the 1st and ends on the Sunday of the last week', () => {
    // November 2026: the 1st is a Sunday, the 30th a Monday.
    const days = monthGridDays('2026-11');
    expect(days[0]).toBe('2026-10-26');
    expect(days.at(-1)).toBe('2026-12-06');
    expect(days).toHaveLength(42);
    // February 2027 starts on a Monday and ends on a Sunday: exactly four weeks.
    expect(monthGridDays('2027-02')).toEqual(
      Array.from({ length: 28 }, (_, i) => `2027-02-${String(i + 1).padStart(2, '0')}`),
    );
  });

  it('always holds whole weeks from Monday that contain every day of the month', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1990, max: 2100 }), fc.integer({ min: 1, max: 12 }), (y, m) => {
        const month = `${y}-${String(m).padStart(2, '0')}`;
        const days = monthGridDays(month);
        expect(days.length % 7).toBe(0);
        expect(weekdayMondayFirst(days[0]!)).toBe(0);
        expect(weekdayMondayFirst(days.at(-1)!)).toBe(6);
        const inMonth = days.filter((d) => d.startsWith(month));
        expect(inMonth).toHaveLength(daysInMonth(month));
        expect(days.length).toBeLessThanOrEqual(42);
      }),
    );
  });

  it('knows real days from impossible ones', () => {
    expect(isRealDay('2028-02-29')).toBe(true);
    expect(isRealDay('2027-02-29')).toBe(false);
    expect(isRealDay('2025-02-31')).toBe(false);
    expect(isRealDay('2025-2-3')).toBe(false);
  });

  it('moves between months across years', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(daysInMonth('2028-02')).toBe(29);
  });
});

describe('calendar colours', () => {
  it('are primary for direct, secondary for 555, danger for other confirmed, warning for holds', () => {
    expect(calendarTone({ isConfirmed: true, isDirect: true, is555: true })).toBe('primary');
    expect(calendarTone({ isConfirmed: true, isDirect: false, is555: true })).toBe('secondary');
    expect(calendarTone({ isConfirmed: true, isDirect: false, is555: false })).toBe('danger');
    expect(calendarTone({ isConfirmed: false, isDirect: true, is555: true })).toBe('warning');
  });
});

describe('reservation recipients', () => {
  const staffEmail = 'bookings@preffy.test';
  it('are the staff address, the requester and the same-date organizers, each once', () => {
    expect(
      reservationRecipients({
        staffEmail,
        requesterEmail: 'Me@Label.test',
        sameDateOrganizerEmails: ['me@label.test', 'other@label.test'],
      }),
    ).toEqual({ recipients: [staffEmail, 'me@label.test', 'other@label.test'], holdConflict: false });
  });
  it('raise a hold conflict from 4 recipients on', () => {
    const three = reservationRecipients({
      staffEmail,
      requesterEmail: 'me@label.test',
      sameDateOrganizerEmails: ['a@label.test'],
    });
    expect(three.holdConflict).toBe(false);
    const four = reservationRecipients({
      staffEmail,
      requesterEmail: 'me@label.test',
      sameDateOrganizerEmails: ['a@label.test', 'b@label.test'],
    });
    expect(four).toMatchObject({ holdConflict: true });
    expect(four.recipients).toHaveLength(4);
  });
});

describe('day availability', () => {
  const day = { entries: [] as unknown[], moreEntries: 0, confirmedCount: 0 };
  it('is available only when nothing starts on it and no confirmed competition covers it', () => {
    expect(isDayAvailable(day)).toBe(true);
    // Three confirmed competitions that started earlier cover the day: it is not available.
    expect(isDayAvailable({ ...day, confirmedCount: 3 })).toBe(false);
    expect(isDayAvailable({ ...day, entries: [{ id: 'a' }] })).toBe(false);
    expect(isDayAvailable({ ...day, moreEntries: 2 })).toBe(false);
  });
});

describe('waiting holds', () => {
  it('is a reservation without a song link', () => {
    expect(isWaitingHold({ reservation: '{}', audio: null })).toBe(true);
    expect(isWaitingHold({ reservation: { isGlobal: true }, audio: '' })).toBe(true);
    expect(isWaitingHold({ reservation: '{}', audio: 'https://song.example/x' })).toBe(false);
    expect(isWaitingHold({ reservation: null, audio: null })).toBe(false);
  });
});
