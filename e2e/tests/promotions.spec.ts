import { expect, test } from '@playwright/test';
import { PROMOTION_MESSAGES } from '@preffy/domain';
import { winners } from '@preffy/api';
import { adminApi, signIn, signInAsNew, searchTable } from './helpers.ts';
import { createCompetition } from './records.ts';

// Each test makes its competition and winners first; the machine may be busy.
test.describe.configure({ timeout: 60_000 });

test('staff create a promotion, see its creator count, send its email after confirming, edit it and delete it', async ({
  page,
  baseURL,
}) => {
  const stamp = `${Date.now()}`.slice(-8);
  const song = `Promo Song ${stamp}`;
  const name = `E2E giveaway ${stamp}`;
  const fresh = `e2e.promo.fresh${stamp}@creators.test`;
  const other = `e2e.promo.other${stamp}@creators.test`;
  const unsubscribed = `e2e.promo.unsub${stamp}@creators.test`;

  // A competition of its own, and a creator who unsubscribed from marketing mail.
  const api = await adminApi(baseURL!);
  await createCompetition(api, { name: song, organizer: 'Promo Artist' });
  const { winner } = await api.call(winners.create, { body: { email: unsubscribed } });
  await api.call(winners.update, {
    params: { id: winner.id },
    body: { version: winner.version, isUnsubscribed: true },
  });
  await api.dispose();

  await signIn(page);
  await page.getByTestId('nav-/preffy/promotion').click();
  await expect(page.getByRole('heading', { name: 'Promotions', level: 1 })).toBeVisible();

  // Create Promotion: the form's checks first, then a valid promotion.
  await page.getByRole('button', { name: 'Create Promotion' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Promotion' });
  await dialog.getByRole('button', { name: 'Create the promotion' }).click();
  await expect(dialog.getByText(PROMOTION_MESSAGES.nameRequired)).toBeVisible();
  await expect(dialog.getByText(PROMOTION_MESSAGES.competitionRequired)).toBeVisible();

  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('combobox', { name: 'Competition' }).fill(song);
  await page.getByRole('option', { name: new RegExp(song) }).click();
  await dialog.getByRole('textbox', { name: 'Amount per creator' }).fill('10');
  await dialog.getByRole('textbox', { name: 'Remaining balance' }).fill('25');
  const emails = dialog.getByRole('textbox', { name: 'Creator emails' });
  await emails.fill(`${fresh}\nnot an email\n${unsubscribed.toUpperCase()}`);
  await dialog.getByRole('button', { name: 'Create the promotion' }).click();
  await expect(dialog.getByText('Line 2 is not a valid email')).toBeVisible();
  await emails.fill(`${fresh}\n${other}\n${unsubscribed.toUpperCase()}\n${fresh}`);
  await expect(dialog.getByTestId('creator-email-count')).toHaveText('3 creator emails');
  await dialog.getByRole('button', { name: 'Create the promotion' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${name} is created.`)).toBeVisible();

  // The creator count: $25 ÷ $10 pays 2 whole creators.
  await searchTable(page, 'Search by name or competition', name);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(song);
  await expect(row.getByTestId('creator-count')).toHaveText('2');
  await expect(row).toContainText('$25 ÷ $10');

  // Send promotion email: confirmed, then the result; the unsubscribed address is skipped.
  await row.getByRole('button', { name: `Send promotion email: ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Send the promotion email of ${name}?` });
  await expect(confirm).toContainText('goes to 3 creator emails');
  await confirm.getByTestId('confirm-send-promotion').click();
  await expect(page.getByTestId('promotion-send-result')).toHaveText(
    '2 emails queued. 1 address skipped (unsubscribed or banned).',
  );
  // The footer's Close (the title bar's × is named Close too).
  await page.getByRole('button', { name: 'Close', exact: true }).last().click();

  // The admin finds the message in the outbox.
  await page.goto('/preffy/outbox');
  await searchTable(page, 'Search by subject or recipient', fresh);
  const message = page.getByRole('cell', { name: 'Giveaway promotion', exact: true });
  await expect(message).toHaveCount(1);
  await message.click();
  await expect(page.getByRole('dialog').getByRole('cell', { name: fresh })).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('cell', { name: unsubscribed })).toBeVisible();
  await page.keyboard.press('Escape');

  // Edit: closing with unsaved changes asks first; a zero balance then forbids sending, and says why.
  await page.goto(`/preffy/promotion?search=${encodeURIComponent(name)}`);
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${name}` });
  await edit.getByRole('textbox', { name: 'Remaining balance' }).fill('0');
  // A reload asks too (the browser's own question); staying keeps the form as it was.
  const reloadAsked = page.waitForEvent('dialog');
  void page.reload().catch(() => {});
  const reloadQuestion = await reloadAsked;
  expect(reloadQuestion.type()).toBe('beforeunload');
  await reloadQuestion.dismiss();
  await expect(edit.getByRole('textbox', { name: 'Remaining balance' })).toHaveValue('$0');
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await page.getByTestId('confirm-discard').click();
  await expect(edit).toBeHidden();
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  await edit.getByRole('textbox', { name: 'Remaining balance' }).fill('0');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(row.getByTestId('creator-count')).toHaveText('0');
  await expect(row.getByTestId('send-block')).toHaveText('Cannot send: the remaining balance is 0.');
  const send = row.getByRole('button', { name: `Send promotion email: ${name}` });
  await expect(send).toHaveAttribute('aria-disabled', 'true');
  // Still reachable from the keyboard, with the reason as its description; Enter does nothing.
  await expect(send).toHaveAccessibleDescription('Cannot send: the remaining balance is 0.');
  await send.focus();
  await expect(send).toBeFocused();
  await page.keyboard.press('Enter');
  // A dialog the Enter opened would still be there when the next one opens: the only dialog is Edit.
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  await expect(edit).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeHidden();

  // On a phone (390 px) the page itself does not scroll sideways; the table scrolls in its own box.
  const viewport = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize(viewport);

  // Delete, after confirming.
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  const remove = page.getByRole('dialog', { name: `Delete ${name}?` });
  await expect(remove.getByText('Are you sure you want to delete?')).toBeVisible();
  await remove.getByTestId('confirm-delete-promotion').click();
  await expect(page.getByText(`${name} is deleted.`)).toBeVisible();
  await expect(page.getByText(`No promotion or competition matches "${name}"`)).toBeVisible();
});

test('organizers get the no-access page and no Promotions entry', async ({ page, baseURL }) => {
  await signInAsNew(page, baseURL!, 'organizer');
  await expect(page.getByTestId('nav-/preffy/calendar')).toBeVisible();
  await expect(page.getByTestId('nav-/preffy/promotion')).toHaveCount(0);
  await page.goto('/preffy/promotion');
  await expect(page.getByText('You do not have access to this page.')).toBeVisible();
});
