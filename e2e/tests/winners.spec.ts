import { expect, test } from '@playwright/test';
import { winners } from '@preffy/api';
import { FORM_MESSAGES } from '@preffy/domain';
import { adminApi, signIn, signInAsNew, searchTable } from './helpers.ts';

// Each test signs in and makes its winners first; the machine may be busy.
test.describe.configure({ timeout: 45_000 });

test('staff add a winner through the form, ban them with the select and delete them', async ({ page }) => {
  const email = `e2e.winner${Date.now()}@winners.test`;
  await signIn(page);
  await page.getByTestId('nav-/preffy/winners').click();
  await expect(page.getByRole('heading', { name: 'Winners', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Create Winner' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add A Winner' });
  await dialog.getByRole('button', { name: 'Add the winner' }).click();
  await expect(dialog.getByText(FORM_MESSAGES.creatorEmailRequired)).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Email' }).fill('not an email');
  await dialog.getByRole('textbox', { name: 'PayPal' }).fill('also not an email');
  await dialog.getByRole('button', { name: 'Add the winner' }).click();
  await expect(dialog.getByText(FORM_MESSAGES.emailInvalid, { exact: true })).toBeVisible();
  await expect(dialog.getByText(FORM_MESSAGES.paypalInvalid, { exact: true })).toBeVisible();

  // An address the directory already holds (a seeded winner) is refused on the email field.
  await dialog.getByRole('textbox', { name: 'Email' }).fill('creator1@creators.example');
  await dialog.getByRole('textbox', { name: 'PayPal' }).fill('');
  await dialog.getByRole('button', { name: 'Add the winner' }).click();
  await expect(dialog.getByText('This email is already in the winners directory')).toBeVisible();

  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await dialog.getByRole('textbox', { name: 'PayPal' }).fill('paypal@winners.test');
  await dialog.getByRole('button', { name: 'Add the winner' }).click();
  await expect(dialog).toBeHidden();

  await searchTable(page, 'Search by email', email);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('paypal@winners.test');
  const banned = row.getByRole('combobox', { name: `Is Banned: ${email}` });
  await expect(banned).toHaveValue('false');
  await banned.selectOption('True');
  await expect(page.getByText(`Is Banned is saved for ${email}.`)).toBeVisible();
  await expect(banned).toHaveValue('true');
  // The list is read again: the flag is stored, with the new version.
  await page.reload();
  await expect(page.getByRole('combobox', { name: `Is Banned: ${email}` })).toHaveValue('true');

  await page.getByRole('button', { name: `Delete ${email}` }).click();
  const confirm = page.getByRole('dialog', { name: `Delete ${email}?` });
  await expect(confirm.getByText('Are you sure you want to delete?')).toBeVisible();
  await confirm.getByTestId('confirm-delete-winner').click();
  await expect(page.getByText(`${email} is deleted.`)).toBeVisible();
  await expect(page.getByText(`No winner's email matches "${email}"`)).toBeVisible();
});

test('a flag changed by someone else meanwhile opens the conflict dialog; mine can be saved over theirs', async ({
  page,
  baseURL,
}) => {
  const email = `e2e.conflict${Date.now()}@winners.test`;
  const api = await adminApi(baseURL!);
  const { winner } = await api.call(winners.create, { body: { email } });

  await signIn(page);
  await page.goto(`/preffy/winners?search=${encodeURIComponent(email)}`);
  const vetted = page.getByRole('combobox', { name: `Is Vetted: ${email}` });
  await expect(vetted).toHaveValue('false');
  // Someone else bans the winner after this page read it.
  await api.call(winners.update, {
    params: { id: winner.id },
    body: { version: winner.version, isBanned: true },
  });
  await api.dispose();

  await vetted.selectOption('True');
  const dialog = page.getByRole('dialog', { name: `${email} was changed by someone else` });
  await expect(dialog.getByTestId('conflict-table')).toContainText('Is Banned');
  await expect(dialog.getByTestId('conflict-table')).toContainText('Is Vetted');
  await dialog.getByRole('button', { name: 'Save mine over theirs' }).click();
  await expect(page.getByText(`Is Vetted is saved for ${email}.`)).toBeVisible();
  await expect(page.getByRole('combobox', { name: `Is Vetted: ${email}` })).toHaveValue('true');
  await expect(page.getByRole('combobox', { name: `Is Banned: ${email}` })).toHaveValue('true');
});

test('organizers get the no-access page and no Winners entry', async ({ page, baseURL }) => {
  await signInAsNew(page, baseURL!, 'organizer');
  await expect(page.getByTestId('nav-/preffy/calendar')).toBeVisible();
  await expect(page.getByTestId('nav-/preffy/winners')).toHaveCount(0);
  await page.goto('/preffy/winners');
  await expect(page.getByText('You do not have access to this page.')).toBeVisible();
});
