import { DAY_MS, INTEGRITY_DEFAULTS } from '@preffy/domain';
import { z } from 'zod';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestClient, createTestApp, signedInClient } from '../../test/test-app.ts';
import { insertPosts } from '../../test/fixtures/posts.ts';
import { VersionConflict } from './errors.ts';
import { AREAS, publicShapesOf } from '../modules/index.ts';

const PUBLIC_SHAPES = publicShapesOf(AREAS);
import type { VersionedTable } from './versioned.ts';

/**
 * Every versioned write answers a stale version with 409 and the record in its public shape,
 * never the stored row (the audit found password, feed and key hashes in 409 bodies).
 * The routes are discovered from the OpenAPI document: any write that takes a `version`.
 */
let app: FastifyInstance;
let admin: TestClient;
beforeAll(async () => {
  app = await createTestApp();
  // A stand-in for a route written later against a table with no public shape.
  app.post('/api/test/unmapped-conflict', { config: { access: 'public', csrf: false } }, async () => {
    throw new VersionConflict('notes', { id: 'n1', version: 2, secretHash: 'secret' });
  });
  admin = (await signedInClient(app, 'admin')).client;
});
afterAll(() => app.close());

const competitionFields = () => {
  const start = Date.now();
  return {
    email: 'artist@label.test',
    name: 'Conflict Song',
    organizer: 'Luna Vega',
    audio: 'https://open.spotify.com/track/1',
    startDate: start,
    endDate: start + 8 * DAY_MS,
    invoiceAmount: 3000,
    prizes: ['1st Place: $200'],
    isClosed: false,
  };
};
const newCompetition = async () =>
  (await admin.post('/api/competitions', competitionFields())).json().competition.id as string;

let postCounter = 0;
/** A post entered by staff (removed afterwards when `deleted`, for Restore). */
const newPost = async (options: { deleted?: boolean } = {}) => {
  const competitionId = await newCompetition();
  const link = `https://www.tiktok.com/@conflict/video/7399${String(++postCounter).padStart(15, '0')}`;
  const added = await admin.post(`/api/competitions/${competitionId}/posts`, {
    email: 'creator@conflict.test',
    creator: 'creator',
    link,
  });
  const id = (
    await app.db
      .selectFrom('posts')
      .select('id')
      .where('competitionId', '=', competitionId)
      .executeTakeFirstOrThrow()
  ).id;
  if (added.statusCode !== 201) throw new Error(added.body);
  if (options.deleted) await app.db.updateTable('posts').set({ deleted: 1 }).where('id', '=', id).execute();
  return id;
};

let winnerCounter = 0;
const newWinner = async () =>
  (await admin.post('/api/winners', { email: `conflict${++winnerCounter}@winners.test` })).json().winner
    .id as string;

/** How to make a record of the route's table, and how to call the route with a stale version. */
type Fixture = {
  table: VersionedTable;
  create: () => Promise<string>;
  callStale: (id: string, staleVersion: number) => Promise<LightMyRequestResponse>;
};

/** A payment of a new competition, in the status given (payments are made by the finish wizard). */
const newPayment = async (status: 'To Be Paid' | 'Paid') => {
  const competitionId = await newCompetition();
  const id = `payment-${++postCounter}-${Date.now()}`;
  await app.db
    .insertInto('payments')
    .values({
      id,
      version: 1,
      deleted: 0,
      createdAt: Date.now(),
      updatedAt: Date.now(),
      competitionId,
      contactEmail: 'winner@conflict.test',
      contactId: null,
      vendorId: null,
      source: 'Preffy',
      paymentEmail: 'winner@paypal.test',
      amount: 80,
      status,
    })
    .execute();
  return id;
};

/** An inquiry added by hand. */
const newInquiry = async () => {
  const created = await admin.post('/api/inquiries', {
    firstName: 'Maya',
    lastName: 'Chen',
    email: 'maya@label.test',
    source: 'Website',
    inquiryType: 'Campaign',
    platforms: ['TikTok'],
    message: 'Hello',
  });
  if (created.statusCode !== 201) throw new Error(created.body);
  return (created.json() as { inquiry: { id: string } }).inquiry.id;
};

let optionCounter = 0;
/** A new source of the contact form (issue 15: staff edit the lists). */
const newInquiryOption = async () => {
  const created = await admin.post('/api/inquiry-options', {
    kind: 'source',
    label: `Conflict ${++optionCounter}`,
  });
  if (created.statusCode !== 201) throw new Error(created.body);
  return created.json().option.id as string;
};

/** A promotion of a new competition, sendable (positive balance and amount, one creator). */
const newPromotion = async () => {
  const created = await admin.post('/api/promotions', {
    name: 'Conflict giveaway',
    competitionId: await newCompetition(),
    startDate: null,
    endDate: null,
    isActive: true,
    amount: 10,
    remainingBalance: 100,
    creatorEmails: ['creator@conflict.test'],
  });
  if (created.statusCode !== 201) throw new Error(created.body);
  return created.json().promotion.id as string;
};

/**
 * A finish wizard (its id is its competition's) at version 1: a saved draft, or (`submitted`)
 * one winner submitted, so there is a payment to put in a payout file.
 */
const newFinish = async (submitted: boolean) => {
  const competitionId = await newCompetition();
  // Submit pays only entries: the two creators the fixtures choose have a post each.
  await insertPosts(app, competitionId, [
    { creator: 'creator', email: 'creator@conflict.test' },
    { creator: 'other', email: 'other@conflict.test' },
  ]);
  const winners = [{ creator: 'creator', platform: 'tiktok', email: 'creator@conflict.test', source: '' }];
  const answer = submitted
    ? // The fixture's competition still runs: finishing it is an early finish, confirmed.
      await admin.post(`/api/finish/${competitionId}/submit`, { version: 0, winners, finishEarly: true })
    : await admin.put(`/api/finish/${competitionId}/winners`, { version: 0, winners });
  if (answer.statusCode !== 200) throw new Error(answer.body);
  return competitionId;
};

/**
 * A submitted wizard whose payout file was downloaded (step 3 needs one), set back to version 1
 * as every fixture starts (the test then moves it on and calls with the stale 1).
 */
const downloadedFinish = async () => {
  const competitionId = await newFinish(true);
  const answer = await admin.post(`/api/finish/${competitionId}/payout-files`, { version: 1 });
  if (answer.statusCode !== 200) throw new Error(answer.body);
  await app.db
    .updateTable('competitionFinishes')
    .set({ version: 1 })
    .where('competitionId', '=', competitionId)
    .execute();
  return competitionId;
};

/** The profile is edited by its own user: each fixture user keeps their signed-in client. */
const profileClients = new Map<string, TestClient>();

const FIXTURES: Record<string, Fixture> = {
  'PATCH /api/account/profile': {
    table: 'users',
    create: async () => {
      const { user, client } = await signedInClient(app, 'organizer');
      profileClients.set(user.id, client);
      return user.id;
    },
    callStale: (id, version) =>
      profileClients.get(id)!.patch('/api/account/profile', { version, name: 'Stale write' }),
  },
  'PATCH /api/users/{id}': {
    table: 'users',
    create: async () => {
      const { user } = await signedInClient(app, 'staff');
      // Both secrets the audit saw leak: a password hash and a calendar feed hash.
      await app.db
        .updateTable('users')
        .set({ calendarFeedHash: 'feed-hash' })
        .where('id', '=', user.id)
        .execute();
      return user.id;
    },
    callStale: (id, version) => admin.patch(`/api/users/${id}`, { version, name: 'Stale write' }),
  },
  'DELETE /api/partner-keys/{id}': {
    table: 'partnerApiKeys',
    create: async () => (await admin.post('/api/partner-keys', { name: 'Genni' })).json().item.id,
    callStale: (id, version) => admin.delete(`/api/partner-keys/${id}?version=${version}`),
  },
  'PATCH /api/winners/{id}': {
    table: 'winners',
    create: newWinner,
    callStale: (id, version) => admin.patch(`/api/winners/${id}`, { version, isBanned: true }),
  },
  'DELETE /api/winners/{id}': {
    table: 'winners',
    create: newWinner,
    callStale: (id, version) => admin.delete(`/api/winners/${id}?version=${version}`),
  },
  'PUT /api/competitions/{id}': {
    table: 'competitions',
    create: newCompetition,
    callStale: (id, version) =>
      admin.put(`/api/competitions/${id}`, {
        ...competitionFields(),
        version,
        platforms: ['TikTok'],
        continents: [],
        countries: null,
        isDirect: false,
        is555: false,
      }),
  },
  'POST /api/competitions/{id}/state': {
    table: 'competitions',
    create: newCompetition,
    callStale: (id, version) => admin.post(`/api/competitions/${id}/state`, { version, state: 'active' }),
  },
  'POST /api/competitions/{id}/confirm': {
    table: 'competitions',
    create: newCompetition,
    callStale: (id, version) => admin.post(`/api/competitions/${id}/confirm`, { version }),
  },
  'POST /api/competitions/{id}/start': {
    table: 'competitions',
    // A hold from Reserve A Date, which Start turns into the competition.
    create: async () =>
      (
        await admin.post('/api/calendar/reservations', {
          day: '2031-10-14',
          organizer: 'Luna Vega',
          invoiceAmount: 3000,
        })
      ).json().competition.id as string,
    callStale: (id, version) =>
      admin.post(`/api/competitions/${id}/start`, { ...competitionFields(), version }),
  },
  'DELETE /api/competitions/{id}': {
    table: 'competitions',
    create: newCompetition,
    callStale: (id, version) => admin.delete(`/api/competitions/${id}?version=${version}`),
  },
  'POST /api/competitions/{id}/restore': {
    table: 'competitions',
    // A deleted competition at version 1, for Restore.
    create: async () => {
      const id = await newCompetition();
      await app.db.updateTable('competitions').set({ deleted: 1 }).where('id', '=', id).execute();
      return id;
    },
    callStale: (id, version) => admin.post(`/api/competitions/${id}/restore`, { version }),
  },
  'POST /api/posts/{id}/score': {
    table: 'posts',
    create: () => newPost(),
    callStale: (id, version) => admin.post(`/api/posts/${id}/score`, { version, score: 'love' }),
  },
  'POST /api/posts/{id}/disqualify': {
    table: 'posts',
    create: () => newPost(),
    callStale: (id, version) => admin.post(`/api/posts/${id}/disqualify`, { version, choice: 'general' }),
  },
  'POST /api/posts/{id}/restore': {
    table: 'posts',
    create: () => newPost({ deleted: true }),
    callStale: (id, version) => admin.post(`/api/posts/${id}/restore`, { version }),
  },
  'PATCH /api/posts/{id}': {
    table: 'posts',
    create: () => newPost(),
    callStale: (id, version) => admin.patch(`/api/posts/${id}`, { version, likes: 5 }),
  },
  'POST /api/posts/{id}/reset-referrals': {
    table: 'posts',
    create: () => newPost(),
    callStale: (id, version) => admin.post(`/api/posts/${id}/reset-referrals`, { version }),
  },
  'PUT /api/competitions/{id}/creator-metrics': {
    table: 'creatorMetrics',
    create: async () => {
      const post = await app.db
        .selectFrom('posts')
        .select('competitionId')
        .where('id', '=', await newPost())
        .executeTakeFirstOrThrow();
      const set = await admin.put(`/api/competitions/${post.competitionId}/creator-metrics`, {
        creator: 'creator',
        platform: 'tiktok',
        metric: 10,
        version: 0,
      });
      if (set.statusCode !== 200) throw new Error(set.body);
      return set.json().metric.id as string;
    },
    callStale: async (id, version) => {
      const { competitionId } = await app.db
        .selectFrom('creatorMetrics')
        .select('competitionId')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return admin.put(`/api/competitions/${competitionId}/creator-metrics`, {
        creator: 'creator',
        platform: 'tiktok',
        metric: 20,
        version,
      });
    },
  },
  'POST /api/payments/{id}/send': {
    table: 'payments',
    create: () => newPayment('To Be Paid'),
    callStale: (id, version) => admin.post(`/api/payments/${id}/send`, { version }),
  },
  'POST /api/payments/{id}/unsend': {
    table: 'payments',
    create: () => newPayment('Paid'),
    callStale: (id, version) => admin.post(`/api/payments/${id}/unsend`, { version }),
  },
  'PUT /api/finish/{competitionId}/winners': {
    table: 'competitionFinishes',
    create: () => newFinish(false),
    callStale: (id, version) => admin.put(`/api/finish/${id}/winners`, { version, winners: [null] }),
  },
  'POST /api/finish/{competitionId}/submit': {
    table: 'competitionFinishes',
    create: () => newFinish(false),
    callStale: (id, version) =>
      admin.post(`/api/finish/${id}/submit`, {
        version,
        winners: [{ creator: 'other', platform: 'tiktok', email: 'other@conflict.test' }],
        finishEarly: true,
      }),
  },
  'POST /api/finish/{competitionId}/payout-files': {
    table: 'competitionFinishes',
    create: () => newFinish(true),
    callStale: (id, version) => admin.post(`/api/finish/${id}/payout-files`, { version }),
  },
  'POST /api/finish/{competitionId}/complete': {
    table: 'competitionFinishes',
    create: downloadedFinish,
    callStale: (id, version) => admin.post(`/api/finish/${id}/complete`, { version, finishEarly: true }),
  },
  'POST /api/finish/{competitionId}/paypal': {
    table: 'competitionFinishes',
    create: () => newFinish(true),
    callStale: (id, version) => admin.post(`/api/finish/${id}/paypal`, { version }),
  },
  'PUT /api/promotions/{id}': {
    table: 'promotions',
    create: newPromotion,
    callStale: async (id, version) => {
      const { competitionId } = await app.db
        .selectFrom('promotions')
        .select('competitionId')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return admin.put(`/api/promotions/${id}`, {
        version,
        name: 'Stale write',
        competitionId,
        startDate: null,
        endDate: null,
        isActive: false,
        amount: 5,
        remainingBalance: 50,
        creatorEmails: [],
      });
    },
  },
  'DELETE /api/promotions/{id}': {
    table: 'promotions',
    create: newPromotion,
    callStale: (id, version) => admin.delete(`/api/promotions/${id}?version=${version}`),
  },
  'POST /api/promotions/{id}/send': {
    table: 'promotions',
    create: newPromotion,
    callStale: (id, version) => admin.post(`/api/promotions/${id}/send`, { version }),
  },
  'PUT /api/inquiries/{id}': {
    table: 'inquiries',
    create: newInquiry,
    callStale: (id, version) =>
      admin.put(`/api/inquiries/${id}`, {
        version,
        firstName: 'Stale',
        lastName: 'Write',
        email: 'stale@label.test',
        status: 'Completed',
      }),
  },
  'DELETE /api/inquiries/{id}': {
    table: 'inquiries',
    create: newInquiry,
    callStale: (id, version) => admin.delete(`/api/inquiries/${id}?version=${version}`),
  },
  'PATCH /api/inquiry-options/{id}': {
    table: 'inquiryOptions',
    create: newInquiryOption,
    callStale: (id, version) => admin.patch(`/api/inquiry-options/${id}`, { version, label: 'Stale write' }),
  },
  'DELETE /api/inquiry-options/{id}': {
    table: 'inquiryOptions',
    create: newInquiryOption,
    callStale: (id, version) => admin.delete(`/api/inquiry-options/${id}?version=${version}`),
  },
  'POST /api/inquiries/{id}/hold': {
    table: 'inquiries',
    create: newInquiry,
    callStale: async (id, version) =>
      admin.post(`/api/inquiries/${id}/hold`, { version, competitionId: await newCompetition() }),
  },
  'PUT /api/settings/security': {
    table: 'appSettings',
    // One record for the whole app (migration 0015).
    create: async () => 'security',
    callStale: (_id, version) =>
      admin.put('/api/settings/security', { version, requireTwoStep: false, lockAfterMinutes: 15 }),
  },
  'PUT /api/settings/integrity': {
    table: 'appSettings',
    // One record for the whole app (migration 0037).
    create: async () => 'integrity',
    callStale: (_id, version) =>
      admin.put('/api/settings/integrity', {
        version,
        thresholds: {
          tiktok: INTEGRITY_DEFAULTS.tiktok,
          instagram: INTEGRITY_DEFAULTS.instagram,
          youtube: INTEGRITY_DEFAULTS.youtube,
        },
      }),
  },
  'DELETE /api/reports/shares/{id}': {
    table: 'reportShares',
    create: async () => {
      const made = await admin.post(`/api/reports/${await newCompetition()}/shares`, { expiresInDays: 7 });
      if (made.statusCode !== 201) throw new Error(made.body);
      return made.json().share.id as string;
    },
    callStale: (id, version) => admin.delete(`/api/reports/shares/${id}?version=${version}`),
  },
};

type JsonSchema = { properties?: Record<string, unknown>; allOf?: JsonSchema[]; anyOf?: JsonSchema[] };
const hasVersion = (schema: JsonSchema | undefined): boolean =>
  !!schema &&
  (Object.hasOwn(schema.properties ?? {}, 'version') ||
    [...(schema.allOf ?? []), ...(schema.anyOf ?? [])].some(hasVersion));

/** Every write in the OpenAPI document that sends a `version` (in the body or the query). */
function versionedRoutes(): string[] {
  type Operation = {
    parameters?: { in: string; name: string }[];
    requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  };
  const document = app.swagger() as { paths: Record<string, Record<string, Operation>> };
  const found: string[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (method === 'get') continue;
      const inQuery = operation.parameters?.some((p) => p.in === 'query' && p.name === 'version');
      const inBody = hasVersion(operation.requestBody?.content?.['application/json']?.schema);
      if (inQuery || inBody) found.push(`${method.toUpperCase()} ${path}`);
    }
  }
  return found.sort();
}

describe('409 answers carry the public shape', () => {
  it('knows how to provoke a conflict on every versioned route (a new one must be added here)', () => {
    expect(versionedRoutes()).toEqual(Object.keys(FIXTURES).sort());
  });

  for (const [route, fixture] of Object.entries(FIXTURES)) {
    it(`${route}: a stale version gets 409 with the current ${fixture.table} record, public fields only`, async () => {
      const id = await fixture.create();
      // Someone else saves first.
      await app.db
        .updateTable(fixture.table)
        .set((eb) => ({ version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .execute();
      const answer = await fixture.callStale(id, 1);
      expect(answer.statusCode, answer.body).toBe(409);
      const body = answer.json();
      expect(body.code).toBe('VERSION_CONFLICT');
      const shape = PUBLIC_SHAPES[fixture.table];
      expect(shape, `${fixture.table} needs its public shape in its area's manifest (owns)`).toBeDefined();
      // strict(): a column the public shape does not name (a hash) fails the check.
      const schema = shape!.schema;
      const strict =
        schema instanceof z.ZodDiscriminatedUnion
          ? z.union(schema.options.map((option) => option.strict()))
          : schema.strict();
      const parsed = strict.safeParse(body.current);
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
      expect(body.current).toMatchObject({ id, version: 2 });
      expect(answer.body).not.toMatch(/"\w*hash"/i);
    });
  }

  it('answers without `current` for a table that has no public shape, rather than leak the row', async () => {
    const answer = await app.inject({ method: 'POST', url: '/api/test/unmapped-conflict' });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({
      statusCode: 409,
      code: 'VERSION_CONFLICT',
      message: 'This record was changed by someone else',
    });
  });
});
