import { type Locator, expect, test } from '@playwright/test';
import { calendar, users } from '@preffy/api';
import { addMonths } from '@preffy/domain';
import { pageApi, signIn } from './helpers.ts';
import { addPost, createCompetition } from './records.ts';

test.use({ viewport: { width: 390, height: 844 } });

test('on a 390 px phone the calendar is a list of days with whole names and badges; a day opens full screen', async ({
  page,
}) => {
  // A month far ahead, with one hold on a day of its own.
  const month = addMonths(new Date().toISOString().slice(0, 7), 9);
  const day = `${month}-${String(10 + Math.floor(Math.random() * 15)).padStart(2, '0')}`;
  const artist = `Phone Artist With A Long Name ${Date.now()}`;
  await signIn(page);
  await pageApi(page).call(calendar.reserve, { body: { day, organizer: artist, invoiceAmount: 1200 } });

  await page.goto(`/preffy/calendar?month=${month}`);
  const list = page.getByTestId('month-list');
  await expect(list).toBeVisible();
  const dayCard = page.getByTestId(`list-day-${day}`);
  await expect(dayCard).toContainText(artist);
  await expect(dayCard).toContainText('Hold');
  // Every badge shows its whole word, and nothing is wider than the phone.
  const cut = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('.mantine-Badge-label'))
      .filter((label) => label.offsetParent !== null && label.scrollWidth > label.clientWidth + 1)
      .map((label) => label.textContent),
  );
  expect(cut).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // The month and its two arrows share one line (the next arrow used to wrap below, alone).
  const rows = await Promise.all(
    [
      page.getByRole('button', { name: 'Previous month' }),
      page.getByTestId('calendar-month'),
      page.getByRole('button', { name: 'Next month' }),
    ].map(async (part) => {
      const box = (await part.boundingBox())!;
      return box.y + box.height / 2;
    }),
  );
  for (const middle of rows) expect(Math.abs(middle - rows[0]!)).toBeLessThan(8);

  await dayCard.getByRole('button', { name: `Competitions on ${day}` }).click();
  const dialog = page.getByRole('dialog', { name: `${day} Competitions` });
  await expect(dialog).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box!.width).toBeGreaterThanOrEqual(389);
  await expect(dialog.getByRole('row').filter({ hasText: artist })).toBeVisible();

  // A month with nothing in it says so.
  await page.keyboard.press('Escape');
  await page.goto(`/preffy/calendar?month=${addMonths(month, 1)}`);
  await expect(page.getByTestId('month-list-empty')).toContainText('Nothing is planned in');
});

test('on a phone the menu hides behind its button, closes after a choice, and nothing is wider than the screen', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/preffy/view');
  await expect(page.getByTestId('sidebar')).not.toBeInViewport();
  await page.locator('button[aria-controls="app-navbar"]').click();
  await expect(page.getByTestId('sidebar')).toBeInViewport();
  await page.getByTestId('nav-/preffy/calendar').click();
  await expect(page).toHaveURL(/\/preffy\/calendar/);
  await expect(page.getByTestId('sidebar')).not.toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('every row action stays in sight and answers a click: the action tables at 390 px, and in Russian at 1280 px', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  const api = pageApi(page);
  // What the tables without demo rows need: a creator's post, a hold on a day, an invitation.
  const competition = await createCompetition(api, { confirmed: true });
  await addPost(api, competition.id, { creator: `pinned${Date.now()}` });
  const month = addMonths(new Date().toISOString().slice(0, 7), 10);
  const day = `${month}-${String(10 + Math.floor(Math.random() * 15)).padStart(2, '0')}`;
  const artist = `Pinned Actions Artist ${Date.now()}`;
  await api.call(calendar.reserve, { body: { day, organizer: artist, invoiceAmount: 1200 } });
  await api.call(users.invite, {
    body: { email: `pinned-${Date.now()}@preffy.test`, name: 'Pinned Actions', role: 'staff' },
  });

  /**
   * Each screen and, in its first row, the controls that act on the row (language-neutral); where
   * a phone shows them otherwise, its own and the wide screen's.
   */
  const screens: { path: string; actions: string | { phone: string; wide: string }; row?: () => Locator }[] =
    [
      { path: '/preffy/view', actions: '[aria-haspopup="menu"]' },
      { path: '/preffy/payments', actions: 'button' },
      // A phone has the three flags and Delete in the row menu as well.
      { path: '/preffy/winners', actions: { phone: '[aria-haspopup="menu"]', wide: 'select, button' } },
      { path: '/preffy/promotion', actions: 'button' },
      { path: '/preffy/outbox', actions: 'button' },
      { path: `/table-update?id=${competition.id}&tab=creators`, actions: 'input, button' },
      {
        path: `/preffy/calendar?month=${month}`,
        actions: 'a, button',
        row: () => page.getByRole('dialog').getByRole('row').filter({ hasText: artist }),
      },
    ];
  const check = async (width: 'phone' | 'wide') => {
    for (const screen of screens) {
      await page.goto(screen.path);
      if (screen.row) {
        await page
          .locator(`[data-testid="list-day-${day}"], [data-testid="day-${day}"]`)
          .getByRole('button')
          .first()
          .click();
      }
      const row = screen.row?.() ?? page.locator('tbody tr').first();
      const actions = row.locator(
        typeof screen.actions === 'string' ? screen.actions : screen.actions[width],
      );
      await expect(actions.first()).toBeVisible();
      for (const action of await actions.all()) {
        const where = `${screen.path}: ${await action.evaluate((el) => el.outerHTML.slice(0, 120))}`;
        await expect(action, where).toBeInViewport({ ratio: 1 });
        // Nothing lies over it (a trial click checks that it would receive the click).
        if (await action.isEnabled()) await action.click({ trial: true, timeout: 5_000 });
      }
    }
  };
  await check('phone');
  await page.goto('/preffy/winners');
  await page.locator('tbody tr').first().locator('[aria-haspopup="menu"]').click();
  await expect(page.getByRole('menuitem')).toHaveCount(4);
  for (const item of await page.getByRole('menuitem').all()) await expect(item).toBeInViewport({ ratio: 1 });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.evaluate(() => localStorage.setItem('preffy.language', 'ru'));
  await check('wide');
});
