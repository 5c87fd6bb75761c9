import { expect, test } from '@playwright/test';
import { jobs } from '@preffy/api';
import { adminApi } from './helpers.ts';
import { addPost, createCompetition, updateCompetition } from './records.ts';

/**
 * The public page's standings (issue 43): after staff refresh the views, creators see their
 * rank by handle, never an email, and find themselves; staff can hide them.
 */
test('the public page shows the standings after a refresh, finds a handle, and hides them when staff say so', async ({
  page,
  baseURL,
}) => {
  const api = await adminApi(baseURL!);
  const name = `Standings Song ${Date.now()}`;
  const { id } = await createCompetition(api, {
    name,
    prizes: ['1st Place: $300'],
    confirmed: true,
    startedYesterday: true,
  });
  await updateCompetition(api, id, { metric: 'views' });
  const handles = ['stand.ana', 'stand.ben', 'stand.cai'];
  for (const creator of handles) await addPost(api, id, { creator });

  // Staff refresh the views: the board is worked out when the refresh is done.
  const { job } = await api.call(jobs.startRefresh, { params: { id } });
  await expect
    .poll(async () => (await api.call(jobs.get, { params: { id: job.id } })).job.status, { timeout: 20_000 })
    .toBe('done');
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto(`/c/${id}`);
  const table = page.getByTestId('standings-table');
  await expect(table.getByRole('row')).toHaveCount(1 + handles.length);
  await expect(table.getByRole('columnheader', { name: 'Views' })).toBeVisible();
  for (const handle of handles) await expect(table).toContainText(`@${handle}`);
  await expect(page.getByTestId('standings')).not.toContainText('@creators.test');
  await expect(page.getByTestId('standings-updated')).toContainText('Updated');
  // Nothing is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // A creator finds themselves by handle, with the keyboard.
  await page.getByRole('textbox', { name: 'Find a handle' }).fill('BEN');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('@stand.ben');
  await page.getByRole('textbox', { name: 'Find a handle' }).fill('nobody');
  await expect(page.getByTestId('standings-empty')).toHaveText('No handle matches “nobody”.');

  // A competition never refreshed has no board yet, and its page says why.
  const fresh = await createCompetition(api, { name: `${name} B`, confirmed: true });
  await page.goto(`/c/${fresh.id}`);
  await expect(page.getByTestId('standings-empty')).toHaveText(
    "The standings appear once the first entries' numbers have been read.",
  );

  // Standings staff keep hidden: the page says so, with no rows.
  const hidden = await createCompetition(api, { name: `${name} C`, confirmed: true, startedYesterday: true });
  await addPost(api, hidden.id, { creator: 'stand.dee' });
  await updateCompetition(api, hidden.id, { standings: 'hidden' });
  await api.dispose();
  await page.goto(`/c/${hidden.id}`);
  await expect(page.getByTestId('standings')).toContainText(
    'The organizers keep the standings of this competition private.',
  );
  await expect(page.getByTestId('standings-table')).toHaveCount(0);
  await expect(page.getByTestId('standings')).not.toContainText('stand.dee');
});
