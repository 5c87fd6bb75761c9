import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEGACY_IDS, writeLegacyFixture } from '../../../test/fixtures/legacy-data.ts';
import { writeDynamoDbExport } from '../../../test/fixtures/legacy-export.ts';
import { waitFor } from '../../../test/fixtures/wait-for.ts';
import { createScratchDatabase } from '../../../test/test-app.ts';
import { loadConfig } from '../../config/env.ts';
import { type Database, openDatabase } from '../../db/database.ts';
import { runImportCommand } from './import-command.ts';
import { s3Storage } from '../storage/index.ts';
import { startFakeS3 } from '../../../test/fixtures/fake-s3.ts';

const REPO = path.resolve(import.meta.dirname, '../../../../..');
const ZONE = 'America/New_York';
/** Enough posts that the second pass takes several batches, and seconds: there is time to kill it. */
const EXTRA_POSTS = 3_000;

type Target = { dataDir: string; databaseUrl?: string };
async function newTarget(): Promise<Target> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'import-command-'));
  const base = process.env.TEST_DATABASE_URL;
  return { dataDir, databaseUrl: base ? (await createScratchDatabase(base)).url : undefined };
}
const configOf = (target: Target) =>
  loadConfig({
    DATA_DIR: target.dataDir,
    COOKIE_SECRET: 'x'.repeat(40),
    ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
  });

/** Every row the import wrote, without the times of writing, in a fixed order. */
async function contents(db: Database) {
  const tables = [
    'competitions',
    'posts',
    'referrals',
    'winners',
    'payments',
    'promotions',
    'inquiries',
    'notes',
    'activities',
  ] as const;
  const rows: Record<string, unknown[]> = {};
  for (const table of tables)
    rows[table] = (await db.selectFrom(table).selectAll().orderBy('id').execute()).map(
      ({ updatedAt: _u, ...row }) => row,
    );
  rows.legacyRecords = (
    await db.selectFrom('legacyRecords').selectAll().orderBy('legacyTable').orderBy('legacyId').execute()
  ).map(({ runId: _r, ...row }) => row);
  const run = await db.selectFrom('importRuns').selectAll().where('dryRun', '=', 0).executeTakeFirstOrThrow();
  rows.report = [JSON.parse(run.report), run.status, run.pass];
  rows.problems = await db
    .selectFrom('importProblems')
    .select(['position', 'kind', 'legacyTable', 'legacyId', 'file', 'line', 'reason'])
    .orderBy('position')
    .execute();
  return rows;
}

let root: string;
const children: ChildProcess[] = [];
beforeAll(async () => {
  root = await writeLegacyFixture(await mkdtemp(path.join(tmpdir(), 'legacy-')), 'DYNAMODB_JSON');
  const base = {
    competitionID: LEGACY_IDS.limitEra,
    platform: 'tiktok',
    likes: 1,
    views: 10,
    _version: 1,
    _lastChangedAt: Date.UTC(2024, 5, 1),
  };
  await writeDynamoDbExport(
    root,
    'Post',
    Array.from({ length: EXTRA_POSTS }, (_, i) => ({
      ...base,
      id: `9a000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      link: `https://www.tiktok.com/@bulk${i}/video/${7_100_000_000 + i}`,
      postId: String(7_100_000_000 + i),
      email: `bulk${i}@creators.test`,
      creator: `bulk${i}`,
    })),
    { format: 'DYNAMODB_JSON', files: 3 },
  );
});
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

describe('npm run import', () => {
  it(
    'killed half-way (kill -9), resumes when given again and ends as an uninterrupted import',
    { timeout: 180_000 },
    async () => {
      const lines: string[] = [];
      const uninterrupted = await newTarget();
      expect(
        await runImportCommand(configOf(uninterrupted), [root, '--time-zone', ZONE], (l) => lines.push(l)),
      ).toBe(0);
      expect(lines.at(-1)).toBe('Done. The problems are listed on the Import page.');

      const killed = await newTarget();
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'scripts/import.ts', root, '--time-zone', ZONE],
        {
          cwd: REPO,
          env: {
            PATH: process.env.PATH,
            HOME: process.env.HOME,
            DATA_DIR: killed.dataDir,
            COOKIE_SECRET: 'x'.repeat(40),
            LOG_LEVEL: 'warn',
            ...(killed.databaseUrl ? { DATABASE_URL: killed.databaseUrl } : {}),
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      children.push(child);
      let errors = '';
      child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
      let output = '';
      child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      // Its first line comes once the database is migrated and the run is made.
      await waitFor(
        'the import to start',
        async () => {
          if (child.exitCode !== null) throw new Error(`The import stopped: ${errors}`);
          return output.startsWith('Import ');
        },
        60_000,
      );
      const watch = openDatabase(configOf(killed));
      // Killed in the posts' pass, after at least one batch of it and well before its end.
      const at = await waitFor(
        'the second pass',
        async () => {
          if (child.exitCode !== null) throw new Error(`The import ended before it was killed: ${errors}`);
          const run = await watch.db.selectFrom('importRuns').select(['pass', 'passDone']).executeTakeFirst();
          if (run && Number(run.pass) > 2) throw new Error('The second pass ended before it was killed');
          return run && Number(run.pass) === 2 && Number(run.passDone) >= 500 ? run : undefined;
        },
        120_000,
      );
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
      expect(Number(at.passDone)).toBeLessThan(EXTRA_POSTS);
      await watch.db.destroy();

      const resumed: string[] = [];
      expect(
        await runImportCommand(configOf(killed), [root, '--time-zone', ZONE], (l) => resumed.push(l)),
      ).toBe(0);
      expect(resumed[0]).toMatch(/^Resuming import .* from where it stopped\.$/);

      const [a, b] = [openDatabase(configOf(uninterrupted)), openDatabase(configOf(killed))];
      try {
        const [got, want] = [await contents(b.db), await contents(a.db)];
        for (const key of Object.keys(want))
          expect([key, JSON.stringify(got[key])]).toEqual([key, JSON.stringify(want[key])]);
        expect(got).toEqual(want);
      } finally {
        await a.db.destroy();
        await b.db.destroy();
      }
    },
  );

  it("copies the album images from the legacy bucket (--images s3://bucket) into the app's store", async () => {
    const fake = await startFakeS3();
    try {
      const png = Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
        'base64',
      );
      await s3Storage({ ...fake.settings, bucket: 'legacy-bucket' }).put(
        'public/sunrise.png',
        png,
        'image/png',
      );
      const target = await newTarget();
      const config = loadConfig({
        DATA_DIR: target.dataDir,
        COOKIE_SECRET: 'x'.repeat(40),
        ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
        S3_ENDPOINT: fake.settings.endpoint,
        S3_BUCKET: fake.settings.bucket,
        S3_REGION: fake.settings.region,
        S3_ACCESS_KEY_ID: fake.settings.accessKeyId,
        S3_SECRET_ACCESS_KEY: fake.settings.secretAccessKey,
      });
      const lines: string[] = [];
      const args = [root, '--time-zone', ZONE, '--images', 's3://legacy-bucket'];
      expect(await runImportCommand(config, args, (l) => lines.push(l))).toBe(0);
      expect(lines).toContain('Images: 1 copied, 0 missing');
      const { db } = openDatabase(config);
      try {
        const { image } = await db
          .selectFrom('competitions')
          .select('image')
          .where('id', '=', LEGACY_IDS.running)
          .executeTakeFirstOrThrow();
        expect(image).toMatch(/^\/images\/[0-9a-f]{64}\.png$/);
        // Stored in the app's own bucket, under the name its URL gives.
        expect(fake.objects.has(`/albums${image}`)).toBe(true);
      } finally {
        await db.destroy();
      }
    } finally {
      await fake.close();
    }
  });

  it('says how it is used, and refuses an unknown zone', async () => {
    const lines: string[] = [];
    const target = await newTarget();
    expect(await runImportCommand(configOf(target), [], (l) => lines.push(l))).toBe(2);
    expect(
      await runImportCommand(configOf(target), [root, '--time-zone', 'Mars/Base'], (l) => lines.push(l)),
    ).toBe(2);
    expect(lines).toEqual([
      expect.stringMatching(/^Usage: npm run import -- /),
      expect.stringMatching(/^Unknown time zone: Mars\/Base\nUsage: /),
    ]);
  });
});
