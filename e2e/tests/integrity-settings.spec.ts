import { expect, test } from '@playwright/test';
import { settings } from '@preffy/api';
import { pageApi, signIn } from './helpers.ts';

test('an admin changes a platform’s integrity threshold, sees it kept, and puts the defaults back', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/admin/integrity');
  await expect(page.getByRole('heading', { level: 1, name: 'Integrity thresholds' })).toBeVisible();
  await page.getByRole('tab', { name: 'YouTube' }).click();
  const panel = page.getByRole('tabpanel', { name: 'YouTube' });
  const field = panel.getByRole('textbox', { name: 'Average views per hour before, above' });
  await expect(field).toHaveValue('500');
  await field.fill('650');
  await page.getByRole('button', { name: 'Save thresholds' }).click();
  await expect(page.getByText('Thresholds saved. They apply from the next refresh.')).toBeVisible();
  // Kept on the server: read again after a reload.
  await page.reload();
  await page.getByRole('tab', { name: 'YouTube' }).click();
  await expect(field).toHaveValue('650');
  expect((await pageApi(page).call(settings.integrity)).thresholds.youtube.suddenStop.minViewsPerHour).toBe(
    650,
  );
  // Out of range: the field says so, and nothing is saved.
  const share = panel.getByRole('textbox', { name: 'Latest hour under this share of the average' });
  await share.fill('150');
  await page.getByRole('button', { name: 'Save thresholds' }).click();
  await expect(panel.getByText('Enter a number within the range shown')).toBeVisible();
  await page.getByRole('button', { name: 'Use the defaults for YouTube' }).click();
  await expect(field).toHaveValue('500');
  await page.getByRole('button', { name: 'Save thresholds' }).click();
  await expect(page.getByText('Thresholds saved. They apply from the next refresh.')).toBeVisible();
  expect((await pageApi(page).call(settings.integrity)).thresholds.youtube.suddenStop.minViewsPerHour).toBe(
    500,
  );
});
