import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { DEFAULT_REFERRAL_BONUS_LIKES } from '@preffy/domain';
import { z } from 'zod';

/** A variable that may be left out or set empty (`FOO=` in a .env file): both mean unset. */
const optional = <T extends z.ZodType>(schema: T) =>
  schema.optional().or(z.literal('').transform(() => undefined));

/** Configuration comes only from environment variables (documented in the README). */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  WORKERS: optional(z.coerce.number().int().min(1).max(64)),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres://')),
  ADMIN_EMAIL: z.string().email().default('admin@preffy.local'),
  ADMIN_PASSWORD: z.string().min(10, 'ADMIN_PASSWORD must have at least 10 characters').optional(),
  PUBLIC_URL: z.string().url().optional(),
  DEMO_DATA: z.enum(['true', 'false']).default('true'),
  COOKIE_SECRET: z.string().min(32).optional(),
  TRUST_PROXY: z
    .string()
    .default('')
    .transform((value, ctx) => {
      const parsed = parseTrustProxy(value);
      if (parsed === null)
        ctx.addIssue({
          code: 'custom',
          message:
            'TRUST_PROXY must be empty (off), a number of proxy hops (1-10), or a comma-separated list of proxy addresses, CIDR ranges or loopback/linklocal/uniquelocal; "true" would trust any client',
        });
      return parsed ?? false;
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 14),
  WEB_DIST_DIR: z.string().optional(),
  EMAIL_TRANSPORT: z.enum(['outbox', 'smtp', 'mandrill']).default('outbox'),
  EMAIL_FROM: z.string().email().default('no-reply@preffy.local'),
  EMAIL_FROM_NAME: z.string().default('Preffy'),
  EMAIL_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  EMAIL_WORKER_INTERVAL_MS: z.coerce.number().int().positive().default(2000),
  INSTANCE_HEARTBEAT_MS: z.coerce.number().int().positive().default(2000),
  INSTANCE_DEAD_AFTER_MS: z.coerce.number().int().positive().default(6000),
  SMTP_URL: z.string().optional(),
  MANDRILL_API_KEY: z.string().optional(),
  MANDRILL_BASE_URL: z.string().url().default('https://mandrillapp.com/api/1.0'),
  S3_ENDPOINT: optional(z.string().url()),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('auto'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  IMAGE_STORE: optional(z.enum(['disk', 'database', 's3'])),
  TIKTOK_API_URL: z.string().url().optional(),
  TIKTOK_API_KEY: z.string().optional(),
  TIKTOK_FALLBACK_API_URL: z.string().url().optional(),
  TIKTOK_FALLBACK_API_KEY: z.string().optional(),
  TIKTOK_PHOTO_API_URL: z.string().url().optional(),
  TIKTOK_PHOTO_API_KEY: z.string().optional(),
  TIKTOK_OEMBED_URL: z.string().url().default('https://www.tiktok.com/oembed'),
  INSTAGRAM_API_URL: z.string().url().optional(),
  INSTAGRAM_API_KEY: z.string().optional(),
  INSTAGRAM_EMBED_PROXY_URL: z.string().url().optional(),
  INSTAGRAM_EMBED_PROXY_KEY: z.string().optional(),
  YOUTUBE_API_URL: z.string().url().default('https://www.googleapis.com'),
  YOUTUBE_API_KEY: z.string().optional(),
  PROVIDER_REQUESTS_PER_SECOND: z.coerce.number().positive().default(5),
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  NODE_ENV: z.string().default('development'),
  FAKE_PROVIDERS: z.enum(['auto', 'off']).default('auto'),
  REFRESH_INTERVAL_MINUTES: z.coerce.number().min(0).default(15),
  AGGREGATES_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(30),
  REFERRAL_BONUS_LIKES: z.coerce.number().int().min(0).max(1_000_000).default(DEFAULT_REFERRAL_BONUS_LIKES),
  RESERVATION_NOTICE_EMAIL: z.string().email().default('bookings@preffy.local'),
  GENNI_DIRECT_FORM_URL: optional(z.string().url()),
  PAYPAL_API_URL: optional(z.string().url()),
  PAYPAL_CLIENT_ID: optional(z.string().max(500)),
  PAYPAL_CLIENT_SECRET: optional(z.string().max(500)),
  PAYPAL_WEBHOOK_ID: optional(z.string().max(200)),
  BUSINESS_TIME_ZONE: z
    .string()
    .default('UTC')
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'BUSINESS_TIME_ZONE must be an IANA time zone such as America/New_York'),
});

/** Where each social-data provider answers (modules/refresh); the keys never leave the server. */
export type ProviderEndpoint = { url: string; key: string };
export type ProvidersConfig = {
  /** null: no provider for that platform; its posts' refreshes fail with that reason. */
  tiktok: ProviderEndpoint | null;
  tiktokFallback: ProviderEndpoint | null;
  /** Photo posts (/photo/ links), by post id; the video providers do not answer them. */
  tiktokPhoto: ProviderEndpoint | null;
  tiktokOembedUrl: string;
  instagram: ProviderEndpoint | null;
  /**
   * A scraping proxy (GET {url}?api_key={key}&url={page}) that reads Instagram's embed page
   * when the post-info provider answers no views: likes from the page, views estimated.
   */
  instagramEmbedProxy: ProviderEndpoint | null;
  youtube: ProviderEndpoint | null;
  requestsPerSecond: number;
  timeoutMs: number;
  backoffMs?: number;
};

export type Config = {
  port: number;
  host: string;
  /**
   * Server processes on the one port (decision 0120): WORKERS, else one per core in production
   * and one otherwise; always one on SQLite, which has one writer.
   */
  workers: number;
  dataDir: string;
  /** postgres://… or undefined for the embedded SQLite database. */
  databaseUrl: string | undefined;
  /** ':memory:' or a file path; used only without databaseUrl. */
  sqlitePath: string;
  adminEmail: string;
  adminPassword: string | undefined;
  publicUrl: string;
  /** What an operator should fix but the app can run with; logged at start-up. */
  warnings: string[];
  loadDemoData: boolean;
  cookieSecret: string;
  logLevel: string;
  /**
   * Whose X-Forwarded-For to believe: false (the socket address counts), the number of proxy
   * hops in front of the app, or the proxies' addresses. Rate limits key on the result.
   */
  trustProxy: TrustProxy;
  sessionTtlMs: number;
  webDistDir: string;
  /** Competitions start and end at 15:00 in this zone; "today" is this zone's today. */
  businessTimeZone: string;
  /** Likes a post gains per referral when it is scored (Love or Like; decision 0022). */
  referralBonusLikes: number;
  /** Every reservation notice goes to this staff address too. */
  reservationNoticeEmail: string;
  /** The calendar's 'Genni Direct OB Form' button opens this external form. */
  genniDirectFormUrl: string | undefined;
  /**
   * The optional PayPal Payouts API (issue 14): null unless PAYPAL_API_URL, PAYPAL_CLIENT_ID and
   * PAYPAL_CLIENT_SECRET are all set. `webhookId` verifies webhook signatures (without it,
   * webhooks are refused and payouts are followed by polling only).
   */
  paypal: { apiUrl: string; clientId: string; clientSecret: string; webhookId: string | undefined } | null;
  /** Social-data providers; keys never leave the server. */
  providers: ProvidersConfig;
  /** Where TikTok short links are resolved (a stand-in server in development and tests). */
  shortLinkBaseUrl: string | undefined;
  /** No provider key at all: `npm start` runs the fake provider server so refreshes work. */
  useFakeProviders: boolean;
  /** Active competitions are refreshed this often (0: only by hand). */
  refreshIntervalMs: number;
  /** The dashboard chart and analytics answers are kept this long (0: computed on each view; decision 0045). */
  aggregatesCacheMs: number;
  /**
   * Where uploaded images go (decision 0118): DATA_DIR on this instance's disk, the database
   * (every instance serves them), or an S3-compatible bucket. `s3` is the bucket when S3_* are
   * set, whichever the store: `npm run images:to-s3` copies the database's images into it.
   */
  storage: { kind: 'disk' | 'database'; s3: S3Settings | null } | { kind: 's3'; s3: S3Settings };
  /**
   * This process's heartbeat (plugins/instance-heartbeat.ts): it beats every `heartbeatMs`, and
   * an instance silent for `deadAfterMs` is dead, so its Idempotency-Key reservations are
   * released (decision 0119). A few beats fit in the bound.
   */
  instance: { heartbeatMs: number; deadAfterMs: number };
  email: {
    transport: 'outbox' | 'smtp' | 'mandrill';
    from: { email: string; name: string };
    timeoutMs: number;
    workerIntervalMs: number;
    smtpUrl: string | undefined;
    mandrillApiKey: string | undefined;
    mandrillBaseUrl: string;
  };
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.EMAIL_TRANSPORT === 'smtp' && !e.SMTP_URL) throw new Error('EMAIL_TRANSPORT=smtp needs SMTP_URL');
  if (e.EMAIL_TRANSPORT === 'mandrill' && !e.MANDRILL_API_KEY)
    throw new Error('EMAIL_TRANSPORT=mandrill needs MANDRILL_API_KEY');
  if (e.S3_ENDPOINT && !(e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY))
    throw new Error('S3_ENDPOINT needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  // One late beat must not make a live instance look dead.
  if (e.INSTANCE_DEAD_AFTER_MS < 2 * e.INSTANCE_HEARTBEAT_MS)
    throw new Error('INSTANCE_DEAD_AFTER_MS must be at least twice INSTANCE_HEARTBEAT_MS');
  const dataDir = path.resolve(e.DATA_DIR);
  const storage = imageStorage(
    e.IMAGE_STORE,
    e.S3_ENDPOINT
      ? {
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET!,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID!,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
        }
      : null,
    e.DATABASE_URL,
  );
  return {
    port: e.PORT,
    host: e.HOST,
    workers: e.DATABASE_URL ? (e.WORKERS ?? (e.NODE_ENV === 'production' ? availableParallelism() : 1)) : 1,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    sqlitePath: path.join(dataDir, 'preffy.sqlite'),
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    warnings: [
      // RFC 8058: the one-click unsubscribe link in every email must be an https address.
      ...(e.NODE_ENV === 'production' && !(e.PUBLIC_URL ?? '').startsWith('https://')
        ? [
            `PUBLIC_URL (${e.PUBLIC_URL ?? 'not set'}) is not an https address: email links and one-click unsubscribe (RFC 8058) need https in production`,
          ]
        : []),
      ...(!e.DATABASE_URL && e.WORKERS && e.WORKERS > 1
        ? [
            `WORKERS=${e.WORKERS}, but SQLite has one writer: running 1 server process; set DATABASE_URL to PostgreSQL for more`,
          ]
        : []),
      ...(e.DATABASE_URL && storage.kind === 'disk'
        ? [
            `IMAGE_STORE=disk keeps images in ${path.join(dataDir, 'images')} on this instance only: another instance on the same PostgreSQL answers 404 for them`,
          ]
        : []),
    ],
    loadDemoData: e.DEMO_DATA === 'true',
    cookieSecret: e.COOKIE_SECRET ?? persistentSecret(dataDir),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(import.meta.dirname, '../../../web/dist')),
    businessTimeZone: e.BUSINESS_TIME_ZONE,
    providers: {
      tiktok: endpoint(e.TIKTOK_API_URL, e.TIKTOK_API_KEY),
      tiktokFallback: endpoint(e.TIKTOK_FALLBACK_API_URL, e.TIKTOK_FALLBACK_API_KEY),
      tiktokPhoto: endpoint(e.TIKTOK_PHOTO_API_URL, e.TIKTOK_PHOTO_API_KEY),
      tiktokOembedUrl: e.TIKTOK_OEMBED_URL,
      instagram: endpoint(e.INSTAGRAM_API_URL, e.INSTAGRAM_API_KEY),
      instagramEmbedProxy: endpoint(e.INSTAGRAM_EMBED_PROXY_URL, e.INSTAGRAM_EMBED_PROXY_KEY),
      youtube: endpoint(e.YOUTUBE_API_URL, e.YOUTUBE_API_KEY),
      requestsPerSecond: e.PROVIDER_REQUESTS_PER_SECOND,
      timeoutMs: e.PROVIDER_TIMEOUT_MS,
    },
    shortLinkBaseUrl: undefined,
    // Made-up numbers decide prizes: never in production, whatever the keys.
    useFakeProviders:
      e.FAKE_PROVIDERS === 'auto' &&
      e.NODE_ENV !== 'production' &&
      !e.TIKTOK_API_KEY &&
      !e.TIKTOK_PHOTO_API_KEY &&
      !e.INSTAGRAM_API_KEY &&
      !e.INSTAGRAM_EMBED_PROXY_KEY &&
      !e.YOUTUBE_API_KEY,
    refreshIntervalMs: e.REFRESH_INTERVAL_MINUTES * 60_000,
    aggregatesCacheMs: e.AGGREGATES_CACHE_SECONDS * 1000,
    referralBonusLikes: e.REFERRAL_BONUS_LIKES,
    reservationNoticeEmail: e.RESERVATION_NOTICE_EMAIL.toLowerCase(),
    genniDirectFormUrl: e.GENNI_DIRECT_FORM_URL,
    paypal:
      e.PAYPAL_API_URL && e.PAYPAL_CLIENT_ID && e.PAYPAL_CLIENT_SECRET
        ? {
            apiUrl: e.PAYPAL_API_URL.replace(/\/$/, ''),
            clientId: e.PAYPAL_CLIENT_ID,
            clientSecret: e.PAYPAL_CLIENT_SECRET,
            webhookId: e.PAYPAL_WEBHOOK_ID,
          }
        : null,
    storage,
    instance: { heartbeatMs: e.INSTANCE_HEARTBEAT_MS, deadAfterMs: e.INSTANCE_DEAD_AFTER_MS },
    email: {
      transport: e.EMAIL_TRANSPORT,
      from: { email: e.EMAIL_FROM, name: e.EMAIL_FROM_NAME },
      timeoutMs: e.EMAIL_TIMEOUT_MS,
      workerIntervalMs: e.EMAIL_WORKER_INTERVAL_MS,
      smtpUrl: e.SMTP_URL,
      mandrillApiKey: e.MANDRILL_API_KEY,
      mandrillBaseUrl: e.MANDRILL_BASE_URL,
    },
  };
}

export type TrustProxy = false | number | string[];

export type ImageStore = 'disk' | 'database' | 's3';
export type S3Settings = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
};

/**
 * The image store IMAGE_STORE names, or else the one the rest of the configuration implies: a
 * bucket when there is one, the database when it is PostgreSQL (several instances share it, not
 * a disk), the local disk beside SQLite. A store that cannot work stops the start with a reason.
 */
function imageStorage(
  chosen: ImageStore | undefined,
  s3: S3Settings | null,
  databaseUrl: string | undefined,
): Config['storage'] {
  const kind = chosen ?? (s3 ? 's3' : databaseUrl ? 'database' : 'disk');
  if (kind !== 's3') return { kind, s3 };
  if (!s3)
    throw new Error('IMAGE_STORE=s3 needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  return { kind, s3 };
}

/** Fastify's trustProxy option (its types lack the hop count that proxy-addr understands). */
export const trustProxyOption = (trust: TrustProxy) =>
  typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;

/** proxy-addr's names for address ranges (127.0.0.0/8 and ::1; 169.254.0.0/16…; 10/8…). */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: '' or 'false' → off; '2' → two hops; '10.0.0.1, 10.1.0.0/16' → those proxies.
 * null when invalid. 'true' is refused on purpose: it lets every client pick its own address.
 */
function parseTrustProxy(value: string): TrustProxy | null {
  const trimmed = value.trim();
  if (trimmed === '' || trimmed === 'false' || trimmed === '0') return false;
  if (/^\d+$/.test(trimmed)) {
    const hops = Number(trimmed);
    return hops <= 10 ? hops : null;
  }
  const entries = trimmed.split(',').map((entry) => entry.trim());
  const valid = entries.every((entry) => {
    if (PROXY_RANGE_NAMES.has(entry)) return true;
    const [address, bits, ...rest] = entry.split('/');
    const family = isIP(address ?? '');
    if (!family || rest.length) return false;
    if (bits === undefined) return true;
    return /^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
  });
  return valid ? entries : null;
}

/** A provider needs both its address and its key. */
function endpoint(url: string | undefined, key: string | undefined) {
  return url && key ? { url: url.replace(/\/$/, ''), key } : null;
}

/**
 * Without COOKIE_SECRET a random secret is made once and kept in DATA_DIR, so restarts keep
 * signed cookies valid. Deployments with several instances must set COOKIE_SECRET.
 */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'cookie-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
