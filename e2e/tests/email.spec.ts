import { expect, test } from '@playwright/test';
import { adminApi, signIn, searchTable } from './helpers.ts';
import { createCompetition } from './records.ts';

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

  // Nothing goes before the number of people is confirmed.
  await dialog.getByTestId('send-email').click();
  await expect(dialog.getByTestId('send-confirmation')).toContainText(
    'This sends the email to 2 subscribers.',
  );
  await dialog.getByRole('button', { name: 'Confirm: send to 2 subscribers' }).click();
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
  // The demo's subscribers only: tests running beside this one add winners of their own.
  await searchTable(page, 'Search by email or PayPal', 'creators.example');
  await page.getByRole('button', { name: /Select all 13 matching/ }).click();
  await expect(page.getByTestId('selected-count')).toHaveText('13 selected');
  await page.getByRole('checkbox', { name: 'creator0@creators.example' }).uncheck();
  await expect(page.getByTestId('selected-count')).toHaveText('12 selected');
  await page.getByRole('button', { name: 'Send An Email' }).click();
  await expect(page.getByRole('dialog', { name: 'Send An Email To 12 Users' })).toBeVisible();
});

test('an admin announces a confirmed competition from its row menu: preview, confirm, and it is in the outbox', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const api = await adminApi(baseURL!);
  const name = `Announce Song ${Date.now()}`;
  await createCompetition(api, {
    name,
    organizer: 'Announce Artist',
    startedYesterday: true,
    confirmed: true,
  });
  await api.dispose();

  await signIn(page);
  // Not yet marked Active: a new competition is listed under Upcoming.
  await page.goto('/preffy/view');
  await page.getByTestId('tab-upcoming').click();
  await searchTable(page, 'Search Artist or Song', name);
  await page
    .getByRole('row')
    .filter({ hasText: name })
    .getByRole('button', { name: `Actions: ${name}` })
    .click();
  await page.getByRole('menuitem', { name: 'Announce to subscribers' }).click();

  // Every subscriber, the competition chosen: Send shows the preview and asks once more.
  const dialog = page.getByRole('dialog', { name: /^Send An Email To \d+ Users$/ });
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('send-email').click();
  await expect(dialog.getByTestId('send-confirmation')).toContainText(
    'unsubscribed and banned addresses are skipped',
  );
  await expect(dialog.getByTestId('preview-subject')).toContainText(name);
  await dialog.getByTestId('send-email').click();
  await expect(dialog.getByRole('status')).toContainText('emails queued');
  await dialog.getByRole('button', { name: 'Close' }).last().click();

  await page.goto('/preffy/outbox');
  await searchTable(page, 'Search by subject or recipient', name);
  await expect(page.getByRole('cell', { name: 'New competition', exact: true }).first()).toBeVisible();
});

test('an admin sends a plain-text email to picked subscribers; the outbox holds its text and no HTML', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/preffy/email');
  await searchTable(page, 'Search by email or PayPal', 'creator12');
  await page.getByRole('checkbox', { name: 'creator12@creators.example' }).check();
  await expect(page.getByTestId('selected-count')).toHaveText('1 selected');

  await page.getByRole('button', { name: 'Send A Plain-Text Email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send A Plain-Text Email To 1 User' });
  const subject = `Plain hello ${Date.now()}`;
  await dialog.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await dialog.getByRole('textbox', { name: 'Message' }).fill('Hello from Preffy, in plain words.');
  await dialog.getByTestId('send-outreach').click();
  await expect(dialog.getByRole('status')).toContainText('1 emails queued');
  await dialog.getByRole('button', { name: 'Close' }).last().click();

  await page.goto('/preffy/outbox');
  await searchTable(page, 'Search by subject or recipient', subject);
  await page.getByRole('cell', { name: 'Outreach', exact: true }).click();
  const message = page.getByRole('dialog');
  await expect(message).toContainText('Hello from Preffy, in plain words.');
  await expect(message.locator('iframe')).toHaveCount(0);
});
