import { expect, test } from '@playwright/test';
import { leaderboard, posts } from '@preffy/api';
import { FORM_MESSAGES } from '@preffy/domain';
import type { ApiClient } from './api-client.ts';
import { adminApi, signIn, signInAsNew, searchTable } from './helpers.ts';
import { addPost, createCompetition, tiktokLink } from './records.ts';

// Each test makes its competition and posts through the API first.
test.describe.configure({ timeout: 45_000 });

/**
 * A started, confirmed competition with the owner's post and a friend's post, and the owner's
 * post Loved. With `viaReferral` the friend entered through the owner's link (?ref=) on the
 * public page, so the Love adds the referral bonus (the public form is rate-limited per address:
 * only the test that needs a referral uses it).
 */
async function competitionWithPosts(baseURL: string, { viaReferral = false } = {}) {
  const api = await adminApi(baseURL);
  const stamp = `${Date.now()}`.slice(-7);
  const competition = await createCompetition(api, {
    name: `Posts Admin Song ${stamp}`,
    organizer: 'Posts Admin Artist',
    startedYesterday: true,
    confirmed: true,
  });

  const owner = `e2e.owner${stamp}`;
  // Views well above the likes: no automatic flag takes the post out.
  const post = await addPost(api, competition.id, { creator: owner, likes: 50, views: 5000 });
  const friend = `e2e.friend${stamp}`;
  const friendLink = tiktokLink(friend);
  const friendPost = { email: `${friend}@creators.test`, creator: friend, link: friendLink };
  if (viaReferral)
    await api.call(posts.submit, { params: { id: competition.id }, body: { ...friendPost, ref: post.id } });
  else await addPost(api, competition.id, { ...friendPost, likes: 10, views: 5000 });
  const { post: scored } = await api.call(posts.score, {
    params: { id: post.id },
    body: { version: post.version, score: 'love' },
  });
  expect(scored.bonusLikes! > 0).toBe(viaReferral);
  return { api, competitionId: competition.id, owner, friend, friendLink, scored };
}

async function metricOf(api: ApiClient, competitionId: string, creator: string) {
  const page = await api.call(leaderboard.creatorMetrics, {
    params: { id: competitionId },
    query: { search: creator },
  });
  return page.items.find((c) => c.creator === creator)!;
}

test('staff edit a post: every message of the Edit modal, then the save and the Inactive tab', async ({
  page,
  baseURL,
}) => {
  const { api, owner, friend } = await competitionWithPosts(baseURL!);
  await api.dispose();
  await signIn(page);
  await page.goto('/preffy/posts');
  await expect(page.getByRole('heading', { name: 'Posts' })).toBeVisible();
  await searchTable(page, 'Search creator, email or link', owner);
  const row = page.getByRole('row').filter({ hasText: owner });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').nth(3)).toHaveText('50');

  await row.getByRole('button', { name: `Actions: ${owner}` }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const modal = page.getByRole('dialog', { name: `Edit the post by ${owner}` });
  for (const name of ['Email', 'Creator', 'Likes', 'Link']) await modal.getByLabel(name).fill('');
  await modal.getByRole('button', { name: 'Save' }).click();
  for (const message of [
    FORM_MESSAGES.creatorEmailRequired,
    FORM_MESSAGES.creatorRequired,
    FORM_MESSAGES.likesRequired,
    FORM_MESSAGES.postLinkRequired,
  ])
    await expect(modal.getByText(message)).toBeVisible();
  await modal.getByLabel('Email').fill('not an email');
  await modal.getByLabel('Link').fill('tiktok.com/@someone/video/1');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal.getByText(FORM_MESSAGES.emailInvalid)).toBeVisible();
  await expect(modal.getByText(FORM_MESSAGES.linkInvalid)).toBeVisible();

  // Closing with unsaved changes asks first; staying keeps what was typed.
  await page.keyboard.press('Escape');
  const discard = page.getByRole('dialog', { name: 'Discard your changes?' });
  await discard.getByRole('button', { name: 'Cancel' }).click();
  await expect(discard).toBeHidden();
  await expect(modal.getByLabel('Email')).toHaveValue('not an email');

  // Fixed: the post saves and the table shows the new likes.
  await modal.getByLabel('Email').fill(`${owner}@creators.test`);
  await modal.getByLabel('Creator').fill(owner);
  // Likes: at most 1,000,000,000,000 (a bigger count comes back to it on leaving the box).
  await modal.getByLabel('Likes').fill('5000000000000');
  await modal.getByLabel('Likes').blur();
  await expect(modal.getByLabel('Likes')).toHaveValue('1,000,000,000,000');
  await modal.getByLabel('Likes').fill('175');
  await modal.getByLabel('Link').fill(tiktokLink(owner));
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal).toBeHidden();
  await expect(row).toContainText('175');

  // Is Deleted moves the friend's post to Inactive Posts.
  await searchTable(page, 'Search creator, email or link', friend);
  const friendRow = page.getByRole('row').filter({ hasText: friend });
  await friendRow.getByRole('button', { name: `Actions: ${friend}` }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const friendModal = page.getByRole('dialog', { name: `Edit the post by ${friend}` });
  await friendModal.getByRole('checkbox', { name: 'Is Deleted' }).check();
  await friendModal.getByRole('button', { name: 'Save' }).click();
  await expect(friendModal).toBeHidden();
  await expect(page.getByText(`Nothing matches "${friend}"`)).toBeVisible();
  await page.getByRole('tab', { name: 'Inactive Posts' }).click();
  await expect(page).toHaveURL(/tab=inactive/);
  await expect(page.getByRole('row').filter({ hasText: friend })).toContainText('Deleted');

  // On a phone the table scrolls inside itself and the Edit modal takes the whole screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/preffy/posts?search=${owner}`);
  await page.getByRole('button', { name: `Actions: ${owner}` }).click();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const phoneModal = page.getByRole('dialog', { name: `Edit the post by ${owner}` });
  await expect(phoneModal.getByLabel('Likes')).toHaveValue('175');
  expect((await phoneModal.boundingBox())!.width).toBe(390);
});

test('staff reset a referral bonus after confirming, and see the referring link', async ({
  page,
  baseURL,
}) => {
  const { api, competitionId, owner, friendLink, scored } = await competitionWithPosts(baseURL!, {
    viaReferral: true,
  });
  const bonus = scored.bonusLikes!;
  await signIn(page);
  await page.goto(`/preffy/referrals?id=${competitionId}`);
  await expect(page.getByRole('heading', { name: /^Referrals: Posts Admin Song/ })).toBeVisible();

  const select = page.getByTestId('reset-creator-select');
  await select.fill(owner.slice(0, -2));
  await page.getByRole('option', { name: new RegExp(owner) }).click();
  await expect(page).toHaveURL(new RegExp(`creator=${owner}`));
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Open' }) });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('bonus-likes')).toHaveText(bonus.toLocaleString('en-US'));
  await expect(row).toContainText((50 + bonus).toLocaleString('en-US'));

  await row.getByRole('button', { name: 'View 1 link' }).click();
  const links = page.getByRole('dialog', { name: `1 link referred to the post by ${owner}` });
  await expect(links.getByRole('link', { name: friendLink })).toBeVisible();
  await expect(links.locator('iframe')).toHaveAttribute('src', /^https:\/\/www\.tiktok\.com\/player\/v1\//);
  await page.keyboard.press('Escape');
  await expect(links).toBeHidden();

  // Someone edits the likes after the table was read: Reset answers 409, says what the post holds
  // now, resets nothing, and the table shows the stored post; a second Reset then goes through.
  await api.call(posts.update, {
    params: { id: scored.id },
    body: { likes: 75 + bonus, version: scored.version },
  });
  await api.dispose();
  await row.getByRole('button', { name: 'Reset' }).click();
  await page.getByTestId('confirm-reset').click();
  await expect(
    page.getByText(
      `${owner}'s post changed since the table was loaded: it now has ${(75 + bonus).toLocaleString('en-US')} likes and a bonus of ${bonus.toLocaleString('en-US')}. Nothing was reset; the table shows it as it is now.`,
    ),
  ).toBeVisible();
  await expect(row).toContainText((75 + bonus).toLocaleString('en-US'));
  await expect(row.getByTestId('bonus-likes')).toHaveText(bonus.toLocaleString('en-US'));

  await row.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByText('Reset the referral bonus?')).toBeVisible();
  await page.getByTestId('confirm-reset').click();
  await expect(page.getByText('The referral bonus is reset.')).toBeVisible();
  await expect(row.getByTestId('bonus-likes')).toHaveText('0');
  await expect(row.getByRole('cell').nth(2)).toHaveText('75');
  await expect(row.getByRole('button', { name: 'Reset' })).toBeDisabled();
});

test('the Creators tab saves a metric, shows Updated, and reports a metric someone else saved', async ({
  page,
  baseURL,
}) => {
  const { api, competitionId, owner } = await competitionWithPosts(baseURL!);
  await signIn(page);
  await page.goto(`/table-update?id=${competitionId}`);
  await page.getByRole('tab', { name: 'Creators' }).click();
  await expect(page).toHaveURL(/tab=creators/);
  const row = page.getByRole('row').filter({ hasText: owner });
  await expect(row.getByRole('link', { name: owner })).toHaveAttribute(
    'href',
    `https://www.tiktok.com/@${owner}`,
  );
  const metric = row.getByRole('textbox', { name: `Metric of ${owner}` });
  await metric.fill('777');
  await row.getByRole('button', { name: `Update ${owner}` }).click();
  const updated = row.getByRole('button', { name: `Updated ${owner}` });
  await expect(updated).toBeDisabled();
  await expect(updated).toHaveText('Updated');
  // Whole, non-negative counts only: a minus sign or a decimal point typed is not taken.
  await metric.fill('');
  await metric.pressSequentially('-12.5');
  await expect(metric).toHaveValue('125');
  // A new value can be saved again.
  await metric.fill('800');
  await expect(row.getByRole('button', { name: `Update ${owner}` })).toBeEnabled();

  // Someone else saves meanwhile: the row says so, and Update again saves over it.
  const stored = await metricOf(api, competitionId, owner);
  await api.call(leaderboard.setCreatorMetric, {
    params: { id: competitionId },
    body: { creator: owner, platform: stored.platform, metric: 5, version: stored.version },
  });
  await api.dispose();
  await row.getByRole('button', { name: `Update ${owner}` }).click();
  await expect(row.getByTestId('metric-conflict')).toContainText('Someone else set 5 meanwhile');
  await row.getByRole('button', { name: `Update ${owner}` }).click();
  await expect(row.getByRole('button', { name: `Updated ${owner}` })).toBeDisabled();
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: owner }).getByRole('textbox')).toHaveValue('800');
});

test("the manual posts page shows the chosen creator's posts with their videos, on a phone too", async ({
  page,
  baseURL,
}) => {
  const { api, competitionId, owner, friend } = await competitionWithPosts(baseURL!);
  await api.dispose();
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  await page.goto(`/preffy/manual?id=${competitionId}`);
  await expect(page.getByRole('heading', { name: /^Posts Admin Song/ })).toBeVisible();
  await expect(page.getByText('No creator picked yet.')).toBeVisible();
  await page.getByTestId('creator-select').fill(friend);
  await page.getByRole('option', { name: new RegExp(friend) }).click();
  await expect(page).toHaveURL(new RegExp(`creator=${friend}`));
  const card = page.getByTestId('post-card');
  await expect(card).toHaveCount(1);
  await expect(card.locator('iframe')).toHaveAttribute('src', /^https:\/\/www\.tiktok\.com\/player\/v1\//);
  await expect(page.getByTestId('post-count')).toHaveText('1 post');
  // The page fits the phone: nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // A reload keeps the creator; the other creator's posts are not mixed in.
  await page.reload();
  await expect(page.getByTestId('creator-select')).toHaveValue(`${friend} (TikTok)`);
  await expect(page.getByTestId('post-card')).toHaveCount(1);
  await expect(page.getByText(`${owner}@creators.test`)).toHaveCount(0);
});

test("an organizer sees their competition's posts read-only: View, no Edit, no metric or Reset", async ({
  page,
  baseURL,
}) => {
  const email = await signInAsNew(page, baseURL!, 'organizer');
  // Staff start a competition under the organizer's email and add a post to it.
  const api = await adminApi(baseURL!);
  const competition = await createCompetition(api, {
    email,
    name: `Organizer Song ${Date.now()}`,
    organizer: 'Organizer Artist',
  });
  const creator = `e2e.org${Date.now()}`;
  await addPost(api, competition.id, { creator, likes: 5, views: 500 });
  await api.dispose();

  await page.goto('/preffy/posts');
  const row = page.getByRole('row').filter({ hasText: creator });
  await row.getByRole('button', { name: `Actions: ${creator}` }).click();
  await expect(page.getByRole('menuitem', { name: 'View' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Edit' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'View' }).click();
  await expect(page.getByRole('dialog', { name: `Post by ${creator}` }).locator('iframe')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto(`/table-update?id=${competition.id}&tab=creators`);
  const creatorRow = page.getByRole('row').filter({ hasText: creator });
  await expect(creatorRow).toContainText('TikTok');
  await expect(creatorRow.getByRole('textbox')).toHaveCount(0);
  await expect(creatorRow.getByRole('button')).toHaveCount(0);

  await page.goto(`/preffy/referrals?id=${competition.id}&creator=${creator}`);
  await expect(page.getByRole('columnheader', { name: 'Bonus Likes' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Reset' })).toHaveCount(0);
});
