import { createHash } from 'node:crypto';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInApp, type SignedInClient } from '../../../test/fixtures/signed-in.ts';
import { uploadImage } from '../../../test/test-app.ts';

/**
 * A fake S3-compatible store on 127.0.0.1: keeps objects in memory and refuses requests that
 * are not SigV4-signed with our key for this region, or whose body hash does not match.
 */
function fakeS3() {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const requests: { method: string; path: string; authorization: string }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const authorization = String(req.headers.authorization ?? '');
      requests.push({ method: req.method!, path: req.url!, authorization });
      const signed =
        /^AWS4-HMAC-SHA256 Credential=test-key\/\d{8}\/eu-test-1\/s3\/aws4_request, SignedHeaders=[a-z0-9;-]+, Signature=[0-9a-f]{64}$/.test(
          authorization,
        ) &&
        (req.method === 'PUT'
          ? req.headers['x-amz-content-sha256'] === createHash('sha256').update(body).digest('hex')
          : req.headers['x-amz-content-sha256'] === 'UNSIGNED-PAYLOAD');
      if (!signed) return res.writeHead(403).end('<Error><Code>AccessDenied</Code></Error>');
      const key = decodeURIComponent(req.url!);
      if (req.method === 'PUT') {
        objects.set(key, { body, type: String(req.headers['content-type']) });
        return res.writeHead(200).end();
      }
      const object = objects.get(key);
      if (!object) return res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
      res.writeHead(200, { 'content-type': object.type, 'content-length': object.body.length });
      res.end(object.body);
    });
  });
  return { server, objects, requests };
}

let s3: ReturnType<typeof fakeS3>;
let app: FastifyInstance;
let staff: SignedInClient;
let png: Buffer;

beforeAll(async () => {
  s3 = fakeS3();
  await new Promise<void>((resolve) => s3.server.listen(0, '127.0.0.1', resolve));
  const { port } = s3.server.address() as AddressInfo;
  const members = { staff: 'staff' } as const;
  ({ app, staff } = await signedInApp(members, {
    storage: {
      kind: 's3',
      endpoint: `http://127.0.0.1:${port}`,
      bucket: 'albums',
      region: 'eu-test-1',
      accessKeyId: 'test-key',
      secretAccessKey: 'test-secret',
    },
  }));
  png = await sharp({ create: { width: 4, height: 3, channels: 3, background: '#36c' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await app.close();
  await new Promise((resolve) => (s3 as { server: Server }).server.close(resolve));
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
