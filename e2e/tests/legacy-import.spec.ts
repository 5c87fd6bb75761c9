import { writeFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { strToU8, zipSync } from 'fflate';
import { competitions } from '@preffy/api';
import { pageApi, signIn } from './helpers.ts';

test.describe.configure({ timeout: 90_000 });

/** A DynamoDB JSON item line, as AWS's export writes it: every value typed, numbers as text. */
const dynamo = (item: Record<string, string | number | boolean | null>) =>
  JSON.stringify({
    Item: Object.fromEntries(
      Object.entries(item).map(([k, v]) => [
        k,
        v === null
          ? { NULL: true }
          : typeof v === 'number'
            ? { N: String(v) }
            : typeof v === 'boolean'
              ? { BOOL: v }
              : { S: v },
      ]),
    ),
  });

/** One table's export folder, as `aws dynamodb export-table-to-point-in-time` writes it. */
function exportOf(model: string, exportId: string, lines: string[]): Record<string, Uint8Array> {
  const base = `AWSDynamoDB/${exportId}`;
  return {
    [`${base}/manifest-summary.json`]: strToU8(
      JSON.stringify({
        tableArn: `arn:aws:dynamodb:us-east-1:123456789012:table/${model}-e2eapiid-prod`,
        exportFormat: 'DYNAMODB_JSON',
        itemCount: lines.length,
      }),
    ),
    [`${base}/manifest-files.json`]: strToU8(
      `${JSON.stringify({ itemCount: lines.length, dataFileS3Key: `x/${base}/data/part0.json.gz` })}\n`,
    ),
    [`${base}/data/part0.json.gz`]: gzipSync(lines.join('\n')),
  };
}

test('an admin uploads a legacy export, reads the dry run, then imports it with progress and a report', async ({
  page,
}, testInfo) => {
  const tag = `${Date.now()}`.slice(-7);
  const competitionId = `e2e-legacy-${tag}`;
  const start = Date.UTC(2024, 5, 3, 19);
  const zip = zipSync({
    ...exportOf('Competition', `0170000000000${tag}-c`, [
      dynamo({
        id: competitionId,
        name: `Legacy Song ${tag}`,
        organizer: 'Old Artist',
        organizerEmail: 'old@label.test',
        startDate: start,
        endDate: start + 7 * 86_400_000,
        campaignID: 800_000 + Number(tag.slice(-5)),
        hasEnded: true,
        isConfirmed: true,
        metric: 'likes',
        _version: 3,
        _lastChangedAt: start,
      }),
    ]),
    ...exportOf('Post', `0170000000000${tag}-p`, [
      dynamo({
        id: `${competitionId}-p1`,
        competitionID: competitionId,
        link: `https://www.tiktok.com/@old${tag}/video/71${tag}1`,
        email: `old${tag}@creators.test`,
        creator: `old${tag}`,
        platform: 'tiktok',
        likes: 120,
        views: 4000,
        _version: 1,
      }),
      dynamo({
        id: `${competitionId}-p2`,
        competitionID: `${competitionId}-gone`,
        link: 'https://www.tiktok.com/@lost/video/1',
        email: 'lost@creators.test',
        creator: 'lost',
        platform: 'tiktok',
        likes: 1,
        _version: 1,
      }),
      dynamo({
        id: `${competitionId}-p3`,
        competitionID: competitionId,
        link: 'https://www.tiktok.com/@gone/video/2',
        email: 'gone@creators.test',
        creator: 'gone',
        platform: 'tiktok',
        _deleted: true,
      }),
    ]),
  });
  const file = testInfo.outputPath('legacy-export.zip');
  await writeFile(file, zip);

  await signIn(page);
  await page.goto('/admin/import');
  await expect(page.getByRole('heading', { name: 'Import from the legacy system' })).toBeVisible();
  await page.locator('input[type=file]').setInputFiles(file);
  await page.getByRole('button', { name: 'Dry run' }).click();

  const counts = page.getByTestId('run-counts');
  await expect(page.getByRole('heading', { name: 'Dry run', exact: true })).toBeVisible();
  await expect(page.getByRole('progressbar')).toBeVisible();
  await expect(page.getByTestId('run-status')).toHaveText('Done');
  // Table, in the files, created, updated, unchanged, tombstones, invalid, orphans, older.
  await expect(counts.getByTestId('counts-Competition').getByRole('cell')).toHaveText([
    'Competitions',
    '1',
    '1',
    '0',
    '0',
    '0',
    '0',
    '0',
    '0',
  ]);
  await expect(counts.getByTestId('counts-Post').getByRole('cell')).toHaveText([
    'Posts',
    '3',
    '1',
    '0',
    '0',
    '1',
    '0',
    '1',
    '0',
  ]);
  await expect(page.getByRole('heading', { name: '1 problem' })).toBeVisible();
  await expect(
    page.getByRole('cell', {
      name: /Its competition e2e-legacy-\d+-gone is neither in the files nor in the app/,
    }),
  ).toBeVisible();
  // The dry run wrote nothing.
  const api = pageApi(page);
  expect((await api.send(competitions.get, { params: { id: competitionId } })).status()).toBe(404);

  await page.getByRole('button', { name: 'Import these files' }).click();
  await page.getByTestId('confirm-apply').click();
  await expect(page.getByRole('heading', { name: 'Import', exact: true })).toBeVisible();
  await expect(page.getByTestId('run-status')).toHaveText('Done');
  await expect(counts.getByTestId('counts-Post').getByRole('cell')).toHaveText([
    'Posts',
    '3',
    '1',
    '0',
    '0',
    '1',
    '0',
    '1',
    '0',
  ]);
  const imported = await api.call(competitions.get, { params: { id: competitionId } });
  expect(imported.competition).toMatchObject({ name: `Legacy Song ${tag}`, version: 3 });

  // The report downloads as a CSV.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download the report (CSV)' }).click();
  const csv = await (
    await download
  )
    .path()
    .then((p) => import('node:fs/promises').then((fs) => fs.readFile(p!, 'utf8')));
  expect(csv).toContain('Posts'.slice(0, 4));
  expect(csv).toMatch(/orphan,Post,e2e-legacy-\d+-p2/);
});
