import { DAY_MS } from '@preffy/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type IdempotentPost, idempotentPoster } from '../../test/fixtures/signed-in.ts';
import { type TestClient, createTestApp, signedInClient } from '../../test/test-app.ts';
import { newId, now } from '../lib/clock.ts';
import { badRequest } from '../lib/errors.ts';
import {
  ABANDONED_AFTER_MS,
  IN_PROGRESS_MESSAGE,
  KEY_LIFETIME_MS,
  KEY_MESSAGE,
  KEY_REQUIRED_MESSAGE,
  REUSED_MESSAGE,
} from './idempotency.ts';

const STAFF_ADDRESS = 'bookings@idem.test';
let app: FastifyInstance;
let startupError: unknown;

type Post = IdempotentPost;
let adminClient: TestClient;
let admin: Post;
let ana: Post;
let ben: Post;
let anaId: string;

/** A test-only route whose answers the test picks, to see what is kept and what is released. */
const plannedAnswers: number[] = [];
let flakyRuns = 0;
let gate: { entered: () => void; open: Promise<void> } | undefined;

function addTestRoutes() {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/api/test/flaky',
      { config: { access: 'signed-in', idempotent: true }, schema: { body: z.object({ n: z.number() }) } },
      async (_request, reply) => {
        flakyRuns += 1;
        if (gate) {
          gate.entered();
          await gate.open;
        }
        const status = plannedAnswers.shift() ?? 201;
        if (status === 500) throw new Error('the database went away');
        if (status === 400) throw badRequest('n', 'Not this one');
        return reply.code(201).send({ run: flakyRuns });
      },
    );
  try {
    app.get('/api/test/read', { config: { access: 'public', idempotent: true } }, async () => ({}));
  } catch (error) {
    startupError = error;
  }
}

const reservation = (day: string, organizer: string) => ({ day, organizer, invoiceAmount: 3000 });
const holdsBy = (organizer: string) =>
  app.db
    .selectFrom('competitions')
    .select('id')
    .where('organizer', '=', organizer)
    .where('deleted', '=', 0)
    .execute();

beforeAll(async () => {
  app = await createTestApp({ reservationNoticeEmail: STAFF_ADDRESS });
  addTestRoutes();
  adminClient = (await signedInClient(app, 'admin')).client;
  admin = await idempotentPoster(app, adminClient);
  const signedInAna = await signedInClient(app, 'organizer', 'ana@idem.test');
  ana = await idempotentPoster(app, signedInAna.client);
  anaId = signedInAna.user.id;
  ben = await idempotentPoster(app, (await signedInClient(app, 'organizer', 'ben@idem.test')).client);
});
afterAll(() => app.close());

describe('which routes honour Idempotency-Key', () => {
  it('lists every route that opts in, and refuses one that is not a mutation at start-up', () => {
    expect(app.idempotentRoutes.filter((r) => !r.includes('/api/test/')).sort()).toEqual([
      'POST /api/calendar/reservations',
      'POST /api/competitions',
      'POST /api/email/bulk',
      'POST /api/email/outreach',
      'POST /api/finish/:competitionId/complete',
      'POST /api/finish/:competitionId/payout-files',
      'POST /api/finish/:competitionId/paypal',
      'POST /api/finish/:competitionId/submit',
      'POST /api/inquiries',
      'POST /api/inquiries/:id/notes',
      'POST /api/inquiry-options',
      'POST /api/legacy-import/runs',
      'POST /api/legacy-import/runs/:id/apply',
      'POST /api/legacy-import/runs/:id/resume',
      'POST /api/outbox/:id/resend-unknown',
      'POST /api/payments/:id/send',
      'POST /api/payments/:id/unsend',
      'POST /api/posts/:id/disqualify',
      'POST /api/posts/:id/reset-referrals',
      'POST /api/promotions',
      'POST /api/promotions/:id/send',
      'POST /api/users',
      'POST /api/winners',
    ]);
    expect(String(startupError)).toContain('Route GET /api/test/read cannot be idempotent');
  });

  it('requires the key on the routes that mail many people or move money', () => {
    expect([...app.keyRequiredRoutes].sort()).toEqual([
      'POST /api/email/bulk',
      'POST /api/email/outreach',
      'POST /api/finish/:competitionId/complete',
      'POST /api/finish/:competitionId/payout-files',
      'POST /api/finish/:competitionId/paypal',
      'POST /api/finish/:competitionId/submit',
      'POST /api/outbox/:id/resend-unknown',
      'POST /api/payments/:id/send',
      'POST /api/payments/:id/unsend',
      'POST /api/promotions/:id/send',
    ]);
  });

  it('refuses each of them without a key with 428, after checking the input, and holds no key', async () => {
    const someone = newId();
    const valid: Record<string, [string, object]> = {
      'POST /api/email/bulk': [
        '/api/email/bulk',
        { type: 'basic', competitionId: someone, selection: { all: true } },
      ],
      'POST /api/email/outreach': [
        '/api/email/outreach',
        { subject: 'Hello', text: 'A word', selection: { emails: ['fan@idem.test'] } },
      ],
      'POST /api/finish/:competitionId/complete': [`/api/finish/${someone}/complete`, { version: 1 }],
      'POST /api/finish/:competitionId/payout-files': [`/api/finish/${someone}/payout-files`, { version: 1 }],
      'POST /api/finish/:competitionId/paypal': [`/api/finish/${someone}/paypal`, { version: 1 }],
      'POST /api/finish/:competitionId/submit': [
        `/api/finish/${someone}/submit`,
        { version: 0, winners: [null] },
      ],
      'POST /api/outbox/:id/resend-unknown': [`/api/outbox/${someone}/resend-unknown`, {}],
      'POST /api/payments/:id/send': [`/api/payments/${someone}/send`, { version: 1 }],
      'POST /api/payments/:id/unsend': [`/api/payments/${someone}/unsend`, { version: 1 }],
      'POST /api/promotions/:id/send': [`/api/promotions/${someone}/send`, { version: 1 }],
    };
    expect(Object.keys(valid).sort()).toEqual([...app.keyRequiredRoutes].sort());
    const keysBefore = await app.db.selectFrom('idempotencyKeys').select('id').execute();
    for (const [route, [url, body]] of Object.entries(valid)) {
      const refused = await admin(url, body);
      expect(refused.statusCode, route).toBe(428);
      expect(refused.json()).toEqual({
        statusCode: 428,
        code: 'IDEMPOTENCY_KEY_REQUIRED',
        message: KEY_REQUIRED_MESSAGE,
      });
      // The input is checked first: a bad one is named as such, key or not. The resend has no
      // body, so its bad input is an over-long id (refused as such, with 414).
      if (route.includes('resend-unknown')) {
        expect((await admin(url.replace(someone, 'x'.repeat(101)), {})).statusCode).toBe(414);
      } else {
        expect((await admin(url, {})).statusCode, route).toBe(400);
      }
    }
    expect(await app.db.selectFrom('idempotencyKeys').select('id').execute()).toEqual(keysBefore);
  });

  it('says so in the API reference of each of them', async () => {
    const paths = (await adminClient.get('/api/openapi.json')).json().paths;
    expect(paths['/api/email/bulk'].post.description).toContain('Idempotency-Key');
    expect(paths['/api/calendar/reservations'].post.description).toContain('Idempotency-Key');
    expect(paths['/api/competitions'].post.description).toContain('Idempotency-Key');
    expect(paths['/api/users'].post.description).toContain('Idempotency-Key');
    expect(paths['/api/calendar/feed'].post.description ?? '').not.toContain('Idempotency-Key');
    const submit = paths['/api/finish/{competitionId}/submit'].post;
    expect(submit.description).toContain('without it the request is refused with 428');
    expect(Object.keys(submit.responses)).toContain('428');
    expect(paths['/api/calendar/reservations'].post.description).not.toContain('428');
  });
});

describe('the attack: duplicate submissions', () => {
  it('queues every subscriber once for 5 parallel bulk sends with one key', async () => {
    const competition = (
      await admin('/api/calendar/reservations', reservation('2032-05-03', 'Bulk Label'))
    ).json().competition as { id: string };
    // Confirmed: a bulk email advertises only a competition that takes entries, never a hold.
    await app.db
      .updateTable('competitions')
      .set({ isConfirmed: 1 })
      .where('id', '=', competition.id)
      .execute();
    const at = now();
    const emails = Array.from({ length: 20 }, (_, i) => `fan${i}@idem.test`);
    await app.db
      .insertInto('winners')
      .values(
        emails.map((email) => ({
          id: newId(),
          version: 1,
          deleted: 0 as const,
          createdAt: at,
          updatedAt: at,
          email,
          paypal: null,
          isBanned: 0 as const,
          isUnsubscribed: 0 as const,
          isVetted: 0 as const,
          balance: 0,
        })),
      )
      .execute();

    const body = { type: 'basic', competitionId: competition.id, selection: { emails } };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => admin('/api/email/bulk', body, 'bulk-1')),
    );

    const queued = await app.db
      .selectFrom('emailRecipients')
      .select(['email', 'messageId'])
      .where('email', 'like', 'fan%@idem.test')
      .execute();
    expect(queued.map((r) => r.email).sort()).toEqual([...emails].sort());
    expect(new Set(queued.map((r) => r.messageId)).size).toBe(1);

    const firsts = answers.filter((a) => a.statusCode === 202 && !a.headers['idempotent-replayed']);
    expect(firsts).toHaveLength(1);
    expect(firsts[0]!.json()).toMatchObject({ messageId: queued[0]!.messageId, queued: 20, skipped: 0 });
    for (const answer of answers.filter((a) => a !== firsts[0])) {
      if (answer.statusCode === 409) expect(answer.json().message).toBe(IN_PROGRESS_MESSAGE);
      else {
        expect(answer.statusCode).toBe(202);
        expect(answer.headers['idempotent-replayed']).toBe('true');
        expect(answer.body).toBe(firsts[0]!.body);
      }
    }
  });

  it('makes one hold and one set of notices for a double-clicked Reserve A Date', async () => {
    const body = reservation('2032-06-07', 'Double Click');
    const answers = await Promise.all([
      ana('/api/calendar/reservations', body, 'reserve-1'),
      ana('/api/calendar/reservations', body, 'reserve-1'),
    ]);
    const holds = await holdsBy('Double Click');
    expect(holds).toHaveLength(1);
    const notices = await app.db
      .selectFrom('emailMessages')
      .select('kind')
      .where('relatedId', '=', holds[0]!.id)
      .execute();
    expect(notices.map((n) => n.kind)).toEqual(['reservation-notice']);
    const [first, second] = answers[0]!.headers['idempotent-replayed'] ? [answers[1]!, answers[0]!] : answers;
    expect(first!.statusCode).toBe(201);
    expect(first!.json().competition.id).toBe(holds[0]!.id);
    if (second!.statusCode === 409) expect(second!.json().message).toBe(IN_PROGRESS_MESSAGE);
    else expect(second!.body).toBe(first!.body);
  });

  it('starts one competition for a double-clicked Start A Competition', async () => {
    const start = now();
    const body = {
      email: 'artist@idem.test',
      name: 'Double Start',
      organizer: 'Start Label',
      audio: 'https://open.spotify.com/track/idem',
      startDate: start,
      endDate: start + 8 * DAY_MS,
      invoiceAmount: 3000,
      prizes: ['1st Place: $200'],
      isClosed: false,
    };
    const answers = await Promise.all([
      admin('/api/competitions', body, 'start-1'),
      admin('/api/competitions', body, 'start-1'),
    ]);
    const started = await holdsBy('Start Label');
    expect(started).toHaveLength(1);
    const [first, second] = answers[0]!.headers['idempotent-replayed'] ? [answers[1]!, answers[0]!] : answers;
    expect(first!.statusCode).toBe(201);
    expect(first!.json().competition.id).toBe(started[0]!.id);
    if (second!.statusCode === 409) expect(second!.json().message).toBe(IN_PROGRESS_MESSAGE);
    else expect(second!.body).toBe(first!.body);
  });

  it('invites once and sends one invitation for a double-clicked invite', async () => {
    const body = { email: 'invitee@idem.test', name: 'Invitee', role: 'staff' };
    const answers = await Promise.all([
      admin('/api/users', body, 'invite-1'),
      admin('/api/users', body, 'invite-1'),
    ]);
    const users = await app.db.selectFrom('users').select('id').where('email', '=', body.email).execute();
    expect(users).toHaveLength(1);
    const invitations = await app.db
      .selectFrom('emailMessages')
      .select('kind')
      .where('relatedId', '=', users[0]!.id)
      .execute();
    expect(invitations.map((m) => m.kind)).toEqual(['invitation']);
    const [first, second] = answers[0]!.headers['idempotent-replayed'] ? [answers[1]!, answers[0]!] : answers;
    expect(first!.statusCode).toBe(201);
    expect(first!.json().user.id).toBe(users[0]!.id);
    if (second!.statusCode === 409) expect(second!.json().message).toBe(IN_PROGRESS_MESSAGE);
    else expect(second!.body).toBe(first!.body);
  });
});

describe('the same key again', () => {
  it('replays the first answer, byte for byte, when the request is the same', async () => {
    const body = reservation('2032-07-05', 'Replay Label');
    const first = await ana('/api/calendar/reservations', body, 'reserve-replay');
    const again = await ana('/api/calendar/reservations', body, 'reserve-replay');
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.body).toBe(first.body);
    expect(await holdsBy('Replay Label')).toHaveLength(1);
  });

  it('refuses another body or another route under a used key, and does nothing', async () => {
    await ana('/api/calendar/reservations', reservation('2032-08-02', 'First Body'), 'reserve-other');
    const otherBody = await ana(
      '/api/calendar/reservations',
      reservation('2032-08-02', 'Second Body'),
      'reserve-other',
    );
    expect(otherBody.statusCode).toBe(422);
    expect(otherBody.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', message: REUSED_MESSAGE });
    expect(await holdsBy('Second Body')).toHaveLength(0);

    const otherRoute = await ana('/api/test/flaky', { n: 1 }, 'reserve-other');
    expect(otherRoute.statusCode).toBe(422);
  });

  it('keeps keys per user: another user with the same key runs their own request', async () => {
    const body = reservation('2032-09-06', 'Shared Key');
    const fromAna = await ana('/api/calendar/reservations', body, 'same-key');
    const fromBen = await ben('/api/calendar/reservations', body, 'same-key');
    expect([fromAna.statusCode, fromBen.statusCode]).toEqual([201, 201]);
    expect(fromBen.headers['idempotent-replayed']).toBeUndefined();
    expect(fromBen.json().competition.id).not.toBe(fromAna.json().competition.id);
    expect(fromBen.json().competition.email).toBe('ben@idem.test');
    expect(await holdsBy('Shared Key')).toHaveLength(2);
  });

  it('forgets a key after 24 hours, and takes over a reservation abandoned by a dead request', async () => {
    await ana('/api/calendar/reservations', reservation('2032-10-04', 'Old Key'), 'old-key');
    await app.db
      .updateTable('idempotencyKeys')
      .set({ createdAt: now() - KEY_LIFETIME_MS - 1 })
      .where('key', '=', 'old-key')
      .execute();
    const reused = await ana('/api/calendar/reservations', reservation('2032-10-04', 'New Use'), 'old-key');
    expect(reused.statusCode).toBe(201);

    await app.db
      .insertInto('idempotencyKeys')
      .values({
        id: newId(),
        scope: `user:${anaId}`,
        key: 'abandoned',
        method: 'POST',
        route: '/api/calendar/reservations',
        requestHash: 'from a request that never finished',
        status: 'in-progress',
        responseStatus: null,
        responseBody: null,
        createdAt: now() - ABANDONED_AFTER_MS - 1,
      })
      .execute();
    const retried = await ana(
      '/api/calendar/reservations',
      reservation('2032-10-04', 'Retried'),
      'abandoned',
    );
    expect(retried.statusCode).toBe(201);
  });

  it("purges any caller's expired keys, and keeps a finished answer older than an abandoned reservation's age", async () => {
    const first = await ben('/api/calendar/reservations', reservation('2032-10-05', 'Kept Answer'), 'kept');
    expect(first.statusCode).toBe(201);
    const aged = (key: string, createdAt: number) =>
      app.db.updateTable('idempotencyKeys').set({ createdAt }).where('key', '=', key).execute();
    await aged('kept', now() - ABANDONED_AFTER_MS - 1);
    await ana('/api/calendar/reservations', reservation('2032-10-05', 'Expired Answer'), 'expired');
    await aged('expired', now() - KEY_LIFETIME_MS - 1);

    const replayed = await ben(
      '/api/calendar/reservations',
      reservation('2032-10-05', 'Kept Answer'),
      'kept',
    );
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.body).toBe(first.body);
    const keys = await app.db.selectFrom('idempotencyKeys').select('key').execute();
    expect(keys.map((k) => k.key)).toContain('kept');
    expect(keys.map((k) => k.key)).not.toContain('expired');
  });
});

describe('what is kept', () => {
  it('releases the key after a 5xx or a 4xx, so a retry runs; keeps and replays a success', async () => {
    plannedAnswers.push(500, 400, 201);
    const runsBefore = flakyRuns;
    expect((await ana('/api/test/flaky', { n: 1 }, 'flaky')).statusCode).toBe(500);
    expect((await ana('/api/test/flaky', { n: 1 }, 'flaky')).statusCode).toBe(400);
    const success = await ana('/api/test/flaky', { n: 1 }, 'flaky');
    expect(success.statusCode).toBe(201);
    expect(flakyRuns).toBe(runsBefore + 3);
    const replayed = await ana('/api/test/flaky', { n: 1 }, 'flaky');
    expect(replayed.body).toBe(success.body);
    expect(flakyRuns).toBe(runsBefore + 3);
  });

  it('answers a duplicate with 409 while the first still runs, then replays it', async () => {
    let entered!: () => void;
    let open!: () => void;
    const inHandler = new Promise<void>((resolve) => (entered = resolve));
    gate = { entered, open: new Promise<void>((resolve) => (open = resolve)) };
    const first = ana('/api/test/flaky', { n: 2 }, 'slow');
    await inHandler;
    gate = undefined;
    const duplicate = await ana('/api/test/flaky', { n: 2 }, 'slow');
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ code: 'IDEMPOTENCY_IN_PROGRESS', message: IN_PROGRESS_MESSAGE });
    open();
    expect((await first).statusCode).toBe(201);
    const after = await ana('/api/test/flaky', { n: 2 }, 'slow');
    expect(after.headers['idempotent-replayed']).toBe('true');
    expect(after.body).toBe((await first).body);
  });
});

describe('the header', () => {
  it.each([
    ['empty', ''],
    ['too long', 'k'.repeat(201)],
    ['with a tab', 'two\twords'],
    ['not ASCII', 'caf\u00e9'],
  ])('refuses a key that is %s with 400 and does nothing', async (_what, key) => {
    const response = await ana('/api/calendar/reservations', reservation('2032-11-01', 'Bad Key'), key);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ 'idempotency-key': [KEY_MESSAGE] });
    expect(await holdsBy('Bad Key')).toHaveLength(0);
  });

  it('accepts 200 printable characters', async () => {
    const key = '!~ '.repeat(66) + 'az';
    const response = await ana('/api/calendar/reservations', reservation('2032-11-02', 'Long Key'), key);
    expect(response.statusCode).toBe(201);
  });

  it('is optional: without it every request runs, as before', async () => {
    const body = reservation('2032-12-06', 'No Key');
    const answers = [
      await ana('/api/calendar/reservations', body),
      await ana('/api/calendar/reservations', body),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    expect(answers.every((a) => a.headers['idempotent-replayed'] === undefined)).toBe(true);
    expect(await holdsBy('No Key')).toHaveLength(2);
  });
});
