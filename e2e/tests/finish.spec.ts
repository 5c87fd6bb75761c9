import { readFileSync } from 'node:fs';
import { type Page, expect, test } from '@playwright/test';
import { finish, partners, winners } from '@preffy/api';
import { PAYOUT_CSV_COLUMNS } from '@preffy/domain';
import type { ApiClient } from './api-client.ts';
import { adminApi, pageApi, partnerApi, signIn, signInAsNew, searchTable } from './helpers.ts';
import { addPost, createCompetition, tiktokLink } from './records.ts';

// The test makes its own competition, posts and partner entry first; the machine may be busy.
test.describe.configure({ timeout: 120_000 });

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type Creator = { creator: string; email: string };

/**
 * A confirmed, active competition with three prizes (takePct 1) and its entries: creator A
 * under two emails (one creator and platform, two combinations in the selector), B and C, and
 * G entered through the sister brand's partner API (source genni).
 */
async function finishableCompetition(baseURL: string, api: ApiClient) {
  const stamp = `${Date.now()}`.slice(-7);
  const name = `Finish Song ${stamp}`;
  const competition = await createCompetition(api, {
    name,
    organizer: 'Finish Artist',
    startedYesterday: true,
    prizes: ['1st Place: $200', '2nd Place: $100', '3rd Place: $50'],
    confirmed: true,
    active: true,
  });

  const handle = (who: string) => `e2e.fin${who}${stamp}`;
  const a1 = { creator: handle('a'), email: `${handle('a')}@creators.test` };
  const a2 = { creator: a1.creator, email: `${handle('a')}.two@creators.test` };
  const b = { creator: handle('b'), email: `${handle('b')}@creators.test` };
  const c = { creator: handle('c'), email: `${handle('c')}@creators.test` };
  const g = { creator: handle('g'), email: `${handle('g')}@creators.test` };
  // Views far above the likes: no automatic flag takes a post out.
  for (const [who, likes] of [
    [a1, 900],
    [a2, 20],
    [b, 500],
    [c, 300],
  ] as const)
    await addPost(api, competition.id, { ...who, likes, views: likes * 100 });
  // The partner API is how genni entries arrive (posts.add has no source).
  const { key } = await api.call(partners.createKey, { body: { name: `E2E finish ${stamp}` } });
  const partner = await partnerApi(baseURL, key);
  const ingested = await partner.call(partners.ingestPosts, {
    body: {
      competitionId: competition.id,
      posts: [{ email: g.email, creator: g.creator, link: tiktokLink(g.creator) }],
    },
  });
  expect(ingested.accepted).toBe(1);
  await partner.dispose();
  return { id: competition.id, name, a1, a2, b, c, g };
}

/** Picks the slot's winner in its selector by searching for the email. */
async function choose(page: Page, slot: string, who: Creator) {
  const select = page.getByRole('combobox', { name: `Winner of ${slot}` });
  await select.click();
  await select.fill(who.email);
  await page
    .getByRole('option', { name: new RegExp(`^${escape(who.creator)} - .* - ${escape(who.email)} \\(`) })
    .click();
  await expect(select).toHaveValue(new RegExp(escape(who.email)));
  // A choice closes the list: left open, it would cover the next slot's box.
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

const draftSaved = (page: Page) => expect(page.getByTestId('draft-state')).toHaveText('Draft saved');

test('staff finish a competition: suggest, both blocks, submit, the payout CSV, mark as completed', async ({
  page,
  baseURL,
}) => {
  const api = await adminApi(baseURL!);
  const run = await finishableCompetition(baseURL!, api);
  const { a1, a2, b, c, g } = run;
  await signIn(page);

  // The chooser finds the competition; choosing it opens its wizard at step 1.
  await page.goto('/preffy/finish');
  await expect(page.getByRole('heading', { name: 'Finish Competition', level: 1 })).toBeVisible();
  await searchTable(page, 'Search by competition or organizer', run.name);
  await page.getByRole('button', { name: `Finish ${run.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/preffy/finish\\?id=${run.id}`));
  await expect(page.getByRole('heading', { name: `Finish Competition: ${run.name}` })).toBeVisible();
  const slots = page.getByTestId('slots');
  await expect(slots.getByText('$200')).toBeVisible();
  // It still runs and none of its 5 posts is reviewed: the wizard says so before anything is paid.
  const early = page.getByTestId('early-finish');
  await expect(early).toContainText(/This competition is still running: \d+ days? left\./);
  await expect(early).toContainText('5 posts are not reviewed.');

  // On a phone the wizard fits the screen (its steps stack once the layout follows the width).
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 900 });

  // Suggest winners fills every slot and says why.
  await page.getByRole('button', { name: 'Suggest winners' }).click();
  await expect(page.getByTestId('slot-reason')).toHaveCount(3);
  await expect(page.getByTestId('slot-reason').first()).toHaveText(/^Suggested: \S/);
  for (const slot of ['1st Place', '2nd Place', '3rd Place'])
    await expect(page.getByRole('combobox', { name: `Winner of ${slot}` })).not.toHaveValue('');
  await draftSaved(page);

  // By hand: A's second email beside A is the same creator and platform.
  for (const slot of ['1st Place', '2nd Place', '3rd Place'])
    await page.getByRole('button', { name: `Clear the winner of ${slot}` }).click();
  await choose(page, '1st Place', a1);
  await choose(page, '2nd Place', b);
  // The emails chosen elsewhere are not offered again.
  const third = page.getByRole('combobox', { name: 'Winner of 3rd Place' });
  await third.click();
  await third.fill(a1.email);
  // The search has answered (its only match is taken) before the absence means anything.
  await expect(page.getByText('Nobody matches: each email can win one prize.')).toBeVisible();
  await expect(page.getByRole('option', { name: new RegExp(escape(a1.email)) })).toHaveCount(0);
  await third.fill('');
  await choose(page, '3rd Place', a2);
  const blocked = page.getByTestId('winners-blocked');
  await expect(blocked).toHaveText([new RegExp(`^Duplicates found: ${escape(a1.creator)} - \\S+$`)]);
  const submit = page.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();

  // The genni entrant instead: nothing blocks.
  await choose(page, '3rd Place', g);
  await expect(blocked).toHaveCount(0);
  await draftSaved(page);
  // A filled step 1 fits a phone: the long winner texts stay inside their selectors.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 900 });

  // B is banned in the winners directory meanwhile: after a reload (the draft resumes) Submit is blocked.
  await api.call(winners.create, { body: { email: b.email, isBanned: true } });
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Winner of 2nd Place' })).toHaveValue(
    new RegExp(escape(b.email)),
  );
  await expect(blocked).toHaveText([`Please Remove Banned Users: ${b.email}`]);
  await expect(submit).toBeDisabled();
  await choose(page, '2nd Place', c);
  await expect(blocked).toHaveCount(0);

  // Submit asks first: 80% of $200 and $100, the genni winner's record $50 × takePct 1.
  await expect(submit).toBeEnabled();
  await submit.click();
  const confirm = page.getByRole('dialog', { name: 'Submit the winners?' });
  await expect(confirm).toContainText('Create 3 payments, $290 in all, and email 3 winners?');
  // Finishing early is confirmed by name; without that confirmation the server refuses.
  await expect(confirm).toContainText(/still running: \d+ days? left\. 5 posts are not reviewed\./);
  const { finish: draft } = await api.call(finish.get, { params: { competitionId: run.id } });
  const unconfirmed = await api.send(finish.submit, {
    params: { competitionId: run.id },
    body: { version: draft.version, winners: draft.slots.map((slot) => slot.winner) },
  });
  expect(unconfirmed.status()).toBe(409);
  expect((await unconfirmed.json()).code).toBe('FINISH_EARLY');
  await expect(confirm.getByTestId('confirm-submit')).toHaveText('Finish early and submit');
  await confirm.getByTestId('confirm-submit').click();
  await expect(page.getByTestId('submitted')).toHaveText(
    '3 payments were created. 3 winner notices are on their way.',
  );
  await expect(page.getByTestId('to-be-paid-count')).toHaveText('3 payments to be paid');
  await expect(page.getByTestId('payout-total')).toContainText('$290');
  // Step 2 fits a phone too: its table scrolls inside itself.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 900 });

  // Pay Winners: the CSV has PayPal's nine columns; creators get 80%, the genni winner the full prize.
  const downloading = page.waitForEvent('download');
  await page.getByTestId('download-csv').click();
  const csv = readFileSync(await (await downloading).path(), 'utf8');
  const [header, ...rows] = csv.split('\r\n').filter(Boolean);
  expect(header).toBe(PAYOUT_CSV_COLUMNS.join(','));
  const reference = `USD,preffy id:${run.id},`;
  expect(rows.map((row) => row.split(',').slice(0, 4).join(',') + ',').sort()).toEqual(
    [
      `${a1.email},160.00,${reference}`,
      `${c.email},80.00,${reference}`,
      `${g.email},50.00,${reference}`,
    ].sort(),
  );
  await expect(page.getByTestId('payout-files')).toContainText('1 of 1');
  // Step 3 fits a phone too.
  await expect(page.getByTestId('mark-completed')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 900 });

  // Mark As Completed: every payment was in the file.
  await page.getByTestId('mark-completed').click();
  await expect(page.getByTestId('early-finish-confirm')).toContainText('5 posts are not reviewed.');
  await expect(page.getByTestId('confirm-complete')).toHaveText('Finish early and mark as completed');
  await page.getByTestId('confirm-complete').click();
  await expect(page.getByTestId('complete-outcome')).toContainText('3 payments marked Paid');
  await expect(page.getByTestId('complete-outcome')).toContainText(
    'Every payment matched a downloaded file.',
  );
  await expect(page.getByTestId('finish-done')).toBeVisible();
  // A reload resumes at the end: every step done.
  await page.reload();
  await expect(page.getByTestId('finish-done')).toBeVisible();
  // Nothing is owed any more: the PayPal payout file is disabled and says why.
  await expect(page.getByTestId('download-csv')).toBeDisabled();
  await expect(page.getByTestId('payout-file-disabled')).toContainText('Nothing is left to pay');
  // On a phone the empty table's sentence shows whole, not cut by the table's bottom edge.
  await page.setViewportSize({ width: 390, height: 844 });
  const empty = page.getByText('Nothing to be paid: this competition has no payments left To Be Paid.');
  const table = page.locator('.mantine-datatable').filter({ has: empty });
  await expect(async () => {
    const [text, box] = [(await empty.boundingBox())!, (await table.boundingBox())!];
    expect(text.y + text.height).toBeLessThanOrEqual(box.y + box.height);
  }).toPass({ timeout: 5000 });
  await page.setViewportSize({ width: 1280, height: 900 });

  // The payments are under Sent To CSV…
  await page.getByRole('link', { name: 'See the payments sent to CSV' }).click();
  await expect(page).toHaveURL(/tab=sent/);
  await searchTable(page, 'Search emails or competition', run.name);
  await expect(page.getByRole('row').filter({ hasText: run.name })).toHaveCount(3);
  // …and the winner notices in the outbox.
  await page.goto('/preffy/outbox');
  await searchTable(page, 'Search by subject or recipient', run.name);
  await expect(page.getByRole('cell', { name: 'Winner notice', exact: true }).first()).toBeVisible();
  await api.dispose();
});

test('organizers get the no-access page and no finish API', async ({ page, baseURL }) => {
  await signInAsNew(page, baseURL!, 'organizer');
  await page.goto('/preffy/finish');
  await expect(page.getByTestId('no-access')).toBeVisible();
  await expect(page.getByRole('navigation').getByTestId('nav-/preffy/finish')).toHaveCount(0);
  expect((await pageApi(page).send(finish.competitions)).status()).toBe(403);
});
