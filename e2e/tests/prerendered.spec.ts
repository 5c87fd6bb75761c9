import { type Page, expect, test } from '@playwright/test';
import { competitions } from '@preffy/api';
import { ADMIN, adminApi, signIn } from './helpers.ts';

// The sign-in and forgot-password pages come drawn in the HTML (apps/web/prerender-pages.ts), the
// public competition page and All Competitions (with the user's own data) drawn by the server per
// request; the app's JavaScript arrives after the first paint and hydrates them.

/** Holds the app's entry script until `release` is called, as a slow link would. */
async function holdAppScript(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test("the sign-in page is drawn before its JavaScript, in the browser's language and colour scheme", async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'de-DE', colorScheme: 'dark' });
  const page = await context.newPage();
  await holdAppScript(page);
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Bei Preffy Admin anmelden' })).toBeVisible();
  await expect(page).toHaveTitle('Bei Preffy Admin anmelden · Preffy Admin');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  // Chosen by boot.js before the first paint: a dark page is never drawn light first.
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await context.close();
});

test('what a visitor types and sends before the app arrives counts, and the page hydrates cleanly', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    // The wrong password's 401 is expected; any other error is not.
    if (message.type() === 'error' && !message.text().includes('401 (Unauthorized)'))
      errors.push(message.text());
  });
  const release = await holdAppScript(page);
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(ADMIN.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not-the-password');
  // Sent before the app is there: held, not a reload that would lose the text.
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  release();
  // The app takes the typed text and sends the form: the server's answer shows.
  await expect(page.getByTestId('login-error')).toHaveText('Invalid credentials');
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(ADMIN.email);
  // Now the app's own: a right password signs in.
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // A hydration that did not match would have said so (React error 418) and redrawn the page.
  expect(errors).toEqual([]);
});

test.describe('a reader in New York', () => {
  test.use({ timezoneId: 'America/New_York' });

  test("the public competition page comes drawn by the server, and hydrates with the reader's own dates", async ({
    page,
    baseURL,
  }) => {
    const api = await adminApi(baseURL!);
    const { items } = await api.call(competitions.list, { query: { pageSize: 1, sortDirection: 'asc' } });
    await api.dispose();
    const competition = items[0]!;
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const release = await holdAppScript(page);
    await page.goto(`/c/${competition.id}`);
    await expect(page.getByRole('heading', { level: 1, name: competition.name })).toBeVisible();
    await expect(page).toHaveTitle(`${competition.name} – ${competition.organizer}`);
    await expect(page.getByTestId('prize-total')).toBeVisible();
    // The server knows neither the reader's time zone nor the moment: the dates wait for the app.
    await expect(page.getByTestId('dates')).toBeVisible();
    await expect(page.getByTestId('countdown')).toHaveCount(0);
    await expect(page.getByTestId('dates')).toContainText(' UTC');
    release();
    await expect(page.getByTestId('countdown')).toBeVisible();
    // In the reader's time now, named with the reader's zone.
    await expect(page.getByTestId('dates')).not.toContainText('UTC');
    await expect(page.getByTestId('dates')).toContainText(/E[SD]T/);
    // The page keeps the name it gives itself (song – artist) once the app runs.
    await expect(page).toHaveTitle(`${competition.name} – ${competition.organizer}`);
    expect(errors).toEqual([]);
  });
});

test("All Competitions comes drawn by the server with the user's own list, and hydrates into a working table", async ({
  page,
  baseURL,
  browser,
}) => {
  const api = await adminApi(baseURL!);
  // A demo competition no other test file changes: the completed one that ended first. The
  // page is opened searching for it, so what other files add meanwhile does not change it.
  const { items } = await api.call(competitions.list, {
    query: { tab: 'completed', sortBy: 'endDate', sortDirection: 'asc', pageSize: 1 },
  });
  await api.dispose();
  const competition = items[0]!;
  await signIn(page);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const release = await holdAppScript(page);
  const answer = await page.goto(`/preffy/view?tab=completed&search=${encodeURIComponent(competition.name)}`);
  // The user's own data: no cache may keep it.
  expect(answer!.headers()['cache-control']).toBe('private, no-store');
  await expect(page.getByRole('heading', { level: 1, name: 'All Competitions' })).toBeVisible();
  await expect(page).toHaveTitle('All Competitions · Preffy Admin');
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Search Artist or Song' })).toHaveValue(competition.name);
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: competition.name, exact: true }) });
  await expect(row.getByRole('cell', { name: competition.organizer, exact: true })).toBeVisible();
  await expect(page.getByTestId('tab-completed')).toHaveAttribute('aria-selected', 'true');
  // A tab pressed before the app arrives is pressed again once it is there.
  await page.getByTestId('tab-upcoming').click();
  release();
  await expect(page).toHaveURL(/tab=upcoming/);
  await expect(page.getByTestId('tab-upcoming')).toHaveAttribute('aria-selected', 'true');
  expect(errors).toEqual([]);

  // Without a session the page is not drawn: the app sends the visitor to sign in.
  const signedOut = await browser.newContext();
  const visitor = await signedOut.newPage();
  const plain = await visitor.goto('/preffy/view');
  expect(await plain!.text()).not.toContain('data-prerendered');
  await expect(visitor).toHaveURL(/\/login\?redirect=/);
  await signedOut.close();
});
