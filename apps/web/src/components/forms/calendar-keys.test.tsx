import { MantineProvider } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calendarDayProps, shiftDay } from './calendar-keys.ts';

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

/** A month grid with the app's day props, in a dropdown as the date inputs draw it, the day focused. */
function pickerAt(day: string) {
  const { container } = render(
    <MantineProvider>
      <div data-dates-dropdown>
        <DatePicker defaultDate={day} firstDayOfWeek={1} getDayProps={calendarDayProps} />
      </div>
    </MantineProvider>,
  );
  const button = (d: string) =>
    container.querySelector<HTMLButtonElement>(`[data-day="${d}"]:not([data-outside])`);
  button(day)!.focus();
  return button;
}

describe('calendarDayProps', () => {
  // Each case leaves the month from a day whose row and column Mantine's own handler (which runs
  // after ours) would move to in the new month's grid: 25 Dec is row 4, column 5; in January
  // 2027 that cell is the 29th, and focus went there instead of the 1st.
  it.each([
    ['2026-12-25', 'ArrowDown', '2027-01-01'],
    ['2026-11-27', 'ArrowDown', '2026-12-04'],
    ['2027-01-01', 'ArrowLeft', '2026-12-31'],
    ['2027-01-04', 'ArrowUp', '2026-12-28'],
    ['2026-12-31', 'ArrowRight', '2027-01-01'],
  ])('from %s, %s moves focus to %s in the next month, before the next key', async (from, key, to) => {
    const button = pickerAt(from);
    fireEvent.keyDown(document.activeElement!, { key });
    // The key's handling is over; a second key would come in a later task.
    await Promise.resolve();
    expect(document.activeElement).toBe(button(to));
  });
});
