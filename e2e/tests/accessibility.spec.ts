import AxeBuilder from '@axe-core/playwright';
import { type Page, expect, test } from '@playwright/test';
import { adminApi, signIn } from './helpers.ts';

/**
 * axe-core on every page of the app, in light, in dark and at a phone's 390 px (issue 19): no
 * violation of WCAG 2.1 A/AA or axe's best practices. The production CSP stays in place; axe's
 * script is injected through Playwright, as a checking organisation's tools do.
 */
const SIGNED_OUT = ['/login', '/forgot-password', '/reset-password?token=unknown', '/inquire'];
const SIGNED_IN = [
  '/dashboard',
  '/profile',
  '/reports',
  '/preffy/view',
  '/preffy/add',
  '/preffy/calendar',
  '/preffy/posts',
  '/preffy/manual',
  '/preffy/referrals',
  '/preffy/analytics',
  '/preffy/payments',
  '/preffy/winners',
  '/preffy/finish',
  '/inquiries',
  '/preffy/promotion',
  '/preffy/email',
  '/preffy/outbox',
  '/admin/users',
  '/admin/partner-keys',
  '/preffy/api',
  '/no/such/page',
];

/**
 * Wide (1280 px) in light, then the same page switched to dark for the rules colours decide
 * (the structure does not change with the scheme, so it is scanned once); then phone-wide.
 */
const MODES = [
  { name: '1280 px, light and dark', width: 1280, dark: true },
  { name: '390 px', width: 390, dark: false },
] as const;
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

async function scan(page: Page, rules?: string[]) {
  // Legacy mode runs axe in the page itself; the default opens a blank page per scan to merge
  // frames' results, which made each scan ~1 s slower (the app draws no frames of its own).
  // Only violations are gathered: the passes' details were most of what came back.
  const builder = new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] });
  const results = await (
    rules
      ? builder.withRules(rules)
      : builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
  ).analyze();
  return results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes.length} × ${v.nodes
        .slice(0, 3)
        .map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`)
        .join(' | ')}`,
  );
}

/** Every rule in the light scheme; with `dark`, the colour rules again in the dark scheme. */
async function violations(page: Page, dark: boolean) {
  const light = await scan(page);
  if (!dark) return light;
  // Mantine's scheme is this attribute (what its toggle sets); the user's own choice is kept.
  const scheme = (value: string) =>
    page.evaluate((v) => document.documentElement.setAttribute('data-mantine-color-scheme', v), value);
  await scheme('dark');
  const inDark = (await scan(page, COLOUR_RULES)).map((v) => `dark: ${v}`);
  await scheme('light');
  return [...light, ...inDark];
}

/** The page drawn with its data: its heading shown and no loader left spinning. */
async function settle(page: Page) {
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('.mantine-Loader-root:visible')).toHaveCount(0, { timeout: 10_000 });
}

/** Each page opened and scanned: its violations by path, empty when there are none. */
async function pagesViolations(page: Page, paths: string[], dark: boolean) {
  const found: Record<string, string[]> = {};
  for (const path of paths) {
    await page.goto(path);
    await settle(page);
    const list = await violations(page, dark);
    if (list.length) found[path] = list;
  }
  return found;
}

let competitionPaths: string[] = [];
test.beforeAll(async ({ baseURL }) => {
  const { api } = await adminApi(baseURL!);
  // The one that ends first: a demo competition with posts, which no other test file changes
  // (files run side by side; another file deletes the competition it made).
  const { items } = (await (await api.get('/api/competitions?pageSize=1&sortDirection=asc')).json()) as {
    items: { id: string }[];
  };
  const id = items?.[0]?.id;
  competitionPaths = id
    ? [`/c/${id}`, `/edit?id=${id}`, `/preffy/posts?id=${id}`, `/table-update?id=${id}`, `/reports?id=${id}`]
    : [];
});

/** Dialogs over the page: each opened, scanned, and closed with its named close button. */
const DIALOGS: { name: string; page: string; open: (page: Page) => Promise<void> }[] = [
  {
    name: 'reserve a slot',
    page: '/preffy/calendar',
    open: (page) => page.getByRole('button', { name: 'Reserve A Slot +' }).click(),
  },
  {
    name: 'a calendar day',
    page: '/preffy/calendar',
    open: (page) =>
      page
        .getByRole('button', { name: /Competitions on / })
        .first()
        .click(),
  },
  {
    name: 'layout settings',
    page: '/dashboard',
    open: (page) => page.getByTestId('open-layout-settings').click(),
  },
  {
    name: 'sign out everywhere (a confirmation)',
    page: '/profile',
    open: async (page) => {
      await page.getByTestId('user-menu').click();
      await page.getByTestId('sign-out-everywhere').click();
    },
  },
];

for (const mode of MODES) {
  test.describe(`axe, ${mode.name}`, () => {
    test.use({ colorScheme: 'light', viewport: { width: mode.width, height: 900 } });

    test('signed-out pages have no violations', async ({ page }) => {
      expect(await pagesViolations(page, SIGNED_OUT, mode.dark)).toEqual({});
    });

    test('signed-in pages have no violations', async ({ page }) => {
      test.setTimeout(120_000);
      await signIn(page);
      expect(await pagesViolations(page, [...SIGNED_IN, ...competitionPaths], mode.dark)).toEqual({});
    });

    test('dialogs have no violations and a named close button', async ({ page }) => {
      test.setTimeout(60_000);
      await signIn(page);
      const found: Record<string, string[]> = {};
      for (const dialog of DIALOGS) {
        await page.goto(dialog.page);
        await settle(page);
        await dialog.open(page);
        const open = page.getByRole('dialog');
        await expect(open).toBeVisible();
        await expect(page.locator('[role=dialog] .mantine-Loader-root:visible')).toHaveCount(0);
        const list = await violations(page, mode.dark);
        if (list.length) found[dialog.name] = list;
        await page.keyboard.press('Escape');
        await expect(open).toHaveCount(0);
      }
      expect(found).toEqual({});
    });
  });
}
