import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { createTestApp, signedInClient } from '../../test/test-app.ts';
import type { DB } from '../db/schema.ts';
import { seedDemoData } from '../modules/demo/index.ts';
import type { ExampleContext } from './invalid-inputs.ts';
import { mutationRoutes, type FuzzRequest, type MutationRoute } from './invalid-requests.ts';

/**
 * Mutation routes the fuzz test leaves out, and why. The caller's own session must live
 * through thousands of requests, so nothing that ends it is sent.
 */
export const SKIPPED_ROUTES: Record<string, string> = {
  'POST /api/auth/logout': 'ends the session every other request is sent with (and takes no input)',
};

/**
 * Described here by hand, in place of the document's entry: the one-click unsubscribe's query
 * is signed (unsubscribe.routes.ts), which the document cannot say, so no generated value of it
 * is taken for a valid one.
 */
const HAND_DESCRIBED_ROUTES: MutationRoute[] = [
  {
    method: 'POST',
    path: '/api/email/unsubscribe',
    pathParams: [],
    query: [
      {
        name: 'e',
        schema: { type: 'string', minLength: 1, maxLength: 500 },
        required: true,
        unforgeable: true,
      },
      {
        name: 't',
        schema: { type: 'string', minLength: 1, maxLength: 200 },
        required: true,
        unforgeable: true,
      },
      { name: 'resubscribe', schema: { type: 'string', enum: ['0', '1'] }, required: false },
    ],
    multipart: false,
  },
];

/** The table a path's {id} names, by the segment before it. */
const TABLE_BEFORE_ID: Record<string, keyof DB> = {
  users: 'users',
  competitions: 'competitions',
  jobs: 'jobs',
  'partner-keys': 'partnerApiKeys',
  posts: 'posts',
  winners: 'winners',
  payments: 'payments',
  promotions: 'promotions',
  inquiries: 'inquiries',
  'inquiry-options': 'inquiryOptions',
  // /api/reports/{id}/shares names a competition; /api/reports/shares/{id} a shared link.
  reports: 'competitions',
  shares: 'reportShares',
};

/** Several admins: the image upload limit is per user, and each gets its own allowance. */
const SESSIONS = 4;
const DAY_MS = 24 * 3600_000;

type Session = { cookie: string; csrfToken: string };

/**
 * The real app on a seeded database, signed in as admins so every route's checks are reached.
 * `build` lets an exploratory run pass an app that logs its errors.
 */
export async function createFuzzTarget(build: () => Promise<FastifyInstance> = () => createTestApp()) {
  const app = await build();
  await app.ready();
  await seedDemoData(app.db);

  const sessions: Session[] = [];
  for (let i = 0; i < SESSIONS; i++) {
    const { client } = await signedInClient(app, 'admin');
    const { token } = (await client.get('/api/auth/csrf')).json() as { token: string };
    const cookie = ['preffy_session', '_csrf'].map((name) => `${name}=${client.cookie(name)}`).join('; ');
    sessions.push({ cookie, csrfToken: token });
  }
  const { client: admin } = await signedInClient(app, 'admin');
  await signedInClient(app, 'organizer');

  // Records the seed has none of, so their ids can be real too.
  const active = await app.db
    .selectFrom('competitions')
    .select('id')
    .where('isActive', '=', 1)
    .executeTakeFirstOrThrow();
  await expectCreated(admin.post(`/api/competitions/${active.id}/refresh`), 'a job');
  await expectCreated(admin.post('/api/partner-keys', { name: 'Fuzz partner' }), 'a partner key');
  await expectCreated(
    admin.post(`/api/reports/${active.id}/shares`, { expiresInDays: 7 }),
    'a shared report link',
  );

  const realIds: Record<string, string[]> = {};
  for (const [segment, table] of Object.entries(TABLE_BEFORE_ID)) {
    const rows = await sql<{ id: string }>`select id from ${sql.table(snakeCase(table))} order by id`.execute(
      app.db,
    );
    realIds[segment] = rows.rows.map((row) => row.id);
  }

  const startMs = Date.UTC(new Date().getUTCFullYear() + 1, 5, 1, 15);
  const context: ExampleContext = {
    competitionId: active.id,
    version: 1,
    startMs,
    day: new Date(startMs + 30 * DAY_MS).toISOString().slice(0, 10),
  };

  const key = (route: MutationRoute) => `${route.method} ${route.path}`;
  const byHand = new Set(HAND_DESCRIBED_ROUTES.map(key));
  const routes = [
    ...mutationRoutes(app.swagger()).filter((route) => !byHand.has(key(route))),
    ...HAND_DESCRIBED_ROUTES,
  ].filter((route) => !(key(route) in SKIPPED_ROUTES));

  return {
    app,
    routes,
    context,
    /** Real ids for the route's {id}: records of the table it names (none: only made-up ids). */
    realIdsFor(route: MutationRoute) {
      // A {competitionId} (the finish wizard's routes) names a competition.
      if (route.path.includes('{competitionId}')) return realIds.competitions ?? [];
      const segment = route.path.match(/\/([\w-]+)\/\{id\}/)?.[1];
      return (segment && realIds[segment]) || [];
    },
    send(request: FuzzRequest, sessionIndex: number, remoteAddress: string) {
      const session = sessions[sessionIndex % sessions.length]!;
      return app.inject({
        method: request.method,
        url: request.url,
        payload: request.payload,
        // A new address each time, so per-address rate limits let the checks behind them be reached.
        remoteAddress,
        headers: {
          cookie: session.cookie,
          'x-csrf-token': session.csrfToken,
          // As the web app sends one: routes that require it then check the input behind it.
          'idempotency-key': randomUUID(),
          ...(request.contentType === undefined ? {} : { 'content-type': request.contentType }),
        },
      });
    },
    fingerprint: () => tableFingerprints(app),
  };
}

async function expectCreated(response: Promise<{ statusCode: number; body: string }>, what: string) {
  const { statusCode, body } = await response;
  if (statusCode >= 300) throw new Error(`Could not make ${what} for the fuzz test: ${statusCode} ${body}`);
}

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * Attempts counted by the limits (plugins/limits/, on PostgreSQL): a refused request is meant
 * to count, as it does in memory on SQLite. They are not records.
 */
const COUNTER_TABLES = new Set(['limit_counters']);

/**
 * A hash of every row of every table, so any insert, update or delete shows. The demo data is
 * small enough to read whole after each route.
 */
async function tableFingerprints(app: FastifyInstance) {
  const fingerprints: Record<string, string> = {};
  for (const table of await app.db.introspection.getTables()) {
    if (COUNTER_TABLES.has(table.name)) continue;
    // The instances' heartbeats move with the clock, not with requests: only who is listed counts.
    const columns = table.name === 'instances' ? sql`id` : sql`*`;
    const { rows } = await sql`select ${columns} from ${sql.table(table.name)}`.execute(app.db);
    const lines = rows.map((row) =>
      JSON.stringify(row, (_key, value) => (typeof value === 'bigint' ? String(value) : value)),
    );
    fingerprints[table.name] = createHash('sha256').update(lines.sort().join('\n')).digest('hex');
  }
  return fingerprints;
}
