import { expect, test } from '@playwright/test';
import { signIn } from './helpers.ts';

/** The 'YYYY-MM-DD' day `days` after `day`. */
const plusDays = (day: string, days: number) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

test('a date picker by keyboard: arrows cross into the next and previous month, and Enter keeps focus on the field', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/preffy/add');
  const field = page.locator('[data-path="startDay"]');
  const before = (await field.textContent())!.trim();
  await field.focus();
  await page.keyboard.press('Enter');
  const dropdown = page
    .locator('[data-dates-dropdown], .mantine-Popover-dropdown')
    .filter({ has: page.locator('[data-day]') });
  await expect(dropdown.locator(`[data-day="${before}"]:not([data-outside])`)).toBeFocused();

  // Six weeks down always leaves the month: the picker follows into the next one.
  for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowDown');
  const later = plusDays(before, 42);
  await expect(dropdown.locator(`[data-day="${later}"]:not([data-outside])`)).toBeFocused();
  // And back across the month edge, one day at a time.
  for (let i = 0; i < 31; i++) await page.keyboard.press('ArrowLeft');
  const earlier = plusDays(later, -31);
  await expect(dropdown.locator(`[data-day="${earlier}"]:not([data-outside])`)).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(field).toHaveText(earlier);
  await expect(field).toBeFocused();
  // The form goes on from there: Tab reaches the next field.
  await page.keyboard.press('Tab');
  await expect(page.locator(':focus')).not.toHaveJSProperty('tagName', 'BODY');
});
