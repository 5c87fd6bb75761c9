import type { FastifyInstance } from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestClient, createTestApp, signedInClient } from '../test/test-app.ts';

describe('compressed answers (decision 0085)', () => {
  let app: FastifyInstance;
  let admin: TestClient;
  beforeAll(async () => {
    app = await createTestApp();
    admin = (await signedInClient(app, 'admin')).client;
  });
  afterAll(() => app.close());

  const ask = (url: string, acceptEncoding: string) =>
    admin.request('GET', url, undefined, { headers: { 'accept-encoding': acceptEncoding } });

  it('sends an answer of 1 KB or more in Brotli, else gzip, as the client accepts, and the same JSON', async () => {
    const plain = await ask('/api/openapi.json', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await ask('/api/openapi.json', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);

    const gzip = await ask('/api/openapi.json', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it('sends a smaller answer as it is', async () => {
    const small = await ask('/api/auth/me', 'gzip, deflate, br');
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
