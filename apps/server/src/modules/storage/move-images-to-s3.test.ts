import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3, type FakeS3 } from '../../../test/fixtures/fake-s3.ts';
import {
  buildTestApp,
  createScratchDatabase,
  signedInClient,
  type TestClient,
  uploadImage,
} from '../../../test/test-app.ts';
import { findStoredImage } from './stored-images.repository.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../../../..');

let folder: string;
let databaseUrl: string | undefined;
let s3: FakeS3;
let app: FastifyInstance;
let staff: TestClient;

/** The database the app and the command share, as an operator's environment names it. */
const databaseEnv = (): Record<string, string> =>
  databaseUrl ? { DATA_DIR: folder, DATABASE_URL: databaseUrl } : { DATA_DIR: folder };
const bucketEnv = () => ({
  S3_ENDPOINT: s3.settings.endpoint,
  S3_BUCKET: s3.settings.bucket,
  S3_REGION: s3.settings.region,
  S3_ACCESS_KEY_ID: s3.settings.accessKeyId,
  S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey,
});

/** `npm run images:to-s3` as an operator runs it: its own process, only the given environment. */
async function imagesToS3(env: Record<string, string>) {
  const run = promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/images-to-s3.ts'], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
  });
  return run.then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (failed: { code: number; stdout: string; stderr: string }) => failed,
  );
}

async function upload(background: string) {
  const png = await sharp({ create: { width: 3, height: 3, channels: 3, background } })
    .png()
    .toBuffer();
  const response = await uploadImage(staff, png);
  expect(response.statusCode).toBe(201);
  return (response.json() as { url: string }).url.slice(1);
}

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'preffy-images-to-s3-'));
  s3 = await startFakeS3();
  if (process.env.TEST_DATABASE_URL)
    databaseUrl = (await createScratchDatabase(process.env.TEST_DATABASE_URL)).url;
  app = await buildTestApp(databaseUrl, {
    sqlitePath: path.join(folder, 'preffy.sqlite'),
    dataDir: folder,
    storage: { kind: 'database', s3: null },
  });
  ({ client: staff } = await signedInClient(app, 'staff'));
});
afterAll(async () => {
  await app.close();
  await s3.close();
  await rm(folder, { recursive: true, force: true });
});

describe('npm run images:to-s3 (decision 0118)', { timeout: 60_000 }, () => {
  let keys: string[];

  it('copies every image kept in the database into the bucket, under the same key, and says so', async () => {
    keys = [await upload('#c33'), await upload('#36c')].sort();
    const run = await imagesToS3({ ...databaseEnv(), ...bucketEnv() });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`1/2 ${keys[0]}: copied`);
    expect(run.stdout).toContain(`2/2 ${keys[1]}: copied`);
    expect(run.stdout).toContain('Done: 2 of 2 images copied to the bucket albums, 0 already there.');
    for (const key of keys) {
      const stored = (await findStoredImage(app.db, key))!;
      const object = s3.objects.get(`/albums/${key}`)!;
      expect(object.body.equals(stored.bytes)).toBe(true);
      expect(object.type).toBe('image/png');
    }
  });

  it('run again, copies only what the bucket lacks', async () => {
    const puts = () => s3.requests.filter((request) => request.method === 'PUT').length;
    const before = puts();
    const again = await imagesToS3({ ...databaseEnv(), ...bucketEnv() });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain(`1/2 ${keys[0]}: already in the bucket`);
    expect(again.stdout).toContain('Done: 0 of 2 images copied to the bucket albums, 2 already there.');
    expect(puts()).toBe(before);

    // An upload since, and an object lost (a copy cut short): the next run copies those two.
    const added = await upload('#3a6');
    s3.objects.delete(`/albums/${keys[0]}`);
    const third = await imagesToS3({ ...databaseEnv(), ...bucketEnv() });
    expect(third.stdout).toContain('Done: 2 of 3 images copied to the bucket albums, 1 already there.');
    expect(puts()).toBe(before + 2);
    expect(s3.objects.has(`/albums/${added}`)).toBe(true);
  });

  it('leaves every image served by an instance that uses the bucket', async () => {
    const onS3 = await buildTestApp(databaseUrl, {
      sqlitePath: path.join(folder, 'preffy.sqlite'),
      dataDir: path.join(folder, 'other'),
      storage: { kind: 's3', s3: s3.settings },
    });
    try {
      for (const key of keys) {
        const served = await onS3.inject({ method: 'GET', url: `/${key}` });
        expect(served.statusCode).toBe(200);
        expect(served.rawPayload.equals((await findStoredImage(app.db, key))!.bytes)).toBe(true);
        expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      }
    } finally {
      await onS3.close();
    }
  });

  it('refuses to run without a bucket, naming what to set', async () => {
    const run = await imagesToS3(databaseEnv());
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  });
});
