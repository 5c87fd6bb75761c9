import { expect, test } from '@playwright/test';
import { finish } from '@preffy/api';
import { adminApi } from './helpers.ts';
import { addPost, createCompetition, updateCompetition } from './records.ts';

/** A confirmed competition that started an hour ago and ends in 3 days, with a brief and an image. */
async function announcedCompetition(baseURL: string) {
  const api = await adminApi(baseURL);
  const name = `Public Song ${Date.now()}`;
  const { id } = await createCompetition(api, {
    name,
    organizer: 'Public Artist',
    prizes: ['1st Place: $300', 'Best Dance: $100'],
    confirmed: true,
  });
  await updateCompetition(api, id, {
    // Started an hour ago; ends in 3 days and 4 hours (and a bit).
    startDate: Date.now() - 3600_000,
    endDate: Date.now() + (3 * 24 + 4) * 3600_000 + 120_000,
    creativeDirection: '<p>Show your <strong>best move</strong> on the chorus.</p>',
    platforms: ['TikTok + Instagram Reel'],
  });
  await api.dispose();
  return { id, name };
}

for (const width of [1280, 390]) {
  test(`the public page at ${width} px: dates with a countdown, the brief, prizes, how to enter, the tab title; an entry raises the UGC count`, async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const { id, name } = await announcedCompetition(baseURL!);
    await page.goto(`/c/${id}`);
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(`${name} – Public Artist`);
    await expect(page.getByTestId('countdown')).toHaveText('Ends in 3 days and 4 hours');
    await expect(page.getByTestId('dates')).toContainText(/From .+ to .+/);
    await expect(page.getByTestId('creative-direction')).toContainText('Show your best move on the chorus.');
    await expect(page.getByTestId('prizes')).toContainText('Best Dance: $100');
    await expect(page.getByTestId('prize-total')).toContainText('$400');
    await expect(page.getByTestId('how-to-enter')).toContainText(
      'Make a video on TikTok or Instagram using the song.',
    );
    await expect(page.getByTestId('ugc-count')).toContainText('Videos entered0');
    // Times name their zone; the song the form asked for is linked.
    await expect(page.getByTestId('dates')).toContainText(/From .+ (UTC|GMT).* to .+ (UTC|GMT)/);
    await expect(page.getByRole('link', { name: 'Listen to the song' })).toBeVisible();

    // A YouTube Short is refused under the field: the contest takes TikTok and Instagram only.
    const link = page.getByRole('textbox', { name: 'Link to your video' });
    await link.fill(`https://youtu.be/${`pub${width}${Date.now()}`.slice(0, 11)}`);
    await page.getByRole('textbox', { name: 'Your handle' }).fill(`@creator${width}`);
    await page.getByRole('textbox', { name: 'Your email' }).fill(`creator${width}@fans.test`);
    await page.getByRole('button', { name: 'Enter my video' }).click();
    await expect(page.getByText('This competition takes only TikTok and Instagram videos')).toBeVisible();
    await link.fill(`https://www.tiktok.com/@creator${width}/video/7${Date.now()}${width}`);
    await page.getByRole('button', { name: 'Enter my video' }).click();
    await expect(page.getByTestId('entered')).toBeVisible();
    await expect(page.getByTestId('ugc-count')).toContainText('1');
    // Nothing is wider than a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}

test('an unknown competition gets a page for creators, without admin links', async ({ page }) => {
  await page.goto('/c/not-a-competition');
  await expect(page.getByTestId('competition-not-found')).toContainText('This competition isn’t here');
  await expect(page.getByText('Back to the dashboard')).toHaveCount(0);
  await expect(page.getByRole('link')).toHaveCount(0);
  // The tab says so too.
  await expect(page).toHaveTitle('This competition isn’t here');
});

test('an ended competition shows no steps to enter, its song, standings and who won each place', async ({
  page,
  baseURL,
}) => {
  const api = await adminApi(baseURL!);
  const { id } = await createCompetition(api, {
    name: `Ended Song ${Date.now()}`,
    prizes: ['1st Place: $300'],
    confirmed: true,
    startedYesterday: true,
  });
  const winner = `e2e.won${Date.now() % 1e7}`;
  await addPost(api, id, { creator: winner, likes: 10, views: 1000 });
  await updateCompetition(api, id, {
    startDate: Date.now() - 9 * 24 * 3600_000,
    endDate: Date.now() - 3600_000,
  });
  const { finish: draft } = await api.call(finish.get, { params: { competitionId: id } });
  await api.call(finish.submit, {
    params: { competitionId: id },
    body: {
      version: draft.version,
      winners: [{ creator: winner, platform: 'tiktok', email: `${winner}@creators.test`, source: '' }],
      // Its post is not reviewed: staff confirm finishing all the same.
      finishEarly: true,
    },
  });
  await api.dispose();
  await page.goto(`/c/${id}`);
  await expect(page.getByTestId('closed')).toHaveText(
    'This competition has ended and takes no more entries.',
  );
  await expect(page.getByTestId('how-to-enter')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Listen to the song' })).toHaveAttribute(
    'href',
    'https://soundcloud.com/e2e/song',
  );
  await expect(page.getByTestId('standings')).toBeVisible();
  await expect(page.getByTestId('winners')).toHaveText(`1st Place — @${winner} (TikTok)`);
  await expect(page.getByTestId('prizes')).not.toContainText('@creators.test');
});
