import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import type { Role } from '@preffy/domain';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config/env.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { createUser } from '../src/modules/users/users.service.ts';

/**
 * API tests run twice by `npm test`: on SQLite (in memory) and on a real PostgreSQL server
 * when TEST_DATABASE_URL is set. Each app gets its own empty database.
 */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<FastifyInstance> {
  const databaseUrl = process.env.TEST_DATABASE_URL
    ? await createScratchDatabase(process.env.TEST_DATABASE_URL)
    : undefined;
  return buildTestApp(databaseUrl?.url, overrides);
}

/**
 * A test app on a given database (undefined: SQLite, in memory unless `sqlitePath` is given),
 * configured from the environment an operator would set, so what follows from DATABASE_URL
 * (such as where images are kept) follows in tests too.
 */
export function buildTestApp(databaseUrl: string | undefined, overrides: Partial<Config> = {}) {
  const config: Config = {
    ...loadConfig({
      DATA_DIR: '/tmp/preffy-test-unused',
      COOKIE_SECRET: 'x'.repeat(40),
      DEMO_DATA: 'false',
      ...(databaseUrl && { DATABASE_URL: databaseUrl }),
    }),
    // Tests read the aggregates right after writing; the cache has its own test.
    aggregatesCacheMs: 0,
    sqlitePath: ':memory:',
    publicUrl: 'http://preffy.test',
    ...overrides,
  };
  return buildApp({ config, logger: false });
}

/** Scratch databases are dropped together after the run (test/global-setup.ts). */
export const SCRATCH_DATABASE_PREFIX = 'preffy_test_'; // also in global-setup.ts

export async function createScratchDatabase(baseUrl: string) {
  const run = process.env.PREFFY_TEST_RUN ?? 'adhoc';
  const name = `${SCRATCH_DATABASE_PREFIX}${run}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString() };
}

type Body = Record<string, unknown> | undefined;

/**
 * A browser-like client for app.inject: keeps cookies and sends the CSRF header, and, like the
 * web app's submissions, a new Idempotency-Key with each mutation (routes that mail many people
 * or move money refuse a request without one; the others ignore it or run once per key).
 */
export class TestClient {
  private cookies = new Map<string, string>();
  private csrfToken: string | undefined;

  constructor(private readonly app: FastifyInstance) {}

  async request(
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    body?: Body,
    options: { csrf?: boolean; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = {
      ...(method === 'GET' ? {} : { 'idempotency-key': randomUUID() }),
      ...options.headers,
    };
    if (method !== 'GET' && options.csrf !== false) {
      this.csrfToken ??= await this.fetchCsrf();
      headers['x-csrf-token'] = this.csrfToken;
    }
    const response = await this.app.inject({
      method,
      url,
      payload: body,
      headers: { ...headers, cookie: this.cookieHeader() },
    });
    this.keepCookies(response);
    return response;
  }

  /** A request with a raw body (multipart uploads), with the session and CSRF header. */
  async raw(method: 'POST' | 'PUT', url: string, payload: Buffer, contentType: string) {
    this.csrfToken ??= await this.fetchCsrf();
    const response = await this.app.inject({
      method,
      url,
      payload,
      headers: { 'content-type': contentType, 'x-csrf-token': this.csrfToken, cookie: this.cookieHeader() },
    });
    this.keepCookies(response);
    return response;
  }

  get = (url: string) => this.request('GET', url);
  post = (url: string, body?: Body) => this.request('POST', url, body ?? {});
  patch = (url: string, body?: Body) => this.request('PATCH', url, body ?? {});
  put = (url: string, body?: Body) => this.request('PUT', url, body ?? {});
  delete = (url: string) => this.request('DELETE', url);

  cookie(name: string) {
    return this.cookies.get(name);
  }

  /** Sends a cookie of the caller's choosing from now on (a forged or replayed one). */
  setCookie(name: string, value: string) {
    this.cookies.set(name, value);
  }

  private async fetchCsrf() {
    const response = await this.app.inject({
      method: 'GET',
      url: '/api/auth/csrf',
      headers: { cookie: this.cookieHeader() },
    });
    this.keepCookies(response);
    return (response.json() as { token: string }).token;
  }

  private cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private keepCookies(response: LightMyRequestResponse) {
    for (const c of response.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired = c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now());
      if (expired || c.value === '') this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }
}

/** Uploads bytes as the multipart field "file" to /api/images, as the album image input does. */
export function uploadImage(client: TestClient, bytes: Buffer, name = 'cover.png') {
  const boundary = '----preffy';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return client.raw('POST', '/api/images', body, `multipart/form-data; boundary=${boundary}`);
}

export const TEST_PASSWORD = 'correct-horse-battery';
/**
 * The bound of a test that checks one password after another: each is an Argon2 verification,
 * a few tens of ms alone but seconds on a machine busy with other work, so the default 20 s
 * would measure the machine rather than bound a hang.
 */
export const PASSWORD_GUESSES_TIMEOUT_MS = 120_000;
let passwordHash: Promise<string> | undefined;

/** Creates a user with the role and returns a client signed in as them. */
export async function signedInClient(
  app: FastifyInstance,
  role: Role,
  email = `${role}-${randomBytes(3).toString('hex')}@preffy.test`,
) {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const user = await createUser(app.db, {
    email,
    name: `Test ${role}`,
    role,
    passwordHash: await passwordHash,
  });
  const client = new TestClient(app);
  const response = await client.post('/api/auth/login', { email, password: TEST_PASSWORD });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  return { client, user };
}

/** The newest message queued for an address, with that recipient's delivery status. */
export function latestEmailTo(app: FastifyInstance, email: string) {
  return app.db
    .selectFrom('emailRecipients')
    .innerJoin('emailMessages', 'emailMessages.id', 'emailRecipients.messageId')
    .select([
      'emailMessages.id',
      'kind',
      'subject',
      'html',
      'text',
      'isMarketing',
      'status',
      'reason',
      'emailMessages.createdAt',
    ])
    .where('emailRecipients.email', '=', email.toLowerCase())
    .orderBy('emailMessages.createdAt', 'desc')
    .executeTakeFirstOrThrow();
}
