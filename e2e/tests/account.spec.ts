import { expect, test } from '@playwright/test';
import { signInAsNew } from './helpers.ts';

test('a user edits their profile: the unsaved-changes guard asks, the name and time zone are kept after a reload', async ({
  page,
  baseURL,
}) => {
  await signInAsNew(page, baseURL!, 'staff');
  await page.getByTestId('user-menu').click();
  await page.getByTestId('profile-link').click();
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();

  await page.getByRole('textbox', { name: 'Name' }).fill('Rosa Montes');
  await page.getByRole('combobox', { name: 'Time zone' }).fill('Tokyo');
  await page.getByRole('option', { name: 'Asia/Tokyo' }).click();

  // Leaving with unsaved changes asks first; staying keeps what was typed.
  await page.getByTestId('nav-/dashboard').click();
  await expect(page.getByRole('dialog', { name: 'Leave without saving?' })).toBeVisible();
  await page.getByRole('button', { name: 'Stay here' }).click();
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Rosa Montes');

  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Your profile was saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Rosa Montes');
  await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Asia/Tokyo');
  await expect(page.getByTestId('user-menu')).toHaveAccessibleName('Rosa Montes');
  // Saved: leaving no longer asks.
  await page.getByTestId('nav-/dashboard').click();
  await expect(page).toHaveURL(/\/dashboard/);
});

test('the layout settings are kept per user across a reload: horizontal with the dark top bar, dark colours, boxed', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsNew(page, baseURL!, 'staff');
  await page.getByTestId('open-layout-settings').click();
  const drawer = page.getByRole('dialog', { name: 'Layout settings' });
  // Each choice applies at once and stays chosen (the saves run in the background).
  for (const name of ['Horizontal', 'Dark', 'Boxed']) {
    await drawer.getByRole('radio', { name }).click();
    await expect(drawer.getByRole('radio', { name })).toBeChecked();
  }
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('top-nav')).toBeVisible();
  await expect(page.getByTestId('sidebar')).not.toBeInViewport();

  await page.reload();
  await expect(page.getByTestId('top-nav')).toBeVisible();
  await expect(page.getByTestId('sidebar')).not.toBeInViewport();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.locator('header[data-dark-topbar]')).toBeVisible();
  await page.getByTestId('open-layout-settings').click();
  await expect(
    page.getByRole('dialog', { name: 'Layout settings' }).getByRole('radio', { name: 'Boxed' }),
  ).toBeChecked();

  // Back to vertical: the sidebar returns.
  // A click, then the state: the radios follow the stored layout, a moment after the click.
  const vertical = page
    .getByRole('dialog', { name: 'Layout settings' })
    .getByRole('radio', { name: 'Vertical' });
  await vertical.click();
  await expect(vertical).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('sidebar')).toBeInViewport();
});

test('the sidebar shows from 992 px and hides behind the menu button below it', async ({ page, baseURL }) => {
  await signInAsNew(page, baseURL!, 'staff');
  await page.setViewportSize({ width: 992, height: 800 });
  await expect(page.getByTestId('sidebar')).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Show or hide the menu' }).first()).toBeVisible();
  await page.setViewportSize({ width: 991, height: 800 });
  await expect(page.getByTestId('sidebar')).not.toBeInViewport();
  const burger = page.locator('button[aria-controls="app-navbar"]');
  await expect(burger).toHaveAttribute('aria-expanded', 'false');
  await burger.click();
  await expect(burger).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByTestId('sidebar')).toBeInViewport();
});
