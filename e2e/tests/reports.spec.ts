import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { ApiClient } from './api-client.ts';
import { adminApi, signInAsNew, searchTable } from './helpers.ts';
import { addPost, createCompetition } from './records.ts';

// The test makes its own competition and posts first, then renders a PDF; the machine may be busy.
test.describe.configure({ timeout: 120_000 });

/** An active competition of the organizer `email` with three creators' posts and known views. */
async function reportedCompetition(api: ApiClient, email = 'artist@label.test') {
  const stamp = `${Date.now()}`.slice(-7);
  const name = `Report Song ${stamp}`;
  const competition = await createCompetition(api, {
    email,
    name,
    organizer: 'Report Artist',
    startedYesterday: true,
    prizes: ['1st Place: $200', '2nd Place: $100'],
    confirmed: true,
    active: true,
  });

  const emails: string[] = [];
  // Views far above the likes: no automatic flag takes a post out.
  for (const [who, likes] of [
    ['a', 900],
    ['b', 500],
    ['c', 300],
  ] as const) {
    const creator = `e2e.rep${who}${stamp}`;
    emails.push(`${creator}@creators.test`);
    await addPost(api, competition.id, { creator, likes, views: likes * 100 });
  }
  return { id: competition.id, name, emails, views: (900 + 500 + 300) * 100 };
}

/** The PDF rendered to an image and to text with Debian's poppler-utils: the text it shows. */
function renderPdf(file: string): string {
  const dir = path.dirname(file);
  try {
    execFileSync('pdftoppm', ['-png', '-r', '50', file, path.join(dir, 'page')]);
  } catch (error) {
    throw new Error(`pdftoppm could not render the PDF (apt-get install poppler-utils): ${String(error)}`);
  }
  expect(readdirSync(dir).filter((f) => /^page.*\.png$/.test(f)).length).toBeGreaterThan(0);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

test('staff open a report from the row menu, download its PDF, share it signed out and revoke it', async ({
  page,
  baseURL,
  browser,
}) => {
  const api = await adminApi(baseURL!);
  const run = await reportedCompetition(api);
  await api.dispose();
  await signInAsNew(page, baseURL!, 'staff');

  // All Competitions' row menu opens the report.
  await page.goto('/preffy/view?tab=active');
  await searchTable(page, 'Search Artist or Song', run.name);
  await page
    .getByRole('row')
    .filter({ hasText: run.name })
    .getByRole('button', { name: `Actions: ${run.name}` })
    .click();
  await page.getByRole('menuitem', { name: 'Report' }).click();
  await expect(page).toHaveURL(new RegExp(`/reports\\?id=${run.id}`));
  await expect(page.getByRole('heading', { level: 1, name: run.name })).toBeVisible();
  await expect(page.getByTestId('total-posts')).toHaveText('Posts3');
  await expect(page.getByTestId('total-creators')).toHaveText('Creators3');
  await expect(page.getByTestId('total-views')).toHaveText(`Views${run.views.toLocaleString('en-US')}`);
  await expect(page.getByTestId('report-top-post')).toHaveCount(3);
  await expect(page.getByTestId('report-money')).toBeVisible();

  // On a phone nothing is cut: the page is no wider than the screen (tables scroll inside).
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 900 });

  // The PDF downloads, renders, and names the competition.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'e2e-report-')), 'report.pdf');
  await download.saveAs(file);
  expect(renderPdf(file)).toContain(run.name);

  // Share with the artist: the link is shown once.
  await page.getByRole('button', { name: 'Share with the artist' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share with the artist' });
  await dialog.getByRole('textbox', { name: 'Expires in (days)' }).fill('7');
  await dialog.getByRole('button', { name: 'Create the link' }).click();
  await expect(dialog.getByTestId('share-made')).toContainText('it will not be shown again');
  const url = await dialog.getByRole('textbox', { name: 'Shared link' }).inputValue();
  expect(url).toMatch(/\/r\/[\w-]{20,}$/);
  const row = dialog.getByTestId('share-row').first();
  await expect(row.getByTestId('share-status')).toHaveText('Live');

  // Signed out, in a new browser: the report without money, emails or the admin.
  const artist = await browser.newContext();
  const shared = await artist.newPage();
  await shared.goto(url);
  await expect(shared.getByRole('heading', { level: 1, name: run.name })).toBeVisible();
  await expect(shared).toHaveTitle(run.name);
  await expect(shared.getByTestId('total-posts')).toHaveText('Posts3');
  await expect(shared.getByTestId('shared-expires')).toBeVisible();
  await expect(shared.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
    'href',
    /^\/api\/public\/reports\/[\w-]+\/pdf$/,
  );
  await expect(shared.getByTestId('report-money')).toHaveCount(0);
  await expect(shared.getByTestId('user-menu')).toHaveCount(0);
  const text = await shared.locator('body').innerText();
  for (const email of run.emails) expect(text).not.toContain(email);
  expect(text).not.toContain('@');

  // Revoked (after the confirmation), the link stops working at once.
  await row.getByRole('button', { name: /^Revoke the link/ }).click();
  await page.getByTestId('confirm-revoke-share').click();
  await expect(page.getByText('The link is revoked: it no longer opens the report.')).toBeVisible();
  await expect(row.getByTestId('share-status')).toHaveText('Revoked');
  await shared.reload();
  await expect(shared.getByRole('heading', { name: 'This link no longer works' })).toBeVisible();
  await expect(shared.getByTestId('not-found')).toHaveCount(0);
  await artist.close();
});

test("organizers read the report of their own competition without Share or money, and not others' reports", async ({
  page,
  baseURL,
}) => {
  const email = await signInAsNew(page, baseURL!, 'organizer');
  const api = await adminApi(baseURL!);
  const own = await reportedCompetition(api, email);
  const other = await reportedCompetition(api);
  await api.dispose();

  await page.goto(`/reports?id=${own.id}`);
  await expect(page.getByRole('heading', { level: 1, name: own.name })).toBeVisible();
  await expect(page.getByTestId('total-posts')).toHaveText('Posts3');
  await expect(page.getByRole('link', { name: 'Download CSV' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Share with the artist' })).toHaveCount(0);
  await expect(page.getByTestId('report-money')).toHaveCount(0);

  await page.goto(`/reports?id=${other.id}`);
  await expect(page.getByTestId('not-found')).toBeVisible();
});
