import { expect, test } from '@playwright/test';
import { email, health, users } from '@preffy/api';
import { ADMIN, newUserSignInPath, pageApi, signIn, signInWithForm } from './helpers.ts';

const SIDEBAR = [
  ['/preffy/view', 'All Competitions'],
  ['/preffy/posts', 'Posts'],
  ['/preffy/add', 'Add'],
  ['/preffy/finish', 'Finish'],
  ['/preffy/email', 'Email'],
  ['/preffy/payments', 'Payments'],
  ['/preffy/winners', 'Winners'],
  ['/preffy/analytics', 'Analytics'],
  ['/preffy/calendar', 'Calendar'],
  ['/inquiries', 'Inquiries'],
  ['/preffy/outbox', 'Outbox'],
  ['/admin/users', 'Users'],
  ['/admin/integrity', 'Integrity'],
  ['/admin/partner-keys', 'Partner keys'],
  ['/admin/import', 'Import'],
] as const;

test('a wrong password is refused with a clear message', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(ADMIN.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('login-error')).toHaveText('Invalid credentials');
  await expect(page).toHaveURL(/\/login/);
});

test('a signed-out visitor is sent to sign in, then back where they were going', async ({ page }) => {
  await page.goto('/preffy/calendar');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(ADMIN.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/preffy\/calendar$/);
});

test('an admin signs in, visits every sidebar entry, switches language, and signs out', async ({ page }) => {
  // Thirteen pages, each with its title and focus checked: more than the default 20 s on a busy machine.
  test.setTimeout(60_000);
  // Nothing on any page breaks the Content-Security-Policy (zod runs without its compiler).
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (v: string) => violations.push(v));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { reportCspViolation: (v: string) => void }).reportCspViolation(
        `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`,
      ),
    ),
  );
  await signInWithForm(page);
  const nav = page.getByRole('navigation');
  for (const [path, label] of SIDEBAR) {
    await nav.getByTestId(`nav-${path}`).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    // Named by its text; Inquiries also says how many are unseen.
    await expect(nav.getByTestId(`nav-${path}`)).toHaveAccessibleName(
      new RegExp(`^${label}( \\d+ \\(\\d+ unseen inquir(y|ies)\\))?$`),
    );
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('no-access')).toHaveCount(0);
    // The window says where the user is, and focus starts at the page's heading.
    const heading = page.locator('main h1').first();
    await expect(heading).toBeFocused();
    await expect(page).toHaveTitle(`${(await heading.textContent())!.trim()} · Preffy Admin`);
  }

  await page.getByTestId('language-menu').click();
  await page.getByTestId('language-de').click();
  await expect(nav.getByTestId('nav-/preffy/calendar')).toHaveAccessibleName('Kalender');
  await expect(nav.getByTestId('nav-/preffy/view')).toHaveAccessibleName('Alle Wettbewerbe');
  await page.reload();
  await expect(nav.getByTestId('nav-/preffy/calendar')).toHaveAccessibleName('Kalender');
  await page.getByTestId('language-menu').click();
  await page.getByTestId('language-en').click();
  await expect(nav.getByTestId('nav-/preffy/calendar')).toHaveAccessibleName('Calendar');

  await page.getByTestId('user-menu').click();
  await page.getByTestId('sign-out').click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/preffy/view');
  await expect(page).toHaveURL(/\/login/);
  expect(violations).toEqual([]);
});

test('unknown pages show the 404 page with HTTP 404; / leads to all competitions; the icon is an icon', async ({
  page,
}) => {
  await signIn(page);
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId('not-found')).toContainText(
    'Sorry! the page you are looking for could not be found',
  );
  await page.goto('/');
  await expect(page).toHaveURL(/\/preffy\/view$/);
  const icon = await page.request.get('/favicon.ico');
  expect(icon.headers()['content-type']).toBe('image/vnd.microsoft.icon');
  expect((await icon.body()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
});

test('the API documentation renders without the layout', async ({ page }) => {
  await signIn(page);
  await page.goto('/preffy/api');
  await expect(page.getByRole('heading', { name: 'Preffy Admin API' })).toBeVisible();
  await expect(page.getByText(users.list.path).first()).toBeVisible();
  await expect(page.getByRole('navigation')).toHaveCount(0);
});

test('an organizer signs in with a one-time link, sees no Email entry and cannot open it', async ({
  page,
  baseURL,
}) => {
  const { path } = await newUserSignInPath(baseURL!, 'organizer');
  expect(path).toContain('LoginToken=');

  await page.goto(path);
  await expect(page).not.toHaveURL(/LoginToken/);
  await expect(page.getByTestId('nav-/preffy/view')).toBeVisible();
  await expect(page.getByTestId('nav-/preffy/email')).toHaveCount(0);
  await expect(page.getByTestId('nav-/admin/users')).toHaveCount(0);
  await page.goto('/preffy/email');
  await expect(page.getByTestId('no-access')).toBeVisible();
  expect((await pageApi(page).send(email.subscribers)).status()).toBe(403);

  // The link works once.
  await page.context().clearCookies();
  await page.goto(path);
  await expect(page).toHaveURL(/\/login\?link=invalid/);
  await expect(page.getByTestId('login-error')).toBeVisible();
});

test("the page's scripts and styles arrive brotli-compressed, and so does a large API answer", async ({
  page,
}) => {
  const assets: { url: string; encoding: string | undefined }[] = [];
  page.on('response', async (response) => {
    if (/\/assets\/index-[^/]+\.(js|css)$/.test(response.url()))
      assets.push({ url: response.url(), encoding: (await response.allHeaders())['content-encoding'] });
  });
  await signIn(page);
  const openApi = page.waitForResponse((response) => response.url().endsWith(health.openapi.path));
  await page.goto('/preffy/api');
  await expect(page.getByRole('heading', { name: 'Preffy Admin API' })).toBeVisible();
  expect((await (await openApi).allHeaders())['content-encoding']).toBe('br');
  expect(assets.map((a) => a.url.slice(a.url.lastIndexOf('.')))).toEqual(
    expect.arrayContaining(['.js', '.css']),
  );
  for (const asset of assets) expect(asset, asset.url).toMatchObject({ encoding: 'br' });
});
