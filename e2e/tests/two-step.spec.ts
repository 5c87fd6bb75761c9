import { type Page, expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { outbox, users } from '@preffy/api';
import { adminApi } from './helpers.ts';

const PASSWORD = 'two-step-password-1';

/** The code an authenticator app shows for the key, `stepsAhead` 30-second steps from now. */
const codeFor = (key: string, stepsAhead = 0) =>
  new TOTP({ secret: Secret.fromBase32(key.replace(/\s/g, '')) }).generate({
    timestamp: Date.now() + stepsAhead * 30_000,
  });

/** A new staff member who set their password through the invitation email (from the outbox). */
async function invitedStaff(page: Page, baseURL: string) {
  const email = `two-step-${Date.now()}@preffy.test`;
  const api = await adminApi(baseURL);
  await api.call(users.invite, { body: { email, name: 'Tomás Vidal', role: 'staff' } });
  const { items } = await api.call(outbox.list, { query: { search: email } });
  const { text } = await api.call(outbox.get, { params: { id: items[0]!.id } });
  await api.dispose();
  const link = /https?:\/\/\S*#token=[\w-]+/.exec(text)![0];
  await page.goto(new URL(link).pathname + new URL(link).hash);
  await page.getByLabel('New password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Save the password' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  return email;
}

test('two-step verification: set up with a code computed here, then the sign-in asks for the next code', async ({
  page,
  baseURL,
}) => {
  const email = await invitedStaff(page, baseURL!);
  await page.goto('/profile');
  const card = page.getByTestId('two-step-card');
  await expect(card.getByText('Off', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Set up two-step verification' }).click();

  const dialog = page.getByRole('dialog', { name: 'Set up two-step verification' });
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const key = (await dialog.getByTestId('two-step-secret').textContent())!;
  await dialog.getByLabel('Code from the app').fill('000000' === codeFor(key) ? '111111' : '000000');
  await dialog.getByRole('button', { name: 'Turn on' }).click();
  await expect(dialog.getByLabel('Code from the app')).toHaveAccessibleDescription(
    /This code is not right\. Enter the newest code from your app\./,
  );
  await dialog.getByLabel('Code from the app').fill(codeFor(key));
  await dialog.getByRole('button', { name: 'Turn on' }).click();

  const codes = dialog.getByTestId('recovery-codes');
  await expect(codes.locator('p, div').first()).toBeVisible();
  expect((await codes.innerText()).split(/\s+/).filter(Boolean)).toHaveLength(10);
  await dialog.getByTestId('two-step-done').click();
  await expect(card.getByText('On', { exact: true })).toBeVisible();
  await expect(card.getByTestId('recovery-codes-left')).toHaveText('10 recovery codes left');

  // Signing in again: the password, then the code (the next step's: each code works once).
  await page.getByTestId('user-menu').click();
  await page.getByTestId('sign-out').click();
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  await page.getByLabel('Code from the app').fill(codeFor(key, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('user-menu')).toHaveAccessibleName('Tomás Vidal');
});

test('the lock screen: Lock screen in the user menu hides the app until the password, also after a reload', async ({
  page,
  baseURL,
}) => {
  await invitedStaff(page, baseURL!);
  await page.goto('/preffy/view');
  await page.getByTestId('user-menu').click();
  await page.getByTestId('lock-screen').click();
  await expect(page.getByRole('heading', { name: 'Screen locked' })).toBeVisible();
  await expect(page.getByTestId('user-menu')).toHaveCount(0);
  // The server keeps it locked: a reload shows the lock screen again.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Screen locked' })).toBeVisible();

  const password = page.getByRole('textbox', { name: 'Password', exact: true });
  await password.fill('not-my-password');
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(password).toHaveAccessibleDescription('Your password is not right');
  await password.fill(PASSWORD);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await expect(page).toHaveURL(/\/preffy\/view/);
});
