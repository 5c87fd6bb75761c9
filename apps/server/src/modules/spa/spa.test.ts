import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInClient } from '../../../test/test-app.ts';

let app: FastifyInstance;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'preffy-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'favicon.ico'), Buffer.from([0, 0, 1, 0]));
  // As the build writes them (apps/web/precompress.ts): each copy marked, to see which is sent.
  const script = 'console.log("big");'.repeat(100);
  writeFileSync(path.join(dist, 'assets', 'big-1234.js'), script);
  writeFileSync(path.join(dist, 'assets', 'big-1234.js.br'), brotliCompressSync(`${script}//br`));
  writeFileSync(path.join(dist, 'assets', 'big-1234.js.gz'), gzipSync(`${script}//gz`));
  // The sign-in page as the build prerenders it, in English and Spanish only.
  mkdirSync(path.join(dist, 'prerendered'));
  for (const language of ['en', 'es'])
    writeFileSync(
      path.join(dist, 'prerendered', `login.${language}.html`),
      `<div id="root" data-prerendered="${language}">`,
    );
  app = await createTestApp({ webDistDir: dist });
});
afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('answers client-side routes with index.html, never cached', async () => {
    const page = await app.inject({ method: 'GET', url: '/preffy/calendar' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['cache-control']).toBe('no-cache');
  });
  it('answers the app page with 404 for an address it has no page for, and 200 for a page with a parameter', async () => {
    for (const url of ['/nope', '/preffy/calendar/extra', '/c', '//@x']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(404);
      expect(page.body).toContain('<div id="root">');
    }
    for (const url of ['/c/any-competition?embed=1', '/dashboard/', '/', '//', '///', '/login//']) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
  });
  it("answers the sign-in page with the page prerendered in the browser's language, if the build has it", async () => {
    const login = (url: string, language?: string) =>
      app.inject({ method: 'GET', url, headers: language ? { 'accept-language': language } : {} });
    for (const [url, language, sent] of [
      ['/login', 'es-ES,es;q=0.9,en;q=0.8', 'es'],
      ['/login?redirect=%2Fpreffy%2Fview&signedOut=1', 'es', 'es'],
      ['/login', 'de-DE,es;q=0.9', 'de-missing'],
      ['/login', 'fr-FR,es;q=0.5', 'en'],
      ['/login', undefined, 'en'],
    ] as const) {
      const page = await login(url, language);
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
      if (sent === 'de-missing') {
        // This build has no German page: the empty app page, drawn by the browser.
        expect(page.body, url).toBe('<!doctype html><div id="root"></div>');
        continue;
      }
      expect(page.body, `${url} ${language}`).toBe(`<div id="root" data-prerendered="${sent}">`);
      expect(page.headers.vary).toContain('Accept-Language');
    }
    // A parameter that changes the first screen (an invalid sign-in link) gets the app page.
    expect((await login('/login?link=invalid', 'es')).body).toBe('<!doctype html><div id="root"></div>');
    expect((await login('/login?step=two-step')).body).toBe('<!doctype html><div id="root"></div>');
  });
  it('answers HEAD wherever GET answers, with the same status and no body', async () => {
    for (const [url, status] of [
      ['/preffy/calendar', 200],
      ['/nope', 404],
      ['/assets/app-1234.js', 200],
      ['/favicon.ico', 200],
      ['/healthz', 200],
    ] as const) {
      const head = await app.inject({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(status);
      expect(head.body, url).toBe('');
    }
  });
  it('serves the icon as an icon', async () => {
    const icon = await app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/vnd.microsoft.icon');
  });
  it('serves hashed assets as immutable', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });
  it('answers a missing asset with 404, not with the page (a browser would run it as a script)', async () => {
    const missing = await app.inject({ method: 'GET', url: '/assets/app-old.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<div id="root">');
  });
  it('answers unknown API paths with the JSON 404', async () => {
    const api = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json().message).toBe('Sorry! the page you are looking for could not be found');
  });
});

describe('compression', () => {
  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it("sends the build's brotli or gzip copy of an asset, as the browser accepts, and the file itself otherwise", async () => {
    const br = await get('/assets/big-1234.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toMatch(/\/\/br$/);
    expect(br.headers['cache-control']).toContain('immutable');
    const gz = await get('/assets/big-1234.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toMatch(/\/\/gz$/);
    const plain = await get('/assets/big-1234.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("big");'.repeat(100));
  });

  it('compresses API answers of 1 KB and more, and leaves smaller ones as they are', async () => {
    const { client } = await signedInClient(app, 'staff');
    const big = await client.request('GET', '/api/openapi.json', undefined, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(big.rawPayload).toString()).openapi).toMatch(/^3\./);
    const small = await client.request('GET', '/api/auth/me', undefined, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('never inflates a compressed request body: it is refused, not unpacked', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ email: 'a@b.test', password: 'x' })),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });
});

describe('signed-in pages drawn by the server (decision 0072)', () => {
  // The web build's server bundle, stood in for by one that draws what the API tells it: it
  // shows the server's side of the bargain (who the API takes the drawing for, what it may ask).
  let drawing: FastifyInstance;
  let root: string;
  const STAND_IN = `
    export function pageHtml(index, page) { return index.replace('<div id="root"></div>', '<div id="root" data-prerendered="' + page.language + '">' + page.body + '</div>'); }
    export async function signedInPage(url, language, transport) {
      if (url.includes('stall')) return new Promise(() => {});
      const me = await transport('/api/auth/me', { method: 'GET' });
      const write = await transport('/api/auth/logout', { method: 'POST' }).then(() => 'written', (e) => e.message);
      if (!me.ok) return null;
      const { user } = await me.json();
      return { language, body: url + ' for ' + user.email + ' in ' + language + '; a write: ' + write };
    }`;
  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'preffy-web-'));
    mkdirSync(path.join(root, 'dist'));
    mkdirSync(path.join(root, 'dist-server'));
    writeFileSync(path.join(root, 'dist', 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(root, 'dist-server', 'prerender.js'), STAND_IN);
    drawing = await createTestApp({ webDistDir: path.join(root, 'dist') });
  });
  afterAll(async () => {
    await drawing.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("is drawn asking the API as the page's own user, in their language, for reads only, and kept by no cache", async () => {
    const { client, user } = await signedInClient(drawing, 'staff');
    const page = await client.request('GET', '/preffy/view?tab=upcoming', undefined, {
      headers: { 'accept-language': 'de-DE' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      `<div id="root" data-prerendered="de">/preffy/view?tab=upcoming for ${user.email} in de; a write: A page is drawn with reads only</div>`,
    );
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.headers.vary).toMatch(/^Cookie, Accept-Language, Sec-Fetch-Site/);
    // The drawing's read did not sign the user out, nor did anything else.
    expect((await client.get('/api/auth/me')).statusCode).toBe(200);
  });

  it('is the plain app page without a session, for pages the server does not draw, and when another site sends the user', async () => {
    const signedOut = await drawing.inject({ method: 'GET', url: '/preffy/view' });
    expect(signedOut.body).toBe('<!doctype html><div id="root"></div>');
    expect(signedOut.headers['cache-control']).toBe('no-cache');
    // A cache must not give this plain page to a signed-in user, nor a drawn one to anybody else.
    expect(signedOut.headers.vary).toMatch(/^Cookie, Accept-Language, Sec-Fetch-Site/);
    const { client } = await signedInClient(drawing, 'staff');
    expect((await client.get('/preffy/calendar')).body).toBe('<!doctype html><div id="root"></div>');
    // Nor when another site sends the user there: its timing would tell that site what it holds.
    for (const [site, drawn] of [
      ['cross-site', false],
      ['same-site', false],
      ['same-origin', true],
      ['none', true],
    ] as const) {
      const page = await client.request('GET', '/preffy/view', undefined, {
        headers: { 'sec-fetch-site': site },
      });
      expect(page.body.includes('data-prerendered'), site).toBe(drawn);
      expect(page.headers.vary, site).toMatch(/^Cookie, Accept-Language, Sec-Fetch-Site/);
    }
  });

  it('is the plain app page when the drawing does not finish in time', async () => {
    const { client } = await signedInClient(drawing, 'staff');
    const started = Date.now();
    const page = await client.get('/preffy/view?stall=1');
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe('<!doctype html><div id="root"></div>');
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
