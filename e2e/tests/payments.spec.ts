import { type Page, expect, test } from '@playwright/test';
import { type PaymentTotals, payments } from '@preffy/api';
import { pageApi, searchTable, signIn, signInAsNew } from './helpers.ts';

type Total = PaymentTotals['toBePaid'];

const usd = (amount: number) =>
  new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    // As the app shows money: whole dollars without cents, otherwise two digits.
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);
const toBePaidText = ({ count, amount }: Total) =>
  `${count} ${count === 1 ? 'payment' : 'payments'} to be paid, ${usd(amount)} in all`;
const sentText = ({ count, amount }: Total) =>
  `${count} ${count === 1 ? 'payment' : 'payments'} sent to CSV, ${usd(amount)} in all`;
const plus = (total: Total, count: number, amount: number) => ({
  count: total.count + count,
  amount: Math.round((total.amount + amount) * 100) / 100,
});

const totalsOf = (page: Page) => pageApi(page).call(payments.totals);

test('staff mark a payment Sent after confirming, find it under Sent To CSV, and Unsend it back', async ({
  page,
}) => {
  await signIn(page);
  // The demo data holds payments of the completed competitions; the newest one owed is used.
  const owed = await pageApi(page).call(payments.list, {
    query: { status: 'To Be Paid', sortDirection: 'desc', pageSize: 1 },
  });
  const payment = owed.items[0]!;
  expect(payment).toBeDefined();
  const before = await totalsOf(page);

  await page.goto('/preffy/payments');
  await expect(page.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: /To Be Paid/ })).toHaveAttribute('aria-selected', 'true');
  const totals = page.getByTestId('payment-totals');
  await expect(totals).toHaveText(toBePaidText(before.toBePaid));

  const searchLabel = 'Search emails or competition';
  await searchTable(page, searchLabel, payment.contactEmail);
  await expect(page).toHaveURL(/search=/);
  const row = page.getByRole('row').filter({ hasText: payment.contactEmail }).filter({
    hasText: payment.competitionName,
  });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('link', { name: payment.competitionName })).toHaveAttribute(
    'href',
    `/table-update?id=${encodeURIComponent(payment.competitionId)}`,
  );
  await expect(row).toContainText(usd(payment.amount));
  await expect(row).toContainText('To Be Paid');

  // Check shows the payment email.
  await row.getByRole('button', { name: `Check the payment email of ${payment.contactEmail}` }).click();
  await expect(page.getByTestId('check-payment-email')).toHaveText(payment.paymentEmail);
  await page.keyboard.press('Escape');

  // Sent asks first; Cancel changes nothing.
  const sent = row.getByRole('button', { name: `Mark the payment to ${payment.contactEmail} as sent` });
  await sent.click();
  const dialog = page.getByRole('dialog', { name: 'Mark this payment as sent?' });
  await expect(dialog).toContainText(`${usd(payment.amount)} to ${payment.paymentEmail}`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(1);

  await sent.click();
  await page.getByTestId('confirm-payment').click();
  await expect(page.getByText(`The payment to ${payment.contactEmail} is marked as sent.`)).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.getByText(`Nothing matches "${payment.contactEmail}"`)).toBeVisible();

  // Sent To CSV: the whole tab's totals grew by the payment; the payment is there.
  await page.getByRole('tab', { name: /Sent To CSV/ }).click();
  await expect(page).toHaveURL(/tab=sent/);
  await expect(totals).toHaveText(sentText(plus(before.paid, 1, payment.amount)));
  await searchTable(page, searchLabel, payment.contactEmail);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Sent To CSV');

  // Unsend returns it to To Be Paid, and the totals are as they were.
  await row.getByRole('button', { name: `Unsend the payment to ${payment.contactEmail}` }).click();
  await expect(page.getByRole('dialog', { name: 'Unsend this payment?' })).toBeVisible();
  await page.getByTestId('confirm-payment').click();
  await expect(page.getByText(`The payment to ${payment.contactEmail} is back in To Be Paid.`)).toBeVisible();
  await expect(row).toHaveCount(0);
  await page.getByRole('tab', { name: /To Be Paid/ }).click();
  await expect(totals).toHaveText(toBePaidText(before.toBePaid));
  expect(await totalsOf(page)).toEqual(before);

  // On a phone the page fits the screen: the table scrolls inside itself.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/preffy/payments?search=${encodeURIComponent(payment.contactEmail)}`);
  await expect(row).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('organizers get the no-access page', async ({ page, baseURL }) => {
  await signInAsNew(page, baseURL!, 'organizer');
  await page.goto('/preffy/payments');
  await expect(page.getByTestId('no-access')).toBeVisible();
  // The sidebar does not offer it either.
  await expect(page.getByRole('navigation').getByTestId('nav-/preffy/payments')).toHaveCount(0);
  expect((await pageApi(page).send(payments.list)).status()).toBe(403);
});
