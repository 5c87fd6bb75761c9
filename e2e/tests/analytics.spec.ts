import { expect, test } from '@playwright/test';
import { adminApi, signInAsNew } from './helpers.ts';
import { createCompetition } from './records.ts';

test.describe.configure({ timeout: 60_000 });

test('staff open Analytics, switch the period, see the figures and follow one to its list; organizers get no access', async ({
  page,
  browser,
  baseURL,
}) => {
  // A confirmed competition that started yesterday: the last 7 days ran at least one.
  const api = await adminApi(baseURL!);
  await createCompetition(api, {
    name: `Analytics Song ${`${Date.now()}`.slice(-7)}`,
    organizer: 'Analytics Artist',
    startedYesterday: true,
    confirmed: true,
  });
  await api.dispose();

  await signInAsNew(page, baseURL!, 'staff');
  await page.goto('/preffy/analytics');
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
  await expect(page.getByTestId('figure-competitions')).toBeVisible();

  await page.getByRole('combobox', { name: 'Period' }).click();
  await page.getByRole('option', { name: 'Last 7 days' }).click();
  await expect(page).toHaveURL(/preset=last7/);
  const run = page.getByTestId('figure-competitions');
  await expect(run).toBeVisible();
  const count = Number((await run.locator('p').nth(1).textContent())?.replace(/\D/g, ''));
  expect(count).toBeGreaterThanOrEqual(1);
  await expect(page.getByTestId('analytics-by-country')).toBeVisible();

  // 390 px wide: everything fits without scrolling sideways (tables scroll inside their cards).
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('figure-revenue')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.getByRole('link', { name: 'Open competitions: Competitions run' }).click();
  await expect(page).toHaveURL(/\/preffy\/view/);

  // Organizers: the no-access page.
  const context = await browser.newContext();
  const organizerPage = await context.newPage();
  await signInAsNew(organizerPage, baseURL!, 'organizer');
  await organizerPage.goto('/preffy/analytics');
  await expect(organizerPage.getByText('No access')).toBeVisible();
  await context.close();
});
