import { type Browser, expect, test } from '@playwright/test';
import { users } from '@preffy/api';
import { adminApi, newUserSignInPath, searchTable, signIn, signInLinkPath } from './helpers.ts';

/** Another single-use sign-in link for an existing user, minted by the admin. */
async function anotherSignInPath(baseURL: string, email: string) {
  const api = await adminApi(baseURL);
  const { items } = await api.call(users.list, { query: { search: email } });
  const path = await signInLinkPath(api, items[0]!.id);
  await api.dispose();
  return path;
}

/** A second browser (its own cookies) signed in through a link. */
async function otherBrowser(browser: Browser, path: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(path);
  await expect(page.getByTestId('user-menu')).toBeVisible();
  return { context, page };
}

test('a user signs out everywhere from the user menu, and their other browser is signed out too', async ({
  page,
  browser,
  baseURL,
}) => {
  const { email, path } = await newUserSignInPath(baseURL!, 'staff');
  const phone = await otherBrowser(browser, await anotherSignInPath(baseURL!, email));
  await page.goto(path);
  await expect(page.getByTestId('user-menu')).toBeVisible();

  await page.getByTestId('user-menu').click();
  await page.getByTestId('sign-out-everywhere').click();
  await expect(page.getByRole('dialog')).toContainText('this one included');
  await page.getByTestId('confirm-sign-out-everywhere').click();
  await expect(page).toHaveURL(/\/login/);

  await phone.page.goto('/preffy/view');
  await expect(phone.page).toHaveURL(/\/login/);
  await phone.context.close();
});

test('an admin signs a user out everywhere from the Users page', async ({ page, browser, baseURL }) => {
  const { email, path } = await newUserSignInPath(baseURL!, 'organizer');
  const user = await otherBrowser(browser, path);

  await signIn(page);
  await page.goto('/admin/users');
  await searchTable(page, 'Search by name or email', email);
  await page.getByRole('button', { name: `Actions: ${email}` }).click();
  await page.getByRole('menuitem', { name: 'Sign out everywhere' }).click();
  await expect(page.getByRole('dialog')).toContainText('must sign in again');
  await page.getByRole('dialog').getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page.getByText('is signed out everywhere')).toBeVisible();

  await user.page.reload();
  await expect(user.page).toHaveURL(/\/login/);
  await user.context.close();
});
