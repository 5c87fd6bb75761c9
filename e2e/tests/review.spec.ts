import { type Page, expect, test } from '@playwright/test';
import { outbox } from '@preffy/api';
import type { ApiClient } from './api-client.ts';
import { adminApi, signIn, signInAsNew, searchTable } from './helpers.ts';
import { addPost, createCompetition, updateCompetition } from './records.ts';

/** A confirmed competition that started yesterday (entries count from its start of day). */
async function newCompetition(api: ApiClient, name: string, organizerEmail = 'artist@label.test') {
  const competition = await createCompetition(api, {
    email: organizerEmail,
    name,
    organizer: 'Review Artist',
    startedYesterday: true,
    confirmed: true,
  });
  return competition.id;
}

/**
 * The tops of the creators' cards, read in one go in the page: the current card is scrolled into
 * view smoothly, and boxes read one call after the other would each catch the scroll elsewhere.
 */
const cardTops = (page: Page, creators: string[]) =>
  page.evaluate(
    (emails) => {
      const cards = Array.from(document.querySelectorAll('[data-testid="review-card"]'));
      return emails.map((email) =>
        Math.round(cards.find((c) => c.textContent?.includes(email))!.getBoundingClientRect().top),
      );
    },
    creators.map((c) => `${c}@creators.test`),
  );

const card = (page: Page, creator: string) =>
  page
    .getByTestId('review-card')
    .filter({ has: page.getByText(`${creator}@creators.test`, { exact: true }) });

test('a reviewer clears a queue with L and K alone: each moves on, the tenth loads more', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const api = await adminApi(baseURL!);
  const tag = `kb${Date.now().toString(36)}`;
  const id = await newCompetition(api, `Keyboard Song ${tag}`);
  const creators = Array.from({ length: 12 }, (_, i) => `${tag}-${String(i).padStart(2, '0')}`);
  for (const creator of creators) await addPost(api, id, { creator, likes: 5, views: 100 });
  await api.dispose();

  await signIn(page);
  await page.goto(`/update?id=${id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Keyboard Song ${tag}` })).toBeVisible();
  await expect(page.getByTestId('cards-waiting')).toHaveText('12 posts waiting for review');
  await expect(page.getByTestId('review-card')).toHaveCount(10);
  await expect(page.getByRole('button', { name: 'Load More' })).toBeVisible();

  // '?' lists the shortcuts; Escape closes the list.
  await page.keyboard.press('Shift+?');
  const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(shortcuts).toContainText('Love the current post');
  await expect(shortcuts).toContainText('Clicking a video to play it keeps the shortcuts working');
  await page.keyboard.press('Escape');
  await expect(shortcuts).toBeHidden();

  // Oldest first: Love, Like, Love, …; each moves on to the next card to score, and the tenth
  // loads the next page (Load More) on its own: no J, no mouse.
  for (const [i, creator] of creators.entries()) {
    const current = card(page, creator);
    await expect(current).toHaveAttribute('aria-current', 'true');
    if (i > 0) await expect(current).toBeFocused();
    await page.keyboard.press(i % 2 === 0 ? 'l' : 'k');
    await expect(current.getByRole('button', { name: 'Done' })).toBeDisabled();
  }
  await expect(page.getByTestId('review-card')).toHaveCount(12);
  // Nothing left to score: the last card stays current.
  await expect(card(page, creators[11]!)).toHaveAttribute('aria-current', 'true');
  await expect(page.getByRole('button', { name: 'Load More' })).toHaveCount(0);
  await expect(page.getByTestId('cards-waiting')).toHaveText('0 posts waiting for review');
  // ↑ goes back a card.
  await page.keyboard.press('ArrowUp');
  await expect(card(page, creators[10]!)).toHaveAttribute('aria-current', 'true');
  await expect(card(page, creators[10]!)).toBeFocused();

  await page.reload();
  await expect(page.getByTestId('cards-empty')).toHaveText(
    'The queue is clear: every post of this competition has been reviewed.',
  );
});

test('Delete offers four choices; each email choice queues its Post Disqualification email', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const api = await adminApi(baseURL!);
  const tag = `dq${Date.now().toString(36)}`;
  const id = await newCompetition(api, `Delete Song ${tag}`);
  // 'Creative Direction Issue' is offered only when there is a direction to miss.
  await updateCompetition(api, id, { creativeDirection: '<p>Dance on the chorus.</p>' });
  const choices = [
    { label: 'No Email', creator: `${tag}-none`, text: null },
    {
      label: 'General Disqualification',
      creator: `${tag}-general`,
      text: 'It does not follow our post guidelines',
    },
    {
      label: 'Creative Direction Issue',
      creator: `${tag}-creative`,
      text: "It does not follow the competition's creative direction.",
    },
    { label: 'Volume Issue', creator: `${tag}-volume`, text: 'The song is not loud enough in the video.' },
  ];
  for (const c of choices) await addPost(api, id, { creator: c.creator, likes: 3, views: 50 });

  await signIn(page);
  await page.goto(`/update?id=${id}`);
  await expect(page.getByTestId('review-card')).toHaveCount(4);
  for (const [i, c] of choices.entries()) {
    const current = card(page, c.creator);
    // The first by keyboard (D on the current card), the others with the card's button.
    if (i === 0) await page.keyboard.press('d');
    else await current.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm deletion' });
    await expect(dialog).toContainText('Are You Sure You Want To Do This?');
    for (const label of choices.map((x) => x.label))
      await expect(dialog.getByRole('button', { name: label })).toBeVisible();
    await dialog.getByRole('button', { name: c.label }).click();
    await expect(dialog).toBeHidden();
    await expect(
      page.getByText(
        c.text
          ? `The post is deleted. The “${c.label}” email to ${c.creator}@creators.test is queued.`
          : 'The post is deleted. No email was sent.',
      ),
    ).toBeVisible();
    await expect(current).toHaveCount(0);
  }
  await expect(page.getByTestId('cards-empty')).toBeVisible();

  // Each email is in the outbox with its own explanation; No Email sent nothing.
  for (const c of choices) {
    const { items } = await api.call(outbox.list, { query: { search: `${c.creator}@creators.test` } });
    if (!c.text) {
      expect(items).toHaveLength(0);
      continue;
    }
    expect(items).toHaveLength(1);
    expect(items[0]!.subject).toContain('Post Disqualification');
    const message = await api.call(outbox.get, { params: { id: items[0]!.id } });
    expect(message.text).toContain(c.text);
  }
  await api.dispose();
  await page.goto('/preffy/outbox');
  await searchTable(page, 'Search by subject or recipient', `${tag}-volume@creators.test`);
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: `${tag}-volume@creators.test` })
      .getByRole('cell', { name: 'Post disqualification', exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: `${tag}-none@creators.test` })).toHaveCount(0);
});

test('staff restore a flagged post and enter likes on a 0-likes card; organizers only look', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const api = await adminApi(baseURL!);
  const tag = `fl${Date.now().toString(36)}`;
  // The competition's organizer, signed in in a browser of their own.
  const context = await browser.newContext({ baseURL });
  const organizerPage = await context.newPage();
  const organizer = await signInAsNew(organizerPage, baseURL!, 'organizer');
  const id = await newCompetition(api, `Flag Song ${tag}`, organizer);
  // More likes than views (and above 10): the flag takes the post out of the queue.
  await addPost(api, id, { creator: `${tag}-cheat`, likes: 50, views: 20 });
  await addPost(api, id, { creator: `${tag}-zero`, likes: 0, views: 40 });
  await api.dispose();

  await signIn(page);
  await page.goto(`/update?id=${id}`);
  await expect(page.getByTestId('review-card')).toHaveCount(1);
  await expect(card(page, `${tag}-cheat`)).toHaveCount(0);

  await page.goto(`/correct?id=${id}`);
  const zero = card(page, `${tag}-zero`);
  await expect(zero).toBeVisible();
  await zero.getByRole('textbox', { name: 'Likes' }).fill('7');
  await zero.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Likes saved: 7')).toBeVisible();
  await expect(zero.getByRole('button', { name: 'Update' })).toBeDisabled();

  // Unsaved text in a card's link box: leaving the screen asks first.
  const linkBox = zero.getByRole('textbox', { name: 'Post link' });
  const savedLink = await linkBox.inputValue();
  await linkBox.fill('https://www.tiktok.com/@someone/video/7300000000000000001');
  await page.getByTestId('nav-/preffy/view').click();
  const leave = page.getByRole('dialog', { name: 'Unsaved changes' });
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL(/\/correct\?/);
  await linkBox.fill(savedLink);
  await expect(zero.getByRole('button', { name: 'Save link' })).toBeDisabled();

  const row = page.getByRole('row').filter({ hasText: `${tag}-cheat@creators.test` });
  await expect(row).toContainText('CHEATING! Likes exceed views (likes 50, views 20)');
  // With the focus in the flagged table, the cards' keys are not theirs: D deletes nothing.
  await row.getByRole('button', { name: `Restore: ${tag}-cheat` }).focus();
  await page.keyboard.press('d');
  await expect(page.getByRole('dialog', { name: 'Confirm deletion' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: `Restore: ${tag}-cheat` })).toBeFocused();
  await row.getByRole('button', { name: `Restore: ${tag}-cheat` }).click();
  const confirm = page.getByRole('dialog', { name: 'Restore this post?' });
  await expect(confirm).toContainText(`${tag}-cheat's post goes back into the review queue.`);
  await confirm.getByTestId('confirm-restore').click();
  await expect(page.getByText('The post is back in the queue.')).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.getByText('No post of this competition has been flagged.')).toBeVisible();

  // Back in the queue, its flag kept as a note.
  await page.goto(`/update?id=${id}`);
  const restored = card(page, `${tag}-cheat`);
  await expect(restored.getByTestId('card-flags')).toContainText(
    'CHEATING! Likes exceed views (likes 50, views 20)',
  );
  await expect(restored.getByRole('button', { name: 'Love' })).toBeVisible();

  // The competition's organizer sees the same cards with no buttons that change anything.
  await organizerPage.goto(`/update?id=${id}`);
  await expect(organizerPage.getByTestId('review-card')).toHaveCount(2);
  await expect(organizerPage.getByRole('button', { name: 'Love' })).toHaveCount(0);
  await expect(organizerPage.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(organizerPage.getByRole('button', { name: 'Update Views' })).toBeDisabled();
  await organizerPage.goto(`/correct?id=${id}`);
  await expect(organizerPage.getByRole('button', { name: 'Update' })).toHaveCount(0);
  await context.close();
});

test('three cards a row on a laptop with the menu open, and a clicked video keeps the keys working', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const api = await adminApi(baseURL!);
  const tag = `gr${Date.now().toString(36)}`;
  const id = await newCompetition(api, `Grid Song ${tag}`);
  const creators = [0, 1, 2, 3].map((i) => `${tag}-${i}`);
  for (const creator of creators) await addPost(api, id, { creator, likes: 5, views: 100 });
  await api.dispose();

  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page);
  await page.goto(`/update?id=${id}`);
  await expect(page.getByTestId('review-card')).toHaveCount(4);
  const tops = await cardTops(page, creators);
  // The first three share a row, the fourth starts the next; nothing sticks out sideways.
  expect(new Set(tops.slice(0, 3)).size).toBe(1);
  expect(tops[3]!).toBeGreaterThan(tops[0]!);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  for (const c of creators.slice(0, 3)) {
    const frame = (await card(page, c).locator('iframe').boundingBox())!;
    const box = (await card(page, c).boundingBox())!;
    expect(frame.x + frame.width).toBeLessThanOrEqual(box.x + box.width);
  }

  // A click in the second card's video puts the focus in the player's frame; the card takes it
  // back and becomes current, so L still scores it.
  const second = card(page, creators[1]!);
  await second.locator('iframe').click();
  await expect(second).toBeFocused();
  await expect(second).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('l');
  await expect(second.getByRole('button', { name: 'Done' })).toBeDisabled();
  await expect(card(page, creators[2]!)).toHaveAttribute('aria-current', 'true');

  // Two a row below lg (three would squeeze the players to about 250 px), one on a phone.
  await page.setViewportSize({ width: 1100, height: 800 });
  const row = await cardTops(page, creators.slice(0, 3));
  expect(row[0]).toBe(row[1]);
  expect(row[2]!).toBeGreaterThan(row[0]!);
  await page.setViewportSize({ width: 800, height: 800 });
  const [a, b] = await cardTops(page, creators.slice(0, 2));
  expect(a).toBe(b);
  await page.setViewportSize({ width: 390, height: 800 });
  const [c, d] = await cardTops(page, creators.slice(0, 2));
  expect(d!).toBeGreaterThan(c!);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('the review queue is one card a row, its buttons whole and tappable, and a tap scores the card', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const api = await adminApi(baseURL!);
    const tag = `ph${Date.now().toString(36)}`;
    const id = await newCompetition(api, `Phone Song ${tag}`);
    const creators = [0, 1, 2].map((i) => `${tag}-${i}`);
    for (const creator of creators) await addPost(api, id, { creator, likes: 5, views: 100 });
    await api.dispose();

    await signIn(page);
    await page.goto(`/update?id=${id}`);
    await expect(page.getByTestId('review-card')).toHaveCount(3);
    const [a, b] = await Promise.all(
      creators.slice(0, 2).map(async (c) => (await card(page, c).boundingBox())!),
    );
    expect(b!.y).toBeGreaterThan(a!.y + a!.height - 1);
    expect(a!.x).toBeGreaterThanOrEqual(0);
    expect(a!.x + a!.width).toBeLessThanOrEqual(390);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);

    const first = card(page, creators[0]!);
    for (const name of ['Love', 'Like', 'Delete']) {
      const button = first.getByRole('button', { name, exact: true });
      const box = (await button.boundingBox())!;
      // Inside the card and big enough for a thumb.
      expect(box.x + box.width).toBeLessThanOrEqual(a!.x + a!.width);
      expect(box.height).toBeGreaterThanOrEqual(30);
    }
    await first.getByRole('button', { name: 'Like', exact: true }).tap();
    await expect(first.getByRole('button', { name: 'Done' })).toBeDisabled();
    await expect(page.getByTestId('cards-waiting')).toHaveText('2 posts waiting for review');
  });
});
