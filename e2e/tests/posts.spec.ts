import { expect, test } from '@playwright/test';
import { FORM_MESSAGES } from '@preffy/domain';
import { adminApi, signIn } from './helpers.ts';
import { addPost, createCompetition, updateCompetition } from './records.ts';

test('a creator enters a video on the public page; staff refresh its views and see the leaderboard change', async ({
  page,
  browser,
  baseURL,
}) => {
  // Two background jobs run inside this test.
  test.setTimeout(60_000);
  const api = await adminApi(baseURL!);
  const name = `Entry Song ${Date.now()}`;
  // A hold takes no entries and has no public page: staff confirm it first.
  const competition = await createCompetition(api, {
    name,
    organizer: 'Entry Artist',
    startedYesterday: true,
    confirmed: true,
  });
  await api.dispose();

  // The creator, signed out, on the public page.
  const visitor = await browser.newContext({ baseURL });
  const publicPage = await visitor.newPage();
  await publicPage.goto(`/c/${competition.id}?ref=e2e`);
  await publicPage.getByRole('button', { name: 'Enter my video' }).click();
  await expect(publicPage.getByText(FORM_MESSAGES.postLinkRequired)).toBeVisible();
  await expect(publicPage.getByText(FORM_MESSAGES.creatorRequired)).toBeVisible();
  await expect(publicPage.getByText(FORM_MESSAGES.creatorEmailRequired)).toBeVisible();
  const videoId = `7301${String(Date.now()).slice(-13)}1`;
  await publicPage
    .getByRole('textbox', { name: 'Link to your video' })
    .fill(`https://www.tiktok.com/@e2e.creator/video/${videoId}?is_from_webapp=1`);
  await publicPage.getByRole('textbox', { name: 'Your handle' }).fill('@e2e.creator');
  await publicPage.getByRole('textbox', { name: 'Your email' }).fill('e2e.creator@creators.test');
  await publicPage.getByRole('button', { name: 'Enter my video' }).click();
  await expect(publicPage.getByTestId('entered')).toContainText('Your video is entered');
  // The same video again is refused with a clear message.
  await publicPage
    .getByRole('textbox', { name: 'Link to your video' })
    .fill(`https://tiktok.com/@e2e.creator/video/${videoId}`);
  await publicPage.getByRole('textbox', { name: 'Your handle' }).fill('e2e.creator');
  await publicPage.getByRole('textbox', { name: 'Your email' }).fill('e2e.creator@creators.test');
  await publicPage.getByRole('button', { name: 'Enter my video' }).click();
  await expect(publicPage.getByText('This video is already entered in this competition')).toBeVisible();
  await visitor.close();

  // Staff: the refused second entry left a trace on the errors view, pointing at the first.
  await signIn(page);
  await page.goto(`/correct?id=${competition.id}`);
  const refused = page
    .getByRole('region', { name: 'Refused duplicates' })
    .getByRole('row')
    .filter({ hasText: 'e2e.creator@creators.test' });
  await expect(refused).toContainText('Public form');
  await expect(refused.getByRole('link', { name: 'e2e.creator (e2e.creator@creators.test)' })).toBeVisible();

  // The entry is there, unrefreshed; the leaderboard ranks it with 0 likes.
  await page.goto(`/table-update?id=${competition.id}`);
  const row = page.getByRole('row').filter({ hasText: 'e2e.creator' });
  await expect(row).toContainText('TikTok');
  await page.getByRole('button', { name: 'Update Leaderboard' }).click();
  await expect(page.getByTestId('job-update-leaderboard')).toHaveText('Finished: 1 of 1 done, 0 failed');
  await page.getByRole('tab', { name: 'Leaderboard' }).click();
  const boardRow = page.getByRole('row').filter({ hasText: 'e2e.creator' });
  await expect(boardRow).toContainText('1st Place ($200)');
  const likesCell = boardRow.getByRole('cell').nth(4);
  await expect(likesCell).toHaveText('0');

  await page.getByRole('button', { name: 'Update Views' }).click();
  await expect(page.getByTestId('job-refresh-views')).toHaveText('Finished: 1 of 1 done, 0 failed', {
    timeout: 15_000,
  });
  await page.getByRole('button', { name: 'Update Leaderboard' }).click();
  await expect(likesCell).not.toHaveText('0', { timeout: 10_000 });
  expect(Number((await likesCell.textContent())!.replace(/\D/g, ''))).toBeGreaterThan(0);

  await page.getByRole('tab', { name: 'Posts' }).click();
  await expect(
    page.getByRole('row').filter({ hasText: 'e2e.creator' }).getByRole('cell').nth(4),
  ).not.toHaveText('0');

  // Every refresh worked: the failed-only list says so instead of a bare 'nothing'.
  await page.getByRole('switch', { name: 'Only posts whose refresh failed' }).click();
  await expect(
    page.getByText("No posts whose refresh failed: every post's numbers were read."),
  ).toBeVisible();
  await page.getByRole('switch', { name: 'Only posts whose refresh failed' }).click();

  // The views cell opens the post's history: one refresh is no chart yet, a second one is.
  const openHistory = page.getByRole('button', { name: /Show the history of @?e2e\.creator/ });
  await openHistory.click();
  const history = page.getByRole('dialog', { name: /e2e\.creator: numbers at each refresh/ });
  await expect(history).toContainText('A chart needs at least two refreshes.');
  await page.keyboard.press('Escape');
  await expect(history).toBeHidden();
  await page.getByRole('button', { name: 'Update Views' }).click();
  // The first job's 'Finished' text is on screen until the second job's status arrives, so the
  // history is opened again (each opening reads it afresh) until the second refresh is in it.
  await expect(async () => {
    if (!(await history.isVisible())) await openHistory.click();
    const chart = history.getByTestId('snapshot-chart');
    const shown = await chart.waitFor({ state: 'visible', timeout: 2000 }).then(
      () => true,
      () => false,
    );
    if (!shown) {
      await page.keyboard.press('Escape');
      await expect(history).toBeHidden();
    }
    await expect(chart).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
});

test('an Instagram photo with likes and no view count keeps its place: its views are estimated from the embed page, and no flag is raised', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const api = await adminApi(baseURL!);
  const competition = await createCompetition(api, {
    name: `Photo Song ${Date.now()}`,
    organizer: 'Photo Artist',
    startedYesterday: true,
    confirmed: true,
  });
  // An Instagram post enters only a contest that takes Instagram.
  await updateCompetition(api, competition.id, { platforms: ['Instagram Reel'] });
  // The fake Instagram provider answers Photo… codes without play_count; its scraping proxy
  // serves their embed pages, whose likes give the estimate.
  const code = `Photo${Date.now().toString(36)}`;
  await addPost(api, competition.id, {
    creator: 'photo.creator',
    link: `https://www.instagram.com/p/${code}/`,
  });
  await api.dispose();

  await signIn(page);
  await page.goto(`/table-update?id=${competition.id}`);
  await page.getByRole('button', { name: 'Update Views' }).click();
  await expect(page.getByTestId('job-refresh-views')).toHaveText('Finished: 1 of 1 done, 0 failed', {
    timeout: 15_000,
  });
  await page.goto(`/update?id=${competition.id}`);
  const card = page.getByTestId('review-card').filter({ hasText: 'photo.creator@creators.test' });
  await expect(card).toContainText(/Views≈ [\d,]+ \(estimate\)/);
  await expect(card.getByTestId('card-flags')).toHaveCount(0);
});
