import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promotionSchema } from '@preffy/api';
import { FORM_MESSAGES, PROMOTION_MESSAGES, PROMOTION_SEND_BLOCK_MESSAGES } from '@preffy/domain';
import { newCompetition } from '../../../test/fixtures/competitions.ts';
import {
  EACH_ROLE,
  expectKeyRequired,
  idempotentPoster,
  signedInApp,
  type SignedInClient,
} from '../../../test/fixtures/signed-in.ts';
import { TestClient } from '../../../test/test-app.ts';
import { newId, now } from '../../lib/clock.ts';

let app: FastifyInstance;
let staff: SignedInClient, admin: SignedInClient, organizer: SignedInClient;
beforeAll(async () => {
  const organizerAt = { role: 'organizer', email: 'promotions-organizer@label.test' } as const;
  ({ app, staff, admin, organizer } = await signedInApp({ ...EACH_ROLE, organizer: organizerAt }));
});
afterAll(() => app.close());

const DAY = 24 * 3600_000;
const START = Date.UTC(2030, 5, 1, 15);

type Fields = {
  name: string;
  competitionId: string;
  startDate: number | null;
  endDate: number | null;
  isActive: boolean;
  amount: number;
  remainingBalance: number;
  creatorEmails: string[];
};

const fieldsFor = (competitionId: string, fields: Partial<Fields> = {}): Fields => ({
  name: 'Summer giveaway',
  competitionId,
  startDate: START,
  endDate: START + 7 * DAY,
  isActive: true,
  amount: 10,
  remainingBalance: 200,
  creatorEmails: ['ann@creators.test'],
  ...fields,
});

type Item = { id: string; name: string; version: number; competitionName: string; creatorCount: number };

async function createPromotion(fields: Partial<Fields> & { competitionName?: string } = {}) {
  const { competitionName, ...rest } = fields;
  const competitionId = rest.competitionId ?? (await newCompetition(app, staff, { name: competitionName }));
  const response = await staff.post('/api/promotions', fieldsFor(competitionId, rest));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().promotion as Item & Fields;
}

const list = async (client: TestClient, query: string) => {
  const response = await client.get(`/api/promotions?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { items: Item[]; total: number };
};
const names = (page: { items: Item[] }) => page.items.map((p) => p.name);

const auditOf = (id: string) =>
  app.db
    .selectFrom('auditLog')
    .select(['actorId', 'action', 'changes'])
    .where('entity', '=', 'promotion')
    .where('entityId', '=', id)
    .orderBy('at')
    .execute();

const stored = (id: string) =>
  app.db.selectFrom('promotions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** The recipients of the promotion's messages, with their status and the reason when skipped. */
const recipientsOf = (promotionId: string) =>
  app.db
    .selectFrom('emailRecipients')
    .innerJoin('emailMessages', 'emailMessages.id', 'emailRecipients.messageId')
    .select([
      'emailRecipients.email',
      'emailRecipients.status',
      'emailRecipients.reason',
      'emailMessages.kind',
    ])
    .where('emailMessages.relatedEntity', '=', 'promotion')
    .where('emailMessages.relatedId', '=', promotionId)
    .orderBy('emailRecipients.email')
    .execute();

/** Winners stored directly with their flags (the marketing suppression reads them). */
async function insertWinners(
  rows: { email: string; isBanned?: 0 | 1; isUnsubscribed?: 0 | 1; deleted?: 0 | 1 }[],
) {
  const at = now();
  await app.db
    .insertInto('winners')
    .values(
      rows.map((w) => ({
        id: newId(),
        version: 1,
        deleted: w.deleted ?? 0,
        createdAt: at,
        updatedAt: at,
        email: w.email,
        paypal: null,
        isBanned: w.isBanned ?? 0,
        isUnsubscribed: w.isUnsubscribed ?? 0,
        isVetted: 0 as const,
        balance: 0,
      })),
    )
    .execute();
}

describe('promotions list (GET /api/promotions)', () => {
  it('shows each promotion with its competition, the creator count and whether it can be sent', async () => {
    const created = await createPromotion({
      name: 'Shape giveaway',
      competitionName: 'Shape Song',
      amount: 7.5,
      remainingBalance: 100,
      creatorEmails: ['Zed@Creators.test', 'amy@creators.test', 'zed@creators.test'],
    });
    const page = await list(staff, 'search=shape giveaway');
    expect(page.total).toBe(1);
    expect(promotionSchema.strict().parse(page.items[0])).toEqual({
      id: created.id,
      name: 'Shape giveaway',
      competitionId: created.competitionId,
      competitionName: 'Shape Song',
      startDate: START,
      endDate: START + 7 * DAY,
      isActive: true,
      amount: 7.5,
      // Lower case, each address once, in the order given.
      creatorEmails: ['zed@creators.test', 'amy@creators.test'],
      remainingBalance: 100,
      // 100 ÷ 7.5 = 13.33: whole creators only.
      creatorCount: 13,
      canSend: true,
      sendBlock: null,
      version: 1,
      createdAt: expect.any(Number),
      updatedAt: expect.any(Number),
    });
  });

  it('searches the name and the competition name, ignoring case and wildcards; filters by competition', async () => {
    const a = await createPromotion({ name: 'Findme Alpha', competitionName: 'Quiet River' });
    await createPromotion({ name: 'Other Beta', competitionName: 'FINDME Anthem' });
    await createPromotion({ name: 'Unrelated', competitionName: 'Unrelated Song' });
    expect(names(await list(staff, 'search=findme&sortBy=name&sortDirection=asc'))).toEqual([
      'Findme Alpha',
      'Other Beta',
    ]);
    expect(names(await list(admin, 'search=quiet river'))).toEqual(['Findme Alpha']);
    expect((await list(staff, 'search=find_e')).total).toBe(0);
    expect((await list(staff, 'search=%25')).total).toBe(0);
    expect(names(await list(staff, `competitionId=${a.competitionId}`))).toEqual(['Findme Alpha']);
  });

  it('sorts by each column and pages; deleted promotions are never listed', async () => {
    const competitionId = await newCompetition(app, staff, { name: 'Sorting Song' });
    const sortFields = [
      { name: 'sortq B', amount: 30, remainingBalance: 10, startDate: START + DAY },
      { name: 'sortq A', amount: 10, remainingBalance: 30, startDate: START + 2 * DAY },
      { name: 'sortq C', amount: 20, remainingBalance: 20, startDate: START },
    ];
    for (const [i, fields] of sortFields.entries()) {
      const { id } = await createPromotion({ competitionId, ...fields });
      // Distinct creation times: two creates can fall in one millisecond.
      await app.db
        .updateTable('promotions')
        .set({ createdAt: START + i })
        .where('id', '=', id)
        .execute();
    }
    const gone = await createPromotion({ competitionId, name: 'sortq D' });
    expect((await staff.delete(`/api/promotions/${gone.id}?version=1`)).statusCode).toBe(200);

    const q = 'search=sortq&sortDirection=asc';
    expect(names(await list(staff, `${q}&sortBy=name`))).toEqual(['sortq A', 'sortq B', 'sortq C']);
    expect(names(await list(staff, `${q}&sortBy=amount`))).toEqual(['sortq A', 'sortq C', 'sortq B']);
    expect(names(await list(staff, `${q}&sortBy=remainingBalance`))).toEqual([
      'sortq B',
      'sortq C',
      'sortq A',
    ]);
    expect(names(await list(staff, `${q}&sortBy=startDate`))).toEqual(['sortq C', 'sortq B', 'sortq A']);
    // The default: newest first.
    expect(names(await list(staff, 'search=sortq'))).toEqual(['sortq C', 'sortq A', 'sortq B']);
    const page2 = await list(staff, `${q}&sortBy=name&pageSize=2&page=2`);
    expect([page2.total, names(page2)]).toEqual([3, ['sortq C']]);
  });

  it('refuses a bad query with 400 and the field', async () => {
    for (const query of ['sortBy=creatorEmails', 'pageSize=101', 'page=0', `search=${'x'.repeat(201)}`]) {
      const response = await staff.get(`/api/promotions?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json().fieldErrors ?? {}).length, query).toBeGreaterThan(0);
    }
  });
});

describe('create, get, edit and delete', () => {
  it('creates, reads, edits with the version and deletes softly, each audited', async () => {
    const created = await createPromotion({ name: 'Lifecycle', competitionName: 'Lifecycle Song' });
    const got = await staff.get(`/api/promotions/${created.id}`);
    expect(got.statusCode).toBe(200);
    expect(got.json().promotion).toEqual(created);

    const otherCompetition = await newCompetition(app, staff, { name: 'Moved Song' });
    const edited = await admin.put(`/api/promotions/${created.id}`, {
      ...fieldsFor(otherCompetition, {
        name: 'Lifecycle edited',
        startDate: null,
        endDate: null,
        isActive: false,
        amount: 0,
        remainingBalance: 55.55,
        creatorEmails: [],
      }),
      version: 1,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().promotion).toMatchObject({
      name: 'Lifecycle edited',
      competitionName: 'Moved Song',
      startDate: null,
      endDate: null,
      isActive: false,
      amount: 0,
      remainingBalance: 55.55,
      creatorEmails: [],
      creatorCount: 0,
      canSend: false,
      sendBlock: 'no-amount',
      version: 2,
    });

    const removed = await staff.delete(`/api/promotions/${created.id}?version=2`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await stored(created.id)).deleted).toBe(1);
    expect((await staff.get(`/api/promotions/${created.id}`)).statusCode).toBe(404);
    expect((await staff.delete(`/api/promotions/${created.id}?version=3`)).statusCode).toBe(404);

    const audit = await auditOf(created.id);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
    expect(audit[0]).toMatchObject({ actorId: staff.user.id });
    expect(JSON.parse(audit[1]!.changes!)).toMatchObject({ name: 'Lifecycle edited', creatorEmails: 0 });
  });

  it('answers a stale version with 409 and the promotion as it is; nothing changes', async () => {
    const created = await createPromotion({ name: 'Stale', competitionName: 'Stale Song' });
    const body = { ...fieldsFor(created.competitionId, { name: 'First write' }), version: 1 };
    expect((await staff.put(`/api/promotions/${created.id}`, body)).statusCode).toBe(200);

    const stale = await admin.put(`/api/promotions/${created.id}`, { ...body, name: 'Second write' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'VERSION_CONFLICT',
      current: { id: created.id, name: 'First write', version: 2, competitionName: 'Stale Song' },
    });
    expect(promotionSchema.strict().safeParse(stale.json().current).success).toBe(true);
    expect((await staff.delete(`/api/promotions/${created.id}?version=1`)).statusCode).toBe(409);
    expect(await stored(created.id)).toMatchObject({ name: 'First write', version: 2, deleted: 0 });
  });

  it('refuses invalid fields with 400 and a message on each field, never 5xx', async () => {
    const competitionId = await newCompetition(app, staff, { name: 'Invalid Song' });
    const refused = async (fields: Record<string, unknown>) => {
      const response = await staff.post('/api/promotions', { ...fieldsFor(competitionId), ...fields });
      expect(response.statusCode, response.body).toBe(400);
      return response.json().fieldErrors as Record<string, string[]>;
    };
    expect(
      await refused({
        name: '  ',
        amount: -1,
        remainingBalance: 1.234,
        startDate: Date.UTC(2019, 0, 1),
        creatorEmails: ['fine@creators.test', 'not-an-email'],
      }),
    ).toEqual({
      name: [PROMOTION_MESSAGES.nameRequired],
      amount: [FORM_MESSAGES.amountInvalid],
      remainingBalance: [FORM_MESSAGES.amountInvalid],
      startDate: [FORM_MESSAGES.dateOutOfWindow],
      'creatorEmails.1': [FORM_MESSAGES.emailInvalid],
    });
    expect(await refused({ name: 'x'.repeat(201), amount: 10_000_001 })).toEqual({
      name: [FORM_MESSAGES.textTooLong],
      amount: [FORM_MESSAGES.amountInvalid],
    });
    expect(await refused({ endDate: START - DAY })).toEqual({ endDate: [PROMOTION_MESSAGES.endBeforeStart] });
    expect(await refused({ competitionId: '' })).toEqual({
      competitionId: [PROMOTION_MESSAGES.competitionRequired],
    });
    expect(await refused({ competitionId: 'no-such-competition' })).toEqual({
      competitionId: [PROMOTION_MESSAGES.competitionMissing],
    });
    const many = Array.from({ length: 5001 }, (_, i) => `c${i}@creators.test`);
    expect(await refused({ creatorEmails: many })).toEqual({
      creatorEmails: [PROMOTION_MESSAGES.tooManyCreators],
    });
    for (const fields of [
      { amount: 'ten' },
      { isActive: 'yes' },
      { creatorEmails: 'a@b.test' },
      { startDate: 1.5 },
    ])
      await refused(fields);

    // A deleted competition takes no promotions.
    await app.db.updateTable('competitions').set({ deleted: 1 }).where('id', '=', competitionId).execute();
    expect(await refused({})).toEqual({ competitionId: [PROMOTION_MESSAGES.competitionMissing] });
  });

  it('takes 5,000 creator emails in one form', async () => {
    const many = Array.from({ length: 5000 }, (_, i) => `creator.${i}.with.a.longer.address@creators.test`);
    const created = await createPromotion({ name: 'Big list', creatorEmails: many });
    expect(created.creatorEmails).toHaveLength(5000);
  });

  it('replays a create sent twice with one Idempotency-Key: one promotion', async () => {
    const post = await idempotentPoster(app, staff);
    const competitionId = await newCompetition(app, staff, { name: 'Replay Song' });
    const body = fieldsFor(competitionId, { name: 'Replayed create' });
    const [first, second] = await Promise.all([
      post('/api/promotions', body, 'create-replay-1'),
      post('/api/promotions', body, 'create-replay-1'),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    // The twin either waits and replays (201) or is told the first is still running (409).
    expect(statuses[0]).toBe(201);
    expect([201, 409]).toContain(statuses[1]);
    expect((await list(staff, 'search=replayed create')).total).toBe(1);
    const again = await post('/api/promotions', body, 'create-replay-1');
    expect(again.statusCode).toBe(201);
    expect(again.json().promotion.id).toBe(
      first.statusCode === 201 ? first.json().promotion.id : second.json().promotion.id,
    );
    expect((await list(staff, 'search=replayed create')).total).toBe(1);
  });
});

describe('Send promotion email (POST /api/promotions/:id/send)', () => {
  it('queues one giveaway email to the creator emails, never to unsubscribed or banned addresses', async () => {
    await insertWinners([
      { email: 'send.unsub@creators.test', isUnsubscribed: 1 },
      { email: 'send.banned@creators.test', isBanned: 1 },
      { email: 'send.vetted@creators.test' },
      // A deleted winner's old ban no longer counts.
      { email: 'send.oldban@creators.test', isBanned: 1, deleted: 1 },
    ]);
    const promotion = await createPromotion({
      name: 'Send flow',
      competitionName: 'Send Flow Song',
      amount: 25,
      remainingBalance: 500,
      creatorEmails: [
        'send.fresh@creators.test',
        'SEND.UNSUB@creators.test',
        'send.banned@creators.test',
        'send.vetted@creators.test',
        'send.oldban@creators.test',
      ],
    });

    const sent = await staff.post(`/api/promotions/${promotion.id}/send`, { version: 1 });
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json()).toEqual({ messageId: expect.any(String), queued: 3, skipped: 2 });
    expect(await recipientsOf(promotion.id)).toEqual([
      { email: 'send.banned@creators.test', status: 'skipped', reason: 'banned', kind: 'giveaway-promotion' },
      { email: 'send.fresh@creators.test', status: 'queued', reason: null, kind: 'giveaway-promotion' },
      { email: 'send.oldban@creators.test', status: 'queued', reason: null, kind: 'giveaway-promotion' },
      {
        email: 'send.unsub@creators.test',
        status: 'skipped',
        reason: 'unsubscribed',
        kind: 'giveaway-promotion',
      },
      { email: 'send.vetted@creators.test', status: 'queued', reason: null, kind: 'giveaway-promotion' },
    ]);

    // The giveaway email: competition, organizer, the amount per creator and the creator count
    // (remaining balance ÷ amount, doc 1 section 9: $500 ÷ $25 = 20), the link with ref=fancy.
    const message = await app.db
      .selectFrom('emailMessages')
      .selectAll()
      .where('id', '=', sent.json().messageId)
      .executeTakeFirstOrThrow();
    expect(message).toMatchObject({ kind: 'giveaway-promotion', isMarketing: 1, createdBy: staff.user.id });
    expect(message.text).toContain('Send Flow Song');
    expect(message.text).toContain('Luna Vega');
    expect(message.subject).toBe('Giveaway: $25 for the next 20 creators');
    expect(message.text).toContain('We are giving $25 to each of the next 20 creators');
    expect(message.text).toContain(`http://preffy.test/c/${promotion.competitionId}?ref=fancy`);

    // Sending changes neither the balance nor the version.
    expect(await stored(promotion.id)).toMatchObject({ remainingBalance: 500, version: 1 });
    const audit = await auditOf(promotion.id);
    expect(audit.map((a) => a.action)).toEqual(['create', 'send']);
    expect(JSON.parse(audit[1]!.changes!)).toEqual({
      messageId: sent.json().messageId,
      queued: 3,
      skipped: 2,
    });
  });

  it('states in the outbox how many creators the pot pays: whole creators of the balance ÷ the amount', async () => {
    const promotion = await createPromotion({
      name: 'Outbox count',
      competitionName: 'Outbox Count Song',
      amount: 7.5,
      remainingBalance: 100,
      creatorEmails: ['count.reader@creators.test'],
    });
    const sent = await staff.post(`/api/promotions/${promotion.id}/send`, { version: 1 });
    expect(sent.statusCode, sent.body).toBe(202);
    // The outbox is the admins' page: what they read there is what the creators get.
    const read = await admin.get(`/api/outbox/${sent.json().messageId}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({
      kind: 'giveaway-promotion',
      subject: 'Giveaway: $7.5 for the next 13 creators',
    });
    expect(read.json().text).toContain(
      'We are giving $7.5 to each of the next 13 creators who post a video with "Outbox Count Song"',
    );
  });

  it('is refused with the reason for a zero balance, a zero amount or no creators; nothing is queued', async () => {
    const cases = [
      { fields: { remainingBalance: 0 }, block: 'no-balance', field: 'remainingBalance' },
      { fields: { amount: 0 }, block: 'no-amount', field: 'amount' },
      { fields: { amount: 0, remainingBalance: 0 }, block: 'no-amount', field: 'amount' },
      { fields: { creatorEmails: [] as string[] }, block: 'no-creators', field: 'creatorEmails' },
    ] as const;
    for (const { fields, block, field } of cases) {
      const promotion = await createPromotion({ name: `Refused ${block}`, ...fields });
      expect(promotion).toMatchObject({ canSend: false, sendBlock: block });
      const response = await staff.post(`/api/promotions/${promotion.id}/send`, { version: 1 });
      expect(response.statusCode, block).toBe(400);
      const message = PROMOTION_SEND_BLOCK_MESSAGES[block];
      expect(response.json()).toMatchObject({
        code: 'VALIDATION',
        message,
        fieldErrors: { [field]: [message] },
      });
      expect(await recipientsOf(promotion.id)).toEqual([]);
    }
  });

  it("is refused when the promotion's competition was deleted", async () => {
    const promotion = await createPromotion({ name: 'Orphan' });
    await app.db
      .updateTable('competitions')
      .set({ deleted: 1 })
      .where('id', '=', promotion.competitionId)
      .execute();
    const listed = (await list(staff, 'search=orphan')).items[0];
    expect(listed).toMatchObject({ canSend: false, sendBlock: 'competition-deleted' });
    const response = await staff.post(`/api/promotions/${promotion.id}/send`, { version: 1 });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(PROMOTION_MESSAGES.competitionDeleted);
    expect(await recipientsOf(promotion.id)).toEqual([]);
  });

  it('needs the version read: a stale one is a 409 and nothing is queued', async () => {
    const promotion = await createPromotion({ name: 'Stale send' });
    await staff.put(`/api/promotions/${promotion.id}`, {
      ...fieldsFor(promotion.competitionId, { creatorEmails: ['someone.else@creators.test'] }),
      version: 1,
    });
    const stale = await staff.post(`/api/promotions/${promotion.id}/send`, { version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ version: 2, creatorEmails: ['someone.else@creators.test'] });
    expect(await recipientsOf(promotion.id)).toEqual([]);
    expect((await staff.post('/api/promotions/no-such-id/send', { version: 1 })).statusCode).toBe(404);
  });

  it('queues once for a send repeated with the same Idempotency-Key, and again for a new key', async () => {
    const promotion = await createPromotion({
      name: 'Idempotent send',
      creatorEmails: ['idem.one@creators.test', 'idem.two@creators.test'],
    });
    const post = await idempotentPoster(app, admin);
    const url = `/api/promotions/${promotion.id}/send`;
    const first = await post(url, { version: 1 }, 'send-key-1');
    expect(first.statusCode, first.body).toBe(202);
    const replay = await post(url, { version: 1 }, 'send-key-1');
    expect(replay.statusCode).toBe(202);
    expect(replay.json()).toEqual(first.json());
    expect(await recipientsOf(promotion.id)).toHaveLength(2);

    // A deliberate second send (a new key) is a new message.
    expect((await post(url, { version: 1 }, 'send-key-2')).statusCode).toBe(202);
    expect(await recipientsOf(promotion.id)).toHaveLength(4);
  });

  it('refuses a send without an Idempotency-Key, queueing nothing (ten such sends once mailed each creator ten times)', async () => {
    const promotion = await createPromotion({
      name: 'Keyless send',
      creatorEmails: ['keyless.one@creators.test', 'keyless.two@creators.test'],
    });
    const post = await idempotentPoster(app, admin);
    const url = `/api/promotions/${promotion.id}/send`;
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(url, { version: 1 })));
    for (const answer of answers) expectKeyRequired(answer);
    expect(await recipientsOf(promotion.id)).toEqual([]);
    expect((await post(url, { version: 1 }, 'keyed-send')).statusCode).toBe(202);
    expect(await recipientsOf(promotion.id)).toHaveLength(2);
  });
});

describe('who may use promotions', () => {
  it('is for staff and admins: organizers get 403, anonymous callers 401, and nothing changes', async () => {
    const promotion = await createPromotion({ name: 'Guarded' });
    const anonymous = new TestClient(app);
    const calls = (client: TestClient) => [
      client.get('/api/promotions'),
      client.get(`/api/promotions/${promotion.id}`),
      client.post('/api/promotions', fieldsFor(promotion.competitionId)),
      client.put(`/api/promotions/${promotion.id}`, { ...fieldsFor(promotion.competitionId), version: 1 }),
      client.delete(`/api/promotions/${promotion.id}?version=1`),
      client.post(`/api/promotions/${promotion.id}/send`, { version: 1 }),
    ];
    for (const [client, status] of [
      [organizer, 403],
      [anonymous, 401],
    ] as const) {
      for (const response of await Promise.all(calls(client))) expect(response.statusCode).toBe(status);
    }
    expect(await stored(promotion.id)).toMatchObject({ name: 'Guarded', version: 1, deleted: 0 });
    expect(await recipientsOf(promotion.id)).toEqual([]);
  });
});
