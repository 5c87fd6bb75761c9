import { expect, test } from '@playwright/test';
import { FORM_MESSAGES, addMonths } from '@preffy/domain';
import { calendar, competitions } from '@preffy/api';
import { pageApi, signIn, signInAsNew } from './helpers.ts';

test('an organizer reserves a date; another organizer sees the hold but cannot change it; staff confirm it', async ({
  page,
  browser,
  baseURL,
}) => {
  // A day months ahead, so the demo data and other runs do not share it.
  const month = addMonths(new Date().toISOString().slice(0, 7), 6);
  const day = `${month}-${String(10 + Math.floor(Math.random() * 15)).padStart(2, '0')}`;
  const artist = `Hold Artist ${Date.now()}`;

  await signInAsNew(page, baseURL!, 'organizer');
  await page.goto(`/preffy/calendar?month=${month}`);
  // A day nobody holds says so.
  await expect(page.getByTestId(`day-${day}`)).toContainText('Available');
  await page.getByRole('button', { name: `Competitions on ${day}` }).click();
  const dayDialog = page.getByRole('dialog', { name: `${day} Competitions` });
  await dayDialog.getByRole('button', { name: 'Reserve A Date' }).click();
  const form = page.getByRole('dialog', { name: 'Reserve A Date' });
  await expect(form.getByRole('button', { name: 'Date' })).toHaveText(day);
  await form.getByRole('button', { name: 'Reserve', exact: true }).click();
  await expect(form.getByText(FORM_MESSAGES.artistNameRequired, { exact: true })).toBeVisible();
  await expect(form.getByText(FORM_MESSAGES.numeric, { exact: true })).toBeVisible();

  await form.getByRole('textbox', { name: 'Artist Name' }).fill(artist);
  await form.getByRole('textbox', { name: 'Invoice Amount' }).fill('2500');
  await form.getByRole('switch', { name: 'Global contest' }).click();
  await form.getByRole('textbox', { name: 'Territories' }).fill('US, CA');
  await form.getByRole('button', { name: 'Reserve', exact: true }).click();
  await expect(form).toBeHidden();
  const cell = page.getByTestId(`day-${day}`);
  const entry = cell.getByText(artist);
  await expect(entry).toBeVisible();
  await expect(cell).not.toContainText('Available');
  await expect(cell.locator('[data-tone]').filter({ hasText: artist })).toHaveAttribute(
    'data-tone',
    'warning',
  );
  await expect(cell.locator('[data-tone]').filter({ hasText: artist })).toContainText('(Hold)');

  // A second organizer sees the hold, without Edit or Delete, and the server refuses their delete.
  const other = await browser.newContext({ baseURL });
  const otherPage = await other.newPage();
  await signInAsNew(otherPage, baseURL!, 'organizer');
  await otherPage.goto(`/preffy/calendar?month=${month}`);
  await expect(otherPage.getByTestId(`day-${day}`).getByText(artist)).toBeVisible();
  await otherPage.getByRole('button', { name: `Competitions on ${day}` }).click();
  const otherDialog = otherPage.getByRole('dialog', { name: `${day} Competitions` });
  const otherRow = otherDialog.getByRole('row').filter({ hasText: artist });
  await expect(otherRow).toContainText('Hold');
  await expect(otherRow.getByRole('link', { name: `Edit: ${artist}` })).toHaveCount(0);
  await expect(otherRow.getByRole('button', { name: `Delete: ${artist}` })).toHaveCount(0);
  const otherApi = pageApi(otherPage);
  const { items } = await otherApi.call(calendar.day, { params: { day } });
  const held = items.find((i) => i.organizer === artist)!;
  expect(
    (
      await otherApi.send(competitions.remove, { params: { id: held.id }, query: { version: held.version } })
    ).status(),
    // 404, not 403: another organizer's competition answers as if it did not exist.
  ).toBe(404);
  await other.close();

  // The owner sees Edit and Delete.
  await page.getByRole('button', { name: `Competitions on ${day}` }).click();
  await expect(page.getByRole('link', { name: `Edit: ${artist}` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Delete: ${artist}` })).toBeVisible();
  // Edit opens the update form, which shows what the reservation asked for.
  await page.getByRole('link', { name: `Edit: ${artist}` }).click();
  await expect(page.getByTestId('reservation-details')).toContainText('US, CA');

  // Staff confirm the hold; the entry turns from the warning colour to the confirmed one.
  const staff = await browser.newContext({ baseURL });
  const staffPage = await staff.newPage();
  await signIn(staffPage);
  await staffPage.goto(`/preffy/calendar?month=${month}`);
  await staffPage.getByRole('button', { name: `Competitions on ${day}` }).click();
  await staffPage.getByRole('button', { name: `Confirm the hold: ${artist}` }).click();
  // One click is not enough: the change is confirmed first (issue 17).
  await expect(staffPage.getByRole('dialog', { name: /Confirm the hold for/ })).toBeVisible();
  await staffPage.getByTestId('confirm-hold').click();
  const staffRow = staffPage.getByRole('dialog').getByRole('row').filter({ hasText: artist });
  await expect(staffRow.locator('[data-tone]')).toHaveAttribute('data-tone', 'danger');
  await staffPage.keyboard.press('Escape');
  const staffCell = staffPage.getByTestId(`day-${day}`);
  await expect(staffCell.locator('[data-tone]').filter({ hasText: artist })).toHaveAttribute(
    'data-tone',
    'danger',
  );
  await expect(staffCell.getByTestId('confirmed-count')).toHaveText('1 confirmed');
  await staff.close();
});

test('the month arrows and Today move the grid; the feed address can be made and copied', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/preffy/calendar');
  // The test server has no Genni form address: staff read a sentence saying so, as text.
  await expect(page.getByTestId('genni-form-missing')).toHaveText(
    "Genni Direct OB Form: not linked yet. Ask an administrator to add the form's address.",
  );
  await expect(page.getByRole('link', { name: 'Genni Direct OB Form' })).toHaveCount(0);
  const title = page.getByTestId('calendar-month');
  const now = await title.textContent();
  await page.getByRole('button', { name: 'Next month' }).click();
  await expect(title).not.toHaveText(now!);
  await expect(page).toHaveURL(/month=\d{4}-\d{2}/);
  await page.getByRole('button', { name: 'Previous month' }).click();
  await page.getByRole('button', { name: 'Previous month' }).click();
  await page.getByRole('button', { name: 'Today' }).click();
  await expect(title).toHaveText(now!);

  await page.getByRole('button', { name: 'Calendar feed' }).click();
  const dialog = page.getByRole('dialog', { name: 'Subscribe in your calendar app' });
  await dialog.getByRole('button', { name: /Make a (feed|new) address/ }).click();
  const address = dialog.getByRole('textbox', { name: 'Feed address' });
  await expect(address).toHaveValue(/\/api\/calendar\/feed\/[\w-]+\.ics$/);
  const feed = await page.request.get(new URL(await address.inputValue()).pathname);
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain('BEGIN:VCALENDAR');
  await dialog.getByRole('button', { name: 'Turn the feed off' }).click();
  await expect(dialog.getByText('You have no calendar feed.')).toBeVisible();
});

test('staff start the competition from a hold in the day modal: the calendar keeps one entry, now the competition', async ({
  page,
}) => {
  const month = addMonths(new Date().toISOString().slice(0, 7), 7);
  const day = `${month}-${String(10 + Math.floor(Math.random() * 15)).padStart(2, '0')}`;
  const artist = `Hold To Contest ${Date.now()}`;
  await signIn(page);
  await page.goto(`/preffy/calendar?month=${month}`);
  await page.getByRole('button', { name: `Competitions on ${day}` }).click();
  await page
    .getByRole('dialog', { name: `${day} Competitions` })
    .getByRole('button', { name: 'Reserve A Date' })
    .click();
  const form = page.getByRole('dialog', { name: 'Reserve A Date' });
  await form.getByRole('textbox', { name: 'Artist Name' }).fill(artist);
  await form.getByRole('textbox', { name: 'Song Name' }).fill('Night Swim');
  await form.getByRole('textbox', { name: 'Invoice Amount' }).fill('2500');
  await form.getByRole('button', { name: 'Reserve', exact: true }).click();
  await expect(form).toBeHidden();
  const cell = page.getByTestId(`day-${day}`);
  await expect(cell.locator('[data-tone]').filter({ hasText: artist })).toHaveAttribute(
    'data-tone',
    'warning',
  );

  await page.getByRole('button', { name: `Competitions on ${day}` }).click();
  await page.getByRole('link', { name: `Start competition: ${artist}` }).click();
  await expect(page.getByTestId('start-from-hold')).toContainText(`The hold of ${artist}`);
  await expect(page.getByRole('textbox', { name: 'Artist Name' })).toHaveValue(artist);
  await expect(page.getByRole('textbox', { name: 'Song Title' })).toHaveValue('Night Swim');
  await page.getByRole('textbox', { name: 'Link To Song' }).fill('https://soundcloud.com/preffy/night-swim');
  await page.getByRole('checkbox', { name: 'Is Closed?' }).check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByTestId('start-success')).toContainText('The hold is now this competition.');

  await page.getByRole('link', { name: 'Back to the calendar' }).click();
  // One entry for the artist, no longer a hold: the confirmed competition.
  const entries = cell.locator('[data-tone]').filter({ hasText: artist });
  await expect(entries).toHaveCount(1);
  await expect(entries).toHaveAttribute('data-tone', 'danger');
  await page.getByRole('button', { name: `Competitions on ${day}` }).click();
  const rows = page
    .getByRole('dialog', { name: `${day} Competitions` })
    .getByRole('row')
    .filter({ hasText: artist });
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('Confirmed');
  await expect(rows.getByRole('link', { name: `Start competition: ${artist}` })).toHaveCount(0);
});
