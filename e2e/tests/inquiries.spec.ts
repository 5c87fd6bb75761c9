import { expect, test } from '@playwright/test';
import { users } from '@preffy/api';
import { adminApi, signIn, signInAsNew, searchTable } from './helpers.ts';

test.describe.configure({ timeout: 90_000 });

test('a prospect sends the public form; staff find it under Unseen, update and assign it, note it, reserve a date for it, and delete it', async ({
  page,
  baseURL,
}) => {
  const stamp = `${Date.now()}`.slice(-8);
  const first = `Maya${stamp}`;
  const fullName = `${first} Chen`;
  const email = `maya.${stamp}@label.test`;
  const assignee = `e2e.inquiries.${stamp}@preffy.test`;
  const assigneeName = `Sam Inbox ${stamp}`;

  // A staff user to assign it to.
  const api = await adminApi(baseURL!);
  await api.call(users.invite, { body: { email: assignee, name: assigneeName, role: 'staff' } });
  await api.dispose();

  // Signed out: the public form, no shell. Its checks first, then a valid inquiry.
  await page.goto('/inquire');
  await expect(page.getByRole('heading', { name: 'Book a contest', level: 1 })).toBeVisible();
  await expect(page.getByTestId('user-menu')).toHaveCount(0);
  await page.getByRole('button', { name: 'Send the inquiry' }).click();
  await expect(page.getByText('Invalid First Name')).toBeVisible();
  await expect(page.getByText('Please tell us about your project')).toBeVisible();
  // The honeypot is out of reach: hidden from assistive technology and the Tab key.
  await expect(page.locator('input[name="website"]')).toHaveAttribute('tabindex', '-1');
  await page.getByRole('textbox', { name: 'First Name' }).fill(first);
  await page.getByRole('textbox', { name: 'Last Name' }).fill('Chen');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Phone' }).fill('12');
  await page.getByRole('combobox', { name: 'Source' }).click();
  await page.getByRole('option', { name: 'Referral' }).click();
  await page.getByRole('combobox', { name: 'Inquiry Type' }).click();
  await page.getByRole('option', { name: 'Campaign' }).click();
  await page.getByRole('checkbox', { name: 'TikTok' }).check();
  await page.getByRole('checkbox', { name: 'YouTube' }).check();
  await page.getByRole('textbox', { name: 'Message' }).fill(`A contest for our single ${stamp}`);
  await page.getByRole('button', { name: 'Send the inquiry' }).click();
  await expect(page.getByText('Invalid phone')).toBeVisible();
  await page.getByRole('textbox', { name: 'Phone' }).fill('+1 212 555 0123');
  await page.getByRole('button', { name: 'Send the inquiry' }).click();
  await expect(page.getByTestId('inquiry-sent')).toContainText('Thank you!');

  // Staff find it under Unseen.
  await signIn(page);
  await page.goto('/inquiries?status=unseen');
  await expect(page.getByRole('heading', { name: 'Unseen Inquiries', level: 1 })).toBeVisible();
  await expect(page.getByTestId('unseen-inquiries')).toBeVisible();
  await searchTable(page, 'Search by name, email, source or type', email);
  const row = page.getByRole('row', { name: new RegExp(fullName) });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('inquiry-status')).toHaveText('Unseen');
  await expect(row).toContainText('Referral');
  // The status control sets ?status; the other views do not hold it.
  const statusControl = page.getByRole('radiogroup', { name: 'Inquiry status' });
  await statusControl.getByText('Completed', { exact: true }).click();
  await expect(page).toHaveURL(/status=completed/);
  await expect(page.getByRole('heading', { name: 'Completed Inquiries', level: 1 })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(fullName) })).toHaveCount(0);
  await statusControl.getByText('Unseen', { exact: true }).click();
  await expect(page).toHaveURL(/status=unseen/);
  await page.getByRole('link', { name: `View details of ${fullName}` }).click();
  await expect(page).toHaveURL(/\/contacts-profile\?id=/);

  // The record.
  await expect(page.getByRole('heading', { name: fullName, level: 1 })).toBeVisible();
  await expect(page.getByTestId('inquiry-message')).toHaveText(`A contest for our single ${stamp}`);
  await expect(page.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
  await expect(page.getByText('TikTok')).toBeVisible();

  // Update Inquiry: status and assignee, with the version.
  await page.getByRole('button', { name: 'Update', exact: true }).click();
  const update = page.getByRole('dialog', { name: `Update Inquiry: ${fullName}` });
  await update.getByRole('textbox', { name: 'Email' }).fill('not an email');
  await update.getByRole('button', { name: 'Save' }).click();
  await expect(update.getByText('Invalid email')).toBeVisible();
  await update.getByRole('textbox', { name: 'Email' }).fill(email);
  await update.getByRole('combobox', { name: 'Assigned To' }).fill(assigneeName);
  await page.getByRole('option', { name: new RegExp(assigneeName) }).click();
  await update.getByRole('combobox', { name: 'Inquiry Status' }).click();
  await page.getByRole('option', { name: 'In Progress' }).click();
  await update.getByRole('button', { name: 'Save' }).click();
  await expect(update).toBeHidden();
  await expect(page.getByTestId('inquiry-status')).toHaveText('In Progress');
  await expect(page.getByTestId('inquiry-assignee')).toHaveText(assigneeName);
  const activity = page.getByTestId('inquiry-activity');
  await expect(activity).toContainText('changed the status from Unseen to In Progress');
  await expect(activity).toContainText('created the inquiry');
  const url = page.url();

  // The new assignee's email is in the outbox.
  await page.goto('/preffy/outbox');
  await searchTable(page, 'Search by subject or recipient', assignee);
  await expect(page.getByRole('cell', { name: 'Inquiry assignment', exact: true })).toHaveCount(1);

  // Add A Note: rich text, shown with its author, and in the timeline.
  await page.goto(url);
  await page.getByRole('button', { name: 'Add A Note' }).click();
  const noteDialog = page.getByRole('dialog', { name: 'Add A Note' });
  await noteDialog.getByRole('button', { name: 'Save' }).click();
  await expect(noteDialog.getByText('Please write the note')).toBeVisible();
  await noteDialog.getByRole('textbox', { name: 'Note' }).click();
  await page.keyboard.type(`Called them back ${stamp}`);
  await noteDialog.getByRole('button', { name: 'Save' }).click();
  await expect(noteDialog).toBeHidden();
  await expect(page.getByTestId('inquiry-note').first()).toHaveText(`Called them back ${stamp}`);
  await expect(activity).toContainText('added a note');

  // Reserve a date for this inquiry: the Reserve A Date form comes pre-filled with who asked; the
  // hold it makes is linked to the inquiry, in the timeline, and on the calendar.
  await page.getByRole('button', { name: 'Reserve a date for this inquiry' }).click();
  const reserve = page.getByRole('dialog', { name: 'Reserve A Date' });
  await expect(reserve.getByRole('textbox', { name: 'Artist Name' })).toHaveValue(fullName);
  await expect(reserve.getByRole('textbox', { name: 'Notes' })).toHaveValue(
    `From the inquiry of ${fullName} (${email}, +1 212 555 0123)`,
  );
  await reserve.getByRole('button', { name: 'Reserve', exact: true }).click();
  await expect(reserve.getByText('Please pick a date')).toBeVisible();
  await reserve.getByRole('button', { name: 'Date' }).click();
  // Next month's 15th: ahead of today, whatever today is.
  await page.locator('[data-direction="next"]').first().click();
  await page.locator('table button:not([data-outside])', { hasText: /^15$/ }).first().click();
  const holdDay = await reserve.getByRole('button', { name: 'Date' }).innerText();
  expect(holdDay).toMatch(/^\d{4}-\d{2}-15$/);
  await reserve.getByRole('textbox', { name: 'Invoice Amount' }).fill('3000');
  await reserve.getByRole('button', { name: 'Reserve', exact: true }).click();
  await expect(reserve).toBeHidden();
  await expect(page.getByText('The hold is linked to this inquiry')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reserve a date for this inquiry' })).toHaveCount(0);
  await expect(activity).toContainText('linked a calendar hold');
  await page.goto(`/preffy/calendar?month=${holdDay.slice(0, 7)}`);
  await expect(page.getByTestId(`day-${holdDay}`)).toContainText(fullName);
  await page.goto(url);
  await page.getByRole('link', { name: 'Open the hold' }).click();
  await expect(page).toHaveURL(/\/edit\?id=/);
  await page.goto(url);

  // Delete, after confirming: back to the inbox, and gone from it.
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByTestId('confirm-delete-inquiry').click();
  await expect(page).toHaveURL(/\/inquiries$/);
  await expect(page.getByRole('heading', { name: 'All Inquiries', level: 1 })).toBeVisible();
  await searchTable(page, 'Search by name, email, source or type', email);
  await expect(page.getByText('No inquiries match')).toBeVisible();
});

test('organizers get the no-access page and no Inquiries entry', async ({ page, baseURL }) => {
  await signInAsNew(page, baseURL!, 'organizer');
  await expect(page.getByTestId('nav-/inquiries')).toHaveCount(0);
  await page.goto('/inquiries');
  await expect(page.getByTestId('no-access')).toBeVisible();
});
