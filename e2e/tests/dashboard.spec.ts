import { expect, test } from '@playwright/test';
import { inquiries } from '@preffy/api';
import { adminApi, signIn, signInWithForm } from './helpers.ts';

test.describe.configure({ timeout: 60_000 });

test('sign-in lands on the dashboard: tiles, the chart (switched), the competitions; a tile opens its screen', async ({
  page,
  baseURL,
}) => {
  // An Unseen inquiry, so the inquiries tile has something to open.
  const stamp = `${Date.now()}`.slice(-8);
  const api = await adminApi(baseURL!);
  await api.call(inquiries.create, {
    body: {
      firstName: `Dash${stamp}`,
      lastName: 'Board',
      email: `dash.${stamp}@label.test`,
      phone: '+1 415 555 2671',
      source: 'Website',
      inquiryType: 'Campaign',
      platforms: ['TikTok'],
      message: 'A campaign, please',
    },
  });
  await api.dispose();

  await signInWithForm(page);
  // The real dashboard, not the planned placeholder.
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByTestId('dashboard-tiles')).toBeVisible();
  await expect(page.getByTestId('tile-review')).toContainText('Posts waiting for review');
  await expect(page.getByTestId('dashboard-competitions')).toBeVisible();

  // The chart: All UGC first, then New Creators, kept in the address.
  const chart = page.getByTestId('dashboard-chart');
  await expect(chart.getByRole('heading', { name: 'All UGC Over Time' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Chart' }).click();
  await page.getByRole('option', { name: 'New Creators Over Time' }).click();
  await expect(chart.getByRole('heading', { name: 'New Creators Over Time' })).toBeVisible();
  await expect(page).toHaveURL(/chart=newCreators/);

  // A tile's link opens the screen it counts for.
  await page.getByRole('link', { name: 'Open the Unseen inquiries' }).click();
  await expect(page).toHaveURL(/\/inquiries\?status=unseen/);
  await expect(page.getByText(`Dash${stamp} Board`)).toBeVisible();
});

test('on a phone the tiles stack and the chart fits the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  const review = await page.getByTestId('tile-review').boundingBox();
  const flagged = await page.getByTestId('tile-flagged').boundingBox();
  // One column: the second tile is below the first, not beside it.
  expect(flagged!.y).toBeGreaterThan(review!.y + review!.height - 1);
  expect(flagged!.x).toBe(review!.x);
  const chart = await page.getByTestId('dashboard-chart').boundingBox();
  expect(chart!.x + chart!.width).toBeLessThanOrEqual(390);
  // Nothing sideways to scroll.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
