import { expect, test } from '@playwright/test';
import { signIn, searchTable } from './helpers.ts';

test('an admin sends a Basic email to picked subscribers and follows its delivery', async ({ page }) => {
  await signIn(page);
  await page.getByTestId('nav-/preffy/email').click();
  await expect(page.getByRole('heading', { name: 'Email', level: 1 })).toBeVisible();

  await searchTable(page, 'Search by email or PayPal', 'creator1');
  await expect(page.getByText('creator10@creators.example', { exact: true })).toBeVisible();
  // creator13 is banned and creator14 unsubscribed: neither is offered.
  await expect(page.getByText('creator13@creators.example', { exact: true })).toHaveCount(0);
  await expect(page.getByText('creator14@creators.example', { exact: true })).toHaveCount(0);

  await page.getByRole('checkbox', { name: 'creator10@creators.example' }).check();
  await page.getByRole('checkbox', { name: 'creator11@creators.example' }).check();
  await expect(page.getByTestId('selected-count')).toHaveText('2 selected');

  await page.getByRole('button', { name: 'Send An Email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send An Email To 2 Users' });
  await expect(dialog).toBeVisible();
  await dialog.getByText('Basic', { exact: true }).click();
  await dialog.getByRole('combobox', { name: 'Competition' }).click();
  const firstCompetition = page.getByRole('option').first();
  const competitionName = (await firstCompetition.textContent())!.split(' — ')[0]!;
  await firstCompetition.click();
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByTestId('preview-subject')).toContainText(competitionName);

  await dialog.getByTestId('send-email').click();
  await expect(dialog.getByRole('status')).toHaveText('2 emails queued, 0 skipped (unsubscribed or banned).');
  await expect(dialog.getByTestId('send-progress')).toContainText('2 sent', { timeout: 15_000 });
  // The footer's Close (the title bar's × is named Close too).
  await dialog.getByRole('button', { name: 'Close' }).last().click();

  await page.getByRole('link', { name: 'Open the outbox' }).click();
  await searchTable(page, 'Search by subject or recipient', 'creator11@creators.example');
  await expect(page.getByRole('cell', { name: 'Basic email', exact: true })).toBeVisible();
  await page.getByRole('cell', { name: 'Basic email', exact: true }).click();
  await expect(
    page.getByRole('dialog').getByRole('cell', { name: 'creator11@creators.example' }),
  ).toBeVisible();
});

test('select-all takes every matching subscriber across pages, minus the ones unticked', async ({ page }) => {
  await signIn(page);
  await page.goto('/preffy/email');
  await page.getByRole('button', { name: /Select all 13 matching/ }).click();
  await expect(page.getByTestId('selected-count')).toHaveText('13 selected');
  await page.getByRole('checkbox', { name: 'creator0@creators.example' }).uncheck();
  await expect(page.getByTestId('selected-count')).toHaveText('12 selected');
  await page.getByRole('button', { name: 'Send An Email' }).click();
  await expect(page.getByRole('dialog', { name: 'Send An Email To 12 Users' })).toBeVisible();
});
