import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './env.ts';

const base = { DATA_DIR: '/tmp/preffy-env-test', COOKIE_SECRET: 'x'.repeat(40) };

describe('configuration', () => {
  it('uses the fake providers only without any key, and never in production', () => {
    expect(loadConfig(base).useFakeProviders).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).useFakeProviders).toBe(false);
    expect(loadConfig({ ...base, YOUTUBE_API_KEY: 'k' }).useFakeProviders).toBe(false);
    expect(loadConfig({ ...base, FAKE_PROVIDERS: 'off' }).useFakeProviders).toBe(false);
  });

  it('needs both the address and the key of a provider', () => {
    const config = loadConfig({ ...base, TIKTOK_API_URL: 'https://tt.example/', INSTAGRAM_API_KEY: 'k' });
    expect(config.providers.tiktok).toBeNull();
    expect(config.providers.instagram).toBeNull();
    expect(
      loadConfig({ ...base, TIKTOK_API_URL: 'https://tt.example/', TIKTOK_API_KEY: 'k' }).providers.tiktok,
    ).toEqual({
      url: 'https://tt.example',
      key: 'k',
    });
  });

  it('reads the TikTok photo provider and the Instagram embed proxy like the other providers', () => {
    const config = loadConfig({
      ...base,
      TIKTOK_PHOTO_API_URL: 'https://photo.example/',
      TIKTOK_PHOTO_API_KEY: 'p',
      INSTAGRAM_EMBED_PROXY_URL: 'https://proxy.example/',
    });
    expect(config.providers.tiktokPhoto).toEqual({ url: 'https://photo.example', key: 'p' });
    expect(config.providers.instagramEmbedProxy).toBeNull();
    expect(config.useFakeProviders).toBe(false);
    expect(
      loadConfig({
        ...base,
        INSTAGRAM_EMBED_PROXY_URL: 'https://proxy.example',
        INSTAGRAM_EMBED_PROXY_KEY: 'e',
      }).providers.instagramEmbedProxy,
    ).toEqual({ url: 'https://proxy.example', key: 'e' });
  });

  it('trusts no forwarded address by default, and only the proxies TRUST_PROXY names', () => {
    expect(loadConfig(base).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
      'loopback',
    ]);
    // 'true' would believe any client's X-Forwarded-For: the hole this setting closes.
    for (const value of ['true', '10.0.0.1/33', '11', 'proxy.example', '10.0.0.1,'])
      expect(() => loadConfig({ ...base, TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY/);
  });

  it('warns in production when PUBLIC_URL is not https, as one-click unsubscribe needs it', () => {
    const base = { COOKIE_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/preffy-env-test' };
    expect(
      loadConfig({ ...base, NODE_ENV: 'production', PUBLIC_URL: 'http://admin.label.test' }).warnings,
    ).toEqual([
      'PUBLIC_URL (http://admin.label.test) is not an https address: email links and one-click unsubscribe (RFC 8058) need https in production',
    ]);
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).warnings).toHaveLength(1);
    expect(
      loadConfig({ ...base, NODE_ENV: 'production', PUBLIC_URL: 'https://admin.label.test' }).warnings,
    ).toEqual([]);
    expect(loadConfig({ ...base, PUBLIC_URL: 'http://localhost:3000' }).warnings).toEqual([]);
  });

  it('runs one server process per core in production on PostgreSQL, and one on SQLite', () => {
    const postgres = { ...base, DATABASE_URL: 'postgres://db.test/preffy' };
    expect(loadConfig(postgres).workers).toBe(1);
    expect(loadConfig({ ...postgres, NODE_ENV: 'test' }).workers).toBe(1);
    expect(loadConfig({ ...postgres, NODE_ENV: 'production' }).workers).toBe(availableParallelism());
    expect(loadConfig({ ...postgres, NODE_ENV: 'production', WORKERS: '3' }).workers).toBe(3);
    expect(loadConfig({ ...postgres, WORKERS: '2' }).workers).toBe(2);
    expect(loadConfig({ ...postgres, WORKERS: '' }).workers).toBe(1);
    for (const value of ['0', '65', '1.5', 'two'])
      expect(() => loadConfig({ ...postgres, WORKERS: value }), value).toThrow(/WORKERS/);
    // SQLite has one writer: more processes are reduced to one, with a line at start saying so.
    const sqlite = loadConfig({ ...base, WORKERS: '2' });
    expect(sqlite.workers).toBe(1);
    expect(sqlite.warnings).toEqual([
      'WORKERS=2, but SQLite has one writer: running 1 server process; set DATABASE_URL to PostgreSQL for more',
    ]);
    expect(loadConfig({ ...base, NODE_ENV: 'production', PUBLIC_URL: 'https://a.test' }).workers).toBe(1);
  });

  it('refuses an S3 endpoint without its bucket and keys', () => {
    expect(() => loadConfig({ ...base, S3_ENDPOINT: 'https://s3.example' })).toThrow(/S3_BUCKET/);
  });

  describe('the image store (decision 0118)', () => {
    const postgres = { ...base, DATABASE_URL: 'postgres://preffy@db.example/preffy' };
    const bucket = {
      S3_ENDPOINT: 'https://s3.example',
      S3_BUCKET: 'albums',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    };
    const s3 = {
      endpoint: 'https://s3.example',
      bucket: 'albums',
      region: 'auto',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
    };

    it('is the local disk beside SQLite, the database on PostgreSQL, and the bucket when S3_* are set', () => {
      expect(loadConfig(base).storage).toEqual({ kind: 'disk', s3: null });
      expect(loadConfig(postgres).storage).toEqual({ kind: 'database', s3: null });
      expect(loadConfig({ ...base, ...bucket }).storage).toEqual({ kind: 's3', s3 });
      expect(loadConfig({ ...postgres, ...bucket }).storage).toEqual({ kind: 's3', s3 });
    });

    it('is the one IMAGE_STORE names, and keeps the bucket for the move to S3', () => {
      expect(loadConfig({ ...postgres, ...bucket, IMAGE_STORE: 'database' }).storage).toEqual({
        kind: 'database',
        s3,
      });
      expect(loadConfig({ ...base, IMAGE_STORE: 'database' }).storage.kind).toBe('database');
      expect(loadConfig({ ...postgres, IMAGE_STORE: 'disk' }).storage.kind).toBe('disk');
      expect(loadConfig({ ...base, IMAGE_STORE: '' }).storage.kind).toBe('disk');
    });

    it('refuses IMAGE_STORE=s3 without a bucket, and a store it does not know', () => {
      expect(() => loadConfig({ ...postgres, IMAGE_STORE: 's3' })).toThrow(
        'IMAGE_STORE=s3 needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
      );
      expect(() => loadConfig({ ...base, IMAGE_STORE: 'local' })).toThrow(/IMAGE_STORE/);
    });

    it("warns that images on one instance's disk are not served by another on PostgreSQL", () => {
      expect(loadConfig({ ...postgres, IMAGE_STORE: 'disk' }).warnings).toEqual([
        'IMAGE_STORE=disk keeps images in /tmp/preffy-env-test/images on this instance only: another instance on the same PostgreSQL answers 404 for them',
      ]);
      expect(loadConfig(postgres).warnings).toEqual([]);
      expect(loadConfig({ ...base, IMAGE_STORE: 'disk' }).warnings).toEqual([]);
    });
  });
});
