import type { KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';

/** How far each arrow key moves in a month grid, in days. */
const ARROW_STEPS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

/** The day `days` after a 'YYYY-MM-DD' day, in the same form (calendar arithmetic, no time zone). */
export function shiftDay(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

const sameMonth = (a: string, b: string) => a.slice(0, 7) === b.slice(0, 7);

/**
 * Props for every date picker's day buttons (through the theme): arrow keys cross into the next
 * or previous month. Mantine moves focus only within the month it shows; from its edge the keys
 * did nothing. When the target day is in another month, the month arrow is pressed and focus
 * moves to that day once it is drawn. Each day carries `data-day` so it can be found.
 */
export function calendarDayProps(day: string) {
  return {
    'data-day': day,
    onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
      const step = ARROW_STEPS[event.key];
      if (step === undefined) return;
      const target = shiftDay(day, step);
      // The month shown is the one of the focused day, unless it is an outside (grey) day.
      const shown = event.currentTarget.hasAttribute('data-outside') ? null : day;
      if (shown && sameMonth(shown, target)) return;
      const dropdown = event.currentTarget.closest('[data-dates-dropdown], .mantine-Popover-dropdown');
      const arrow = dropdown?.querySelector<HTMLButtonElement>(
        `[data-direction="${step > 0 ? 'next' : 'previous'}"]:not([data-disabled])`,
      );
      if (!dropdown || !arrow) return;
      event.preventDefault();
      // The new month is drawn before this handler returns, and focus moves to the day as soon
      // as the key's handling ends: Mantine's own handler runs after this one and moves focus a
      // row or cell within the grid, now the new month's, so the day is focused after it. The
      // next key pressed then reaches that day (focus moved on the next frame let a fast second
      // key reach the old month; a browser test missed the turn of the year so).
      flushSync(() => arrow.click());
      queueMicrotask(() =>
        dropdown
          .querySelector<HTMLButtonElement>(`[data-day="${target}"]:not([data-outside]):not(:disabled)`)
          ?.focus(),
      );
    },
  };
}
