import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.ts';

const HSTS = 'strict-transport-security';

describe('Strict-Transport-Security (issue 19)', () => {
  let direct: FastifyInstance;
  let proxied: FastifyInstance;
  beforeAll(async () => {
    direct = await createTestApp();
    proxied = await createTestApp({ trustProxy: 1 });
  });
  afterAll(async () => {
    await direct.close();
    await proxied.close();
  });

  it('is sent when the browser came over HTTPS through the trusted proxy', async () => {
    const response = await proxied.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
    expect(response.headers[HSTS]).toBe('max-age=31536000; includeSubDomains');
  });

  it("is not sent over plain http, nor on a client's own claim of HTTPS", async () => {
    expect(
      (await proxied.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'http' } })).headers[HSTS],
    ).toBeUndefined();
    expect((await direct.inject({ url: '/healthz' })).headers[HSTS]).toBeUndefined();
    const forged = await direct.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
    expect(forged.headers[HSTS]).toBeUndefined();
    // The other security headers are sent either way.
    expect(forged.headers['x-content-type-options']).toBe('nosniff');
  });
});
