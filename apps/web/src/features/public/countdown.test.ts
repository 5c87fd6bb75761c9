import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { timeLeft } from './countdown.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('the countdown to the end of a competition', () => {
  it('counts days, hours and minutes, rounding the minutes up', () => {
    expect(timeLeft(0, 3 * DAY + 4 * HOUR + 10 * MINUTE)).toEqual({ days: 3, hours: 4, minutes: 10 });
    expect(timeLeft(0, 3 * DAY + 4 * HOUR + 10 * MINUTE - 1)).toEqual({ days: 3, hours: 4, minutes: 10 });
    expect(timeLeft(0, 30_000)).toEqual({ days: 0, hours: 0, minutes: 1 });
    // 4 h 59 min 30 s is 5 hours, not '4 hours 0 minutes'.
    expect(timeLeft(0, 5 * HOUR - 30_000)).toEqual({ days: 0, hours: 5, minutes: 0 });
  });

  it('is over at the end and after it', () => {
    expect(timeLeft(5 * DAY, 5 * DAY)).toBeNull();
    expect(timeLeft(6 * DAY, 5 * DAY)).toBeNull();
  });

  it('never shows more than the time left, nor more than 59 minutes or 23 hours', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 400 * DAY }), (left) => {
        const parts = timeLeft(0, left)!;
        expect(parts.hours).toBeLessThan(24);
        expect(parts.minutes).toBeLessThan(60);
        const shown = parts.days * DAY + parts.hours * HOUR + parts.minutes * MINUTE;
        expect(shown).toBeGreaterThanOrEqual(left);
        expect(shown - left).toBeLessThan(MINUTE);
      }),
    );
  });
});
