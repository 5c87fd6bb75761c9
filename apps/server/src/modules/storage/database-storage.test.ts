import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoInstances, type TwoInstances } from '../../../test/fixtures/two-instances.ts';
import { createTestApp, signedInClient, type TestClient, uploadImage } from '../../../test/test-app.ts';
import { importDiskImages } from './import-disk-images.ts';
import { countStoredImages, findStoredImage } from './stored-images.repository.ts';

const CACHED_FOR_GOOD = 'public, max-age=31536000, immutable';

let instances: TwoInstances;
let staff: TestClient;

beforeAll(async () => {
  // The database is the default store on PostgreSQL; beside SQLite it is chosen here.
  instances = await twoInstances(
    process.env.TEST_DATABASE_URL ? {} : { storage: { kind: 'database', s3: null } },
  );
  ({ client: staff } = await signedInClient(instances.a, 'staff'));
});
afterAll(() => instances.close());

const picture = (background: string) =>
  sharp({ create: { width: 5, height: 2, channels: 3, background } })
    .png()
    .toBuffer();

async function upload(bytes: Buffer) {
  const response = await uploadImage(staff, bytes);
  expect(response.statusCode).toBe(201);
  return (response.json() as { url: string }).url;
}

describe('images kept in the database (decision 0118)', () => {
  it('is the store', () => {
    expect(instances.a.config.storage.kind).toBe('database');
  });

  it('serves an upload back byte for byte, with its type and the long cache headers', async () => {
    const url = await upload(await picture('#c33'));
    const stored = await findStoredImage(instances.a.db, url.slice(1));
    expect(stored).toMatchObject({ contentType: 'image/png', size: stored!.bytes.length });
    expect((await sharp(stored!.bytes).metadata()).format).toBe('png');

    const served = await instances.a.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(stored!.bytes)).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-length']).toBe(String(stored!.size));
    expect(served.headers['cache-control']).toBe(CACHED_FOR_GOOD);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it('stores the same picture once: one name from its hash, one row', async () => {
    const bytes = await picture('#36c');
    const before = await countStoredImages(instances.a.db);
    const first = await upload(bytes);
    const second = await upload(bytes);
    expect(second).toBe(first);
    expect(await countStoredImages(instances.a.db)).toBe(before + 1);
    const { sha256 } = (await findStoredImage(instances.a.db, first.slice(1)))!;
    expect(first).toBe(`/images/${sha256}.png`);
    // Another picture is another image.
    expect(await upload(await picture('#3a6'))).not.toBe(first);
    expect(await countStoredImages(instances.a.db)).toBe(before + 2);
  });

  it('answers 404 for a name it does not hold', async () => {
    const missing = await instances.a.inject({ method: 'GET', url: `/images/${'0'.repeat(64)}.png` });
    expect(missing.statusCode).toBe(404);
  });
});

describe('two instances on one database', () => {
  it('an image uploaded through one is served by the other, byte for byte', async () => {
    const { a, b } = instances;
    const url = await upload(await picture('#963'));
    const fromA = await a.inject({ method: 'GET', url });
    const fromB = await b.inject({ method: 'GET', url });
    expect(fromB.statusCode).toBe(200);
    expect(fromB.rawPayload.equals(fromA.rawPayload)).toBe(true);
    expect(fromB.headers['content-type']).toBe('image/png');
    expect(fromB.headers['cache-control']).toBe(CACHED_FOR_GOOD);
  });
});

describe('images an instance kept on its disk before the database became the store', () => {
  it('are copied into the database when it starts, once, and served from there', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'preffy-disk-images-'));
    const bytes = await picture('#639');
    await mkdir(path.join(dataDir, 'images'));
    await writeFile(path.join(dataDir, 'images', 'lk2x-0123456789abcdef.png'), bytes);
    await writeFile(path.join(dataDir, 'images', 'half-written.png.part'), bytes);
    await mkdir(path.join(dataDir, 'images', 'folder.png'));
    const app = await createTestApp({ dataDir, storage: { kind: 'database', s3: null } });
    try {
      await rm(path.join(dataDir, 'images'), { recursive: true });
      const served = await app.inject({ method: 'GET', url: '/images/lk2x-0123456789abcdef.png' });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(bytes)).toBe(true);
      expect(served.headers['content-type']).toBe('image/png');
      expect(await countStoredImages(app.db)).toBe(1);
      await mkdir(path.join(dataDir, 'images'));
      await writeFile(path.join(dataDir, 'images', 'lk2x-0123456789abcdef.png'), bytes);
      expect(await importDiskImages(app.db, dataDir)).toBe(0);
    } finally {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
