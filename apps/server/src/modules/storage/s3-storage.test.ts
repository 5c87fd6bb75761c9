import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3, type FakeS3 } from '../../../test/fixtures/fake-s3.ts';
import { signedInApp, type SignedInClient } from '../../../test/fixtures/signed-in.ts';
import { uploadImage } from '../../../test/test-app.ts';

let s3: FakeS3;
let app: FastifyInstance;
let staff: SignedInClient;
let png: Buffer;

beforeAll(async () => {
  s3 = await startFakeS3();
  const members = { staff: 'staff' } as const;
  ({ app, staff } = await signedInApp(members, { storage: { kind: 's3', s3: s3.settings } }));
  png = await sharp({ create: { width: 4, height: 3, channels: 3, background: '#36c' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await app.close();
  await s3.close();
});

describe('album images in an S3-compatible store', () => {
  it('uploads signed objects under images/ in the bucket and serves them through the app', async () => {
    const uploaded = await uploadImage(staff, png);
    expect(uploaded.statusCode).toBe(201);
    const { url } = uploaded.json() as { url: string };
    const name = url.replace('/images/', '');
    // The store holds the re-encoded picture (decision 0016), which the app serves as it is.
    const stored = s3.objects.get(`/albums/images/${name}`)!;
    expect(stored.type).toBe('image/png');
    expect(await sharp(stored.body).metadata()).toMatchObject({ format: 'png', width: 4, height: 3 });

    const served = await app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-length']).toBe(String(stored.body.length));
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload.equals(stored.body)).toBe(true);
    expect(s3.requests.every((r) => r.authorization.startsWith('AWS4-HMAC-SHA256'))).toBe(true);
  });

  it('answers 404 for an object the bucket does not have', async () => {
    expect((await app.inject({ method: 'GET', url: '/images/missing-0.png' })).statusCode).toBe(404);
  });
});
