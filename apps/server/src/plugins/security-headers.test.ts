import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';

describe('security headers (helmet, built once)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('are on every kind of answer: a page, an API answer, a refusal, an unknown address', async () => {
    // The page is the built one, or a 404 where the web app is not built (the API tests run first).
    const statuses = {
      '/login': [200, 404],
      '/healthz': [200],
      '/api/auth/me': [401],
      '/api/no-such': [404],
    };
    for (const [url, expected] of Object.entries(statuses)) {
      const answer = await app.inject({ url });
      expect(expected, url).toContain(answer.statusCode);
      expect(answer.headers['referrer-policy'], url).toBe('no-referrer');
      expect(answer.headers['x-content-type-options'], url).toBe('nosniff');
      expect(answer.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(answer.headers['cross-origin-opener-policy'], url).toBe('same-origin');
      const csp = String(answer.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("frame-ancestors 'self'");
      expect(csp, url).toContain("object-src 'none'");
      // A plain-http install does not ask browsers to upgrade its assets.
      expect(csp, url).not.toContain('upgrade-insecure-requests');
      expect(answer.headers['x-powered-by'], url).toBeUndefined();
    }
  });

  it('ask browsers to upgrade insecure requests when the app is served over HTTPS', async () => {
    const overHttps = await createTestApp({ publicUrl: 'https://admin.example.test' });
    try {
      const csp = String((await overHttps.inject({ url: '/healthz' })).headers['content-security-policy']);
      expect(csp).toContain('upgrade-insecure-requests');
    } finally {
      await overHttps.close();
    }
  });
});

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
