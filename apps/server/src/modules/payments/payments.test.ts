import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentSchema } from '@preffy/api';
import { newCompetition } from '../../../test/fixtures/competitions.ts';
import { insertPayments as insertPaymentRows } from '../../../test/fixtures/payments.ts';
import {
  EACH_ROLE,
  expectKeyRequired,
  idempotentPoster,
  signedInApp,
  type SignedInClient,
} from '../../../test/fixtures/signed-in.ts';
import { TestClient } from '../../../test/test-app.ts';
import { now } from '../../lib/clock.ts';

let app: FastifyInstance;
let staff: SignedInClient, admin: SignedInClient, organizer: SignedInClient;
beforeAll(async () => {
  const organizerAt = { role: 'organizer', email: 'payments-organizer@label.test' } as const;
  ({ app, staff, admin, organizer } = await signedInApp({ ...EACH_ROLE, organizer: organizerAt }));
});
afterAll(() => app.close());

type Fields = {
  contactEmail?: string;
  paymentEmail?: string;
  amount?: number;
  status?: 'To Be Paid' | 'Paid';
  source?: string;
  deleted?: 0 | 1;
  createdAt?: number;
};

/** Payments stored directly (the finish wizard makes them), one competition per call. */
const insertPayments = async (competitionName: string, payments: Fields[]) =>
  insertPaymentRows(app.db, await newCompetition(app, staff, { name: competitionName }), payments);

type Item = { id: string; contactEmail: string; amount: number; status: string; competitionName: string };
const list = async (client: TestClient, query: string) => {
  const response = await client.get(`/api/payments?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { items: Item[]; total: number };
};
const emails = (page: { items: Item[] }) => page.items.map((p) => p.contactEmail);
const totals = async (search: string) => {
  const response = await staff.get(`/api/payments/totals?search=${encodeURIComponent(search)}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    toBePaid: { count: number; amount: number };
    paid: { count: number; amount: number };
  };
};

const auditOf = (id: string) =>
  app.db
    .selectFrom('auditLog')
    .select(['actorId', 'action', 'changes'])
    .where('entity', '=', 'payment')
    .where('entityId', '=', id)
    .orderBy('at')
    .execute();

const stored = (id: string) =>
  app.db.selectFrom('payments').select(['status', 'version']).where('id', '=', id).executeTakeFirstOrThrow();

describe('payments admin list (GET /api/payments)', () => {
  it('lists one tab, To Be Paid by default or Paid, with the competition name, never deleted payments', async () => {
    await insertPayments('Tabs Song', [
      { contactEmail: 'tabs.owed@creators.test' },
      { contactEmail: 'tabs.paid@creators.test', status: 'Paid' },
      { contactEmail: 'tabs.gone@creators.test', deleted: 1 },
      { contactEmail: 'tabs.gonepaid@creators.test', deleted: 1, status: 'Paid' },
    ]);
    const owed = await list(staff, 'search=tabs.');
    expect([owed.total, emails(owed)]).toEqual([1, ['tabs.owed@creators.test']]);
    expect(paymentSchema.strict().parse(owed.items[0])).toMatchObject({
      competitionName: 'Tabs Song',
      status: 'To Be Paid',
      version: 1,
    });
    const paid = await list(admin, 'search=tabs.&status=Paid');
    expect([paid.total, emails(paid)]).toEqual([1, ['tabs.paid@creators.test']]);
  });

  it('searches contact email, payment email and competition name, ignoring case and wildcards', async () => {
    await insertPayments('Findable Anthem', [
      { contactEmail: 'find.one@creators.test', paymentEmail: 'one@paypal.test' },
      { contactEmail: 'find.two@creators.test', paymentEmail: 'PAYONLY_two@paypal.test' },
    ]);
    await insertPayments('Other Song', [{ contactEmail: 'find.three@creators.test' }]);
    expect(emails(await list(staff, 'search=FIND.ONE&sortBy=contactEmail'))).toEqual([
      'find.one@creators.test',
    ]);
    expect(emails(await list(staff, 'search=payonly_'))).toEqual(['find.two@creators.test']);
    expect(emails(await list(staff, 'search=findable anthem&sortBy=contactEmail'))).toEqual([
      'find.one@creators.test',
      'find.two@creators.test',
    ]);
    // LIKE wildcards are literal characters: '_' matches only an underscore.
    expect((await list(staff, 'search=find_one')).total).toBe(0);
    expect((await list(staff, 'search=%25')).total).toBe(0);
  });

  it('sorts by amount, competition, emails, source and date, and pages', async () => {
    // Times of their own: two inserts within one millisecond would tie on the date.
    const at = now();
    await insertPayments('Sort B Song', [
      { contactEmail: 'sort.a@creators.test', amount: 30, source: 'Preffy', createdAt: at },
      { contactEmail: 'sort.b@creators.test', amount: 10, source: 'Genni', createdAt: at + 1 },
    ]);
    await insertPayments('Sort A Song', [
      { contactEmail: 'sort.c@creators.test', amount: 20, createdAt: at + 2 },
    ]);
    const q = 'search=sort.';
    expect(emails(await list(staff, `${q}&sortBy=amount`))).toEqual([
      'sort.b@creators.test',
      'sort.c@creators.test',
      'sort.a@creators.test',
    ]);
    expect(emails(await list(staff, `${q}&sortBy=amount&sortDirection=desc`))[0]).toBe(
      'sort.a@creators.test',
    );
    expect(emails(await list(staff, `${q}&sortBy=competitionName`))[0]).toBe('sort.c@creators.test');
    expect(emails(await list(staff, `${q}&sortBy=source`))[0]).toBe('sort.b@creators.test');
    expect(emails(await list(staff, `${q}&sortBy=createdAt&sortDirection=desc`))[0]).toBe(
      'sort.c@creators.test',
    );
    const page2 = await list(staff, `${q}&sortBy=amount&pageSize=2&page=2`);
    expect([page2.total, emails(page2)]).toEqual([3, ['sort.a@creators.test']]);
  });

  it('totals each tab over the whole filtered tab, in the database, to the cent', async () => {
    await insertPayments('Totals Song', [
      { contactEmail: 'totals.a@creators.test', amount: 0.1 },
      { contactEmail: 'totals.b@creators.test', amount: 0.2 },
      { contactEmail: 'totals.c@creators.test', amount: 160, status: 'Paid' },
      { contactEmail: 'totals.d@creators.test', amount: 1000, deleted: 1 },
    ]);
    expect(await totals('totals.')).toEqual({
      toBePaid: { count: 2, amount: 0.3 },
      paid: { count: 1, amount: 160 },
    });
    expect(await totals('totals.a@')).toEqual({
      toBePaid: { count: 1, amount: 0.1 },
      paid: { count: 0, amount: 0 },
    });
    expect(await totals('nobody-has-this')).toEqual({
      toBePaid: { count: 0, amount: 0 },
      paid: { count: 0, amount: 0 },
    });
  });

  it('refuses a bad query with 400 and the field', async () => {
    for (const query of [
      'status=Sent',
      'sortBy=password',
      'pageSize=1000',
      'page=0',
      'sortDirection=up',
      `search=${'x'.repeat(201)}`,
    ]) {
      const response = await staff.get(`/api/payments?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json().fieldErrors ?? {}).length, query).toBeGreaterThan(0);
    }
    const long = await staff.get(`/api/payments/totals?search=${'x'.repeat(201)}`);
    expect(long.statusCode).toBe(400);
  });
});

describe('Sent and Unsend (POST /api/payments/:id/send, /unsend)', () => {
  it('Sent moves To Be Paid to Paid and Unsend back, each with the version, audited, and the totals follow', async () => {
    const [payment] = await insertPayments('Send Song', [
      { contactEmail: 'send.flow@creators.test', amount: 80 },
    ]);
    const id = payment!.id;
    const before = await totals('send.flow@');
    expect(before.toBePaid).toEqual({ count: 1, amount: 80 });

    const sent = await staff.post(`/api/payments/${id}/send`, { version: 1 });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().payment).toMatchObject({
      id,
      status: 'Paid',
      version: 2,
      competitionName: 'Send Song',
    });
    expect(emails(await list(staff, 'search=send.flow@&status=Paid'))).toEqual(['send.flow@creators.test']);
    expect((await list(staff, 'search=send.flow@')).total).toBe(0);
    expect(await totals('send.flow@')).toEqual({
      toBePaid: { count: 0, amount: 0 },
      paid: { count: 1, amount: 80 },
    });

    const unsent = await admin.post(`/api/payments/${id}/unsend`, { version: 2 });
    expect(unsent.statusCode, unsent.body).toBe(200);
    expect(unsent.json().payment).toMatchObject({ status: 'To Be Paid', version: 3 });
    expect(await totals('send.flow@')).toEqual(before);

    const audit = await auditOf(id);
    expect(audit.map((a) => a.action)).toEqual(['send', 'unsend']);
    expect(audit[0]).toMatchObject({ actorId: staff.user.id });
    expect(JSON.parse(audit[0]!.changes!)).toEqual({ status: { from: 'To Be Paid', to: 'Paid' } });
  });

  it('a stale version gets 409 with the payment as it is; the wrong status 409 PAYMENT_STATUS; nothing changes', async () => {
    const [payment] = await insertPayments('Conflict Song', [{ contactEmail: 'conflict@creators.test' }]);
    const id = payment!.id;
    expect((await staff.post(`/api/payments/${id}/send`, { version: 1 })).statusCode).toBe(200);

    const stale = await staff.post(`/api/payments/${id}/unsend`, { version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'VERSION_CONFLICT',
      current: { id, status: 'Paid', version: 2, competitionName: 'Conflict Song' },
    });
    expect(paymentSchema.strict().safeParse(stale.json().current).success).toBe(true);

    const again = await staff.post(`/api/payments/${id}/send`, { version: 2 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'PAYMENT_STATUS',
      message: 'This payment is already marked as sent',
    });
    const [owed] = await insertPayments('Conflict Song', [{ contactEmail: 'conflict2@creators.test' }]);
    const notSent = await staff.post(`/api/payments/${owed!.id}/unsend`, { version: 1 });
    expect(notSent.json()).toMatchObject({
      code: 'PAYMENT_STATUS',
      message: 'This payment is not marked as sent',
    });
    expect(await stored(id)).toEqual({ status: 'Paid', version: 2 });
    expect(await stored(owed!.id)).toEqual({ status: 'To Be Paid', version: 1 });
    expect((await auditOf(id)).length).toBe(1);
    expect(await auditOf(owed!.id)).toEqual([]);
  });

  it('a deleted or unknown payment answers 404', async () => {
    const [gone] = await insertPayments('Gone Song', [{ contactEmail: 'gone@creators.test', deleted: 1 }]);
    for (const id of [gone!.id, 'no-such-payment']) {
      const response = await staff.post(`/api/payments/${id}/send`, { version: 1 });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Payment not found');
    }
    expect(await stored(gone!.id)).toEqual({ status: 'To Be Paid', version: 1 });
  });

  it('replays a repeated Idempotency-Key: the payment changes and is audited once', async () => {
    const [payment] = await insertPayments('Replay Song', [{ contactEmail: 'replay@creators.test' }]);
    const post = await idempotentPoster(app, staff);
    const url = `/api/payments/${payment!.id}/send`;
    const first = await post(url, { version: 1 }, 'replay-key-1');
    const second = await post(url, { version: 1 }, 'replay-key-1');
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(await stored(payment!.id)).toEqual({ status: 'Paid', version: 2 });
    expect((await auditOf(payment!.id)).length).toBe(1);
    // The same key with another request is refused.
    const other = await post(`/api/payments/${payment!.id}/unsend`, { version: 2 }, 'replay-key-1');
    expect(other.statusCode).toBe(422);
  });

  it('refuses Sent and Unsend without an Idempotency-Key, changing nothing; with one they run', async () => {
    const [payment] = await insertPayments('Keyless Song', [{ contactEmail: 'keyless@creators.test' }]);
    const post = await idempotentPoster(app, staff);
    expectKeyRequired(await post(`/api/payments/${payment!.id}/send`, { version: 1 }));
    expect(await stored(payment!.id)).toEqual({ status: 'To Be Paid', version: 1 });
    expect((await post(`/api/payments/${payment!.id}/send`, { version: 1 }, 'keyed-send')).statusCode).toBe(
      200,
    );
    expectKeyRequired(await post(`/api/payments/${payment!.id}/unsend`, { version: 2 }));
    expect(await stored(payment!.id)).toEqual({ status: 'Paid', version: 2 });
    expect(
      (await post(`/api/payments/${payment!.id}/unsend`, { version: 2 }, 'keyed-unsend')).statusCode,
    ).toBe(200);
    expect(await stored(payment!.id)).toEqual({ status: 'To Be Paid', version: 3 });
    expect((await auditOf(payment!.id)).length).toBe(2);
  });

  it('two concurrent Sent clicks on the same payment change it once; the other gets 409', async () => {
    const [payment] = await insertPayments('Race Song', [{ contactEmail: 'race@creators.test' }]);
    const [a, b] = [await idempotentPoster(app, staff), await idempotentPoster(app, admin)];
    const url = `/api/payments/${payment!.id}/send`;
    const answers = await Promise.all([a(url, { version: 1 }, 'race-a'), b(url, { version: 1 }, 'race-b')]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await stored(payment!.id)).toEqual({ status: 'Paid', version: 2 });
    expect((await auditOf(payment!.id)).length).toBe(1);
  });

  it('refuses a missing or bad version with 400 and the field', async () => {
    const [payment] = await insertPayments('Bad Body Song', [{ contactEmail: 'badbody@creators.test' }]);
    for (const body of [{}, { version: 0 }, { version: '1' }, { version: 1.5 }]) {
      const response = await staff.post(`/api/payments/${payment!.id}/send`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().fieldErrors).toHaveProperty('version');
    }
    expect(await stored(payment!.id)).toEqual({ status: 'To Be Paid', version: 1 });
  });
});

describe('who may use the payments admin', () => {
  it('refuses organizers (403) and anonymous callers (401) on every payments route', async () => {
    const [payment] = await insertPayments('Roles Song', [{ contactEmail: 'roles@creators.test' }]);
    const anonymous = new TestClient(app);
    for (const [client, status] of [
      [organizer, 403],
      [anonymous, 401],
    ] as const) {
      expect((await client.get('/api/payments')).statusCode).toBe(status);
      expect((await client.get('/api/payments/totals')).statusCode).toBe(status);
      expect((await client.post(`/api/payments/${payment!.id}/send`, { version: 1 })).statusCode).toBe(
        status,
      );
      expect((await client.post(`/api/payments/${payment!.id}/unsend`, { version: 1 })).statusCode).toBe(
        status,
      );
    }
    expect(await stored(payment!.id)).toEqual({ status: 'To Be Paid', version: 1 });
  });
});
