import { describe, expect, it } from 'vitest';
import { shiftDay } from './calendar-keys.ts';

describe('shiftDay', () => {
  it('moves across month and year ends and leap days, whatever the time zone', () => {
    expect(shiftDay('2026-11-30', 1)).toBe('2026-12-01');
    expect(shiftDay('2026-12-29', 7)).toBe('2027-01-05');
    expect(shiftDay('2027-01-03', -7)).toBe('2026-12-27');
    expect(shiftDay('2028-02-28', 1)).toBe('2028-02-29');
    expect(shiftDay('2028-03-01', -1)).toBe('2028-02-29');
    // Daylight-saving changes do not shift a calendar day.
    expect(shiftDay('2026-03-28', 1)).toBe('2026-03-29');
    expect(shiftDay('2026-10-25', 1)).toBe('2026-10-26');
  });
});
