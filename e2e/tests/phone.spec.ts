import { expect, test } from '@playwright/test';
import { calendar } from '@preffy/api';
import { addMonths } from '@preffy/domain';
import { pageApi, signIn } from './helpers.ts';

test.use({ viewport: { width: 390, height: 844 } });

test('on a 390 px phone the calendar is a list of days with whole names and badges; a day opens full screen', async ({
  page,
}) => {
  // A month far ahead, with one hold on a day of its own.
  const month = addMonths(new Date().toISOString().slice(0, 7), 9);
  const day = `${month}-${String(10 + Math.floor(Math.random() * 15)).padStart(2, '0')}`;
  const artist = `Phone Artist With A Long Name ${Date.now()}`;
  await signIn(page);
  await pageApi(page).call(calendar.reserve, { body: { day, organizer: artist, invoiceAmount: 1200 } });

  await page.goto(`/preffy/calendar?month=${month}`);
  const list = page.getByTestId('month-list');
  await expect(list).toBeVisible();
  const dayCard = page.getByTestId(`list-day-${day}`);
  await expect(dayCard).toContainText(artist);
  await expect(dayCard).toContainText('Hold');
  // Every badge shows its whole word, and nothing is wider than the phone.
  const cut = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('.mantine-Badge-label'))
      .filter((label) => label.offsetParent !== null && label.scrollWidth > label.clientWidth + 1)
      .map((label) => label.textContent),
  );
  expect(cut).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await dayCard.getByRole('button', { name: `Competitions on ${day}` }).click();
  const dialog = page.getByRole('dialog', { name: `${day} Competitions` });
  await expect(dialog).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box!.width).toBeGreaterThanOrEqual(389);
  await expect(dialog.getByRole('row').filter({ hasText: artist })).toBeVisible();

  // A month with nothing in it says so.
  await page.keyboard.press('Escape');
  await page.goto(`/preffy/calendar?month=${addMonths(month, 1)}`);
  await expect(page.getByTestId('month-list-empty')).toContainText('Nothing is planned in');
});

test('on a phone the menu hides behind its button, closes after a choice, and nothing is wider than the screen', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/preffy/view');
  await expect(page.getByTestId('sidebar')).not.toBeInViewport();
  await page.locator('button[aria-controls="app-navbar"]').click();
  await expect(page.getByTestId('sidebar')).toBeInViewport();
  await page.getByTestId('nav-/preffy/calendar').click();
  await expect(page).toHaveURL(/\/preffy\/calendar/);
  await expect(page.getByTestId('sidebar')).not.toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
