import AxeBuilder from '@axe-core/playwright';
import { type Page, expect, test } from '@playwright/test';
import { type PAGE_PATHS, competitions, inquiries, reports } from '@preffy/api';
import { adminApi, signIn } from './helpers.ts';

/**
 * axe-core on every page of the app, in light, in dark and at a phone's 390 px (issue 19): no
 * violation of WCAG 2.1 A/AA or axe's best practices. The production CSP stays in place; axe's
 * script is injected through Playwright, as a checking organisation's tools do.
 */
type AppPage = (typeof PAGE_PATHS)[number];
type Ids = { competition: string; completed: string; inquiry: string; shareToken: string };
/**
 * Where each of the app's pages (PAGE_PATHS, the router's list) is scanned, signed out or in: a
 * page added to the app fails to compile here until it is given its addresses. The pages of one
 * competition use the demo competition that ends first (see beforeAll).
 */
const ADDRESSES = (ids: Ids): Record<AppPage, { signedIn: boolean; paths: string[] }> => ({
  '/': { signedIn: true, paths: [] }, // Sends the user on to /preffy/view, scanned there.
  '/login': { signedIn: false, paths: ['/login'] },
  '/forgot-password': { signedIn: false, paths: ['/forgot-password'] },
  '/reset-password': { signedIn: false, paths: ['/reset-password?token=unknown'] },
  '/c/$id': { signedIn: false, paths: [`/c/${ids.competition}`] },
  '/inquire': { signedIn: false, paths: ['/inquire'] },
  '/r/$token': { signedIn: false, paths: [`/r/${ids.shareToken}`] },
  '/preffy/api': { signedIn: true, paths: ['/preffy/api'] },
  '/dashboard': { signedIn: true, paths: ['/dashboard'] },
  '/profile': { signedIn: true, paths: ['/profile'] },
  '/reports': { signedIn: true, paths: ['/reports', `/reports?id=${ids.competition}`] },
  '/preffy/view': { signedIn: true, paths: ['/preffy/view'] },
  '/preffy/add': { signedIn: true, paths: ['/preffy/add'] },
  // A completed competition's edit page shows the completed banner and its link (issue 39).
  '/edit': { signedIn: true, paths: [`/edit?id=${ids.competition}`, `/edit?id=${ids.completed}`] },
  '/preffy/calendar': { signedIn: true, paths: ['/preffy/calendar'] },
  '/table-update': { signedIn: true, paths: [`/table-update?id=${ids.competition}`] },
  '/preffy/posts': { signedIn: true, paths: ['/preffy/posts', `/preffy/posts?id=${ids.competition}`] },
  '/preffy/manual': { signedIn: true, paths: ['/preffy/manual'] },
  '/preffy/referrals': { signedIn: true, paths: ['/preffy/referrals'] },
  '/preffy/analytics': { signedIn: true, paths: ['/preffy/analytics'] },
  '/preffy/payments': { signedIn: true, paths: ['/preffy/payments'] },
  '/preffy/winners': { signedIn: true, paths: ['/preffy/winners'] },
  '/preffy/finish': { signedIn: true, paths: ['/preffy/finish'] },
  '/inquiries': { signedIn: true, paths: ['/inquiries'] },
  '/contacts-profile': { signedIn: true, paths: [`/contacts-profile?id=${ids.inquiry}`] },
  '/preffy/promotion': { signedIn: true, paths: ['/preffy/promotion'] },
  '/update': { signedIn: true, paths: [`/update?id=${ids.competition}`] },
  '/correct': { signedIn: true, paths: [`/correct?id=${ids.competition}`] },
  '/preffy/email': { signedIn: true, paths: ['/preffy/email'] },
  '/preffy/outbox': { signedIn: true, paths: ['/preffy/outbox'] },
  '/admin/users': { signedIn: true, paths: ['/admin/users'] },
  '/admin/partner-keys': { signedIn: true, paths: ['/admin/partner-keys'] },
  '/admin/import': { signedIn: true, paths: ['/admin/import'] },
  '/admin/integrity': { signedIn: true, paths: ['/admin/integrity'] },
});
/** An address the app has no page for: its Not found screen, inside the shell. */
const NOT_FOUND = '/no/such/page';

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
  // Text takes the dark scheme's colour at once, but some backgrounds fade into it (the sortable
  // table headers' over 0.2 s): a scan within that fade found light text on a still light header.
  // The colours are scanned once every transition has ended (they are finite, unlike a loader's).
  await page.evaluate(() =>
    Promise.allSettled(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished),
    ),
  );
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

let signedOut: string[] = [];
let signedIn: string[] = [];
test.beforeAll(async ({ baseURL }) => {
  const api = await adminApi(baseURL!);
  // The one that ends first: a demo competition with posts, which no other test file changes
  // (files run side by side; another file deletes the competition it made).
  const competition = (await api.call(competitions.list, { query: { pageSize: 1, sortDirection: 'asc' } }))
    .items[0]!.id;
  const completed = (
    await api.call(competitions.list, { query: { tab: 'completed', pageSize: 1, sortDirection: 'asc' } })
  ).items[0]!.id;
  const inquiry = (
    await api.call(inquiries.list, { query: { pageSize: 1, sortBy: 'date', sortDirection: 'asc' } })
  ).items[0]!.id;
  const share = await api.call(reports.share, { params: { id: competition }, body: { expiresInDays: 1 } });
  const shareToken = new URL(share.url).pathname.split('/').pop()!;
  const pages = Object.values(ADDRESSES({ competition, completed, inquiry, shareToken }));
  signedOut = pages.filter((p) => !p.signedIn).flatMap((p) => p.paths);
  signedIn = [...pages.filter((p) => p.signedIn).flatMap((p) => p.paths), NOT_FOUND];
  await api.dispose();
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

/** The signed-in pages are scanned in this many tests, every fourth page in each. */
const SIGNED_IN_PARTS = 4;
// The file's tests share nothing but what beforeAll makes, so both workers may take them.
test.describe.configure({ mode: 'parallel' });

for (const mode of MODES) {
  test.describe(`axe, ${mode.name}`, () => {
    test.use({ colorScheme: 'light', viewport: { width: mode.width, height: 900 } });

    test('signed-out pages have no violations', async ({ page }) => {
      expect(await pagesViolations(page, signedOut, mode.dark)).toEqual({});
    });

    // In parts, so that no one test runs long on a slow machine (one test of all of them took
    // 103 s here and over 120 s in CI), and so that both workers can take them.
    for (let part = 0; part < SIGNED_IN_PARTS; part++) {
      test(`signed-in pages have no violations (part ${part + 1} of ${SIGNED_IN_PARTS})`, async ({
        page,
      }) => {
        test.setTimeout(90_000);
        await signIn(page);
        const paths = signedIn.filter((_, i) => i % SIGNED_IN_PARTS === part);
        expect(paths.length).toBeGreaterThan(0);
        expect(await pagesViolations(page, paths, mode.dark)).toEqual({});
      });
    }

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
