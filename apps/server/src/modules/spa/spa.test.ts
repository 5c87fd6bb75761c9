import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.ts';

let app: FastifyInstance;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'preffy-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
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
