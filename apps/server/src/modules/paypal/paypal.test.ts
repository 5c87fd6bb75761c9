import type { FastifyInstance } from 'fastify';
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paypalPayoutSchema, paypalStateSchema } from '@preffy/api';
import { PAYPAL_PAYOUT_MAX_ITEMS } from '@preffy/domain';
import { newCompetition } from '../../../test/fixtures/competitions.ts';
import { insertPayments } from '../../../test/fixtures/payments.ts';
import {
  expectKeyRequired,
  idempotentPoster,
  signedInApp,
  type SignedInClient,
} from '../../../test/fixtures/signed-in.ts';
import { newId } from '../../lib/clock.ts';
import { type FakePaypal, createFakePaypal } from './fake-paypal.ts';
import { PaypalClient, PaypalError, type PaypalSettings } from './paypal-client.ts';
import { FOLLOW_PAYPAL_PAYOUTS, PAYPAL_PAYOUT } from './paypal-payout-job.ts';
import { itemChange } from './paypal-status.ts';
import { itemLookups } from './paypal.repository.ts';
import {
  ALREADY_SENDING,
  BAD_SIGNATURE,
  NOTHING_TO_SEND,
  PAYPAL_NOT_CONFIGURED,
  WEBHOOKS_OFF,
} from './paypal.service.ts';

const CREDENTIALS = {
  clientId: 'preffy-client-id',
  clientSecret: 'very-secret-paypal-secret',
  webhookId: 'WH-PREFFY-1',
};
const GOOD_SIGNATURE = 'genuine-signature';

let fake: FakePaypal;
let app: FastifyInstance;
let staff: SignedInClient, organizer: SignedInClient;

beforeAll(async () => {
  fake = createFakePaypal(CREDENTIALS);
  fake.acceptSignature(GOOD_SIGNATURE);
  const settings: PaypalSettings = {
    apiUrl: await fake.start(),
    ...CREDENTIALS,
    timeoutMs: 5000,
    retries: 3,
    backoffMs: 5,
    pollIntervalMs: 5,
    maxPolls: 3,
  };
  const organizerAt = { role: 'organizer', email: 'paypal-organizer@label.test' } as const;
  ({ app, staff, organizer } = await signedInApp(
    { staff: 'staff', organizer: organizerAt },
    { paypal: settings },
  ));
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

type PaymentFields = {
  paymentEmail?: string;
  amount?: number;
  prize?: number | null;
  source?: string;
  status?: 'To Be Paid' | 'Paid';
  payoutFileId?: string;
};

let paymentCounter = 0;
/** Payments stored directly (the finish wizard makes them), for a new competition. */
async function competitionWithPayments(payments: PaymentFields[], name = 'PayPal Song') {
  const competitionId = await newCompetition(app, staff, { name });
  const rows = await insertPayments(
    app.db,
    competitionId,
    payments.map(({ prize, ...p }) => {
      const n = ++paymentCounter;
      return {
        contactEmail: `winner${n}@creators.test`,
        paymentEmail: `winner${n}@paypal.test`,
        creator: `creator${n}`,
        platform: 'tiktok',
        winnerKey: `creator${n}|tiktok`,
        prize: prize ?? null,
        ...p,
      };
    }),
  );
  return { competitionId, ids: rows.map((row) => row.id) };
}

const send = (competitionId: string, version = 0) =>
  staff.post(`/api/finish/${competitionId}/paypal`, { version });
const state = async (competitionId: string) => {
  const response = await staff.get(`/api/finish/${competitionId}/paypal`);
  expect(response.statusCode, response.body).toBe(200);
  return paypalStateSchema.parse(response.json());
};
const paymentsOf = (ids: string[]) =>
  app.db
    .selectFrom('payments')
    .select(['id', 'status', 'version', 'paypalItemStatus', 'paypalItemId', 'paypalPayoutId'])
    .where('id', 'in', ids)
    .execute()
    .then((rows) => ids.map((id) => rows.find((row) => row.id === id)!));
const payoutsOf = (competitionId: string) =>
  app.db
    .selectFrom('paypalPayouts')
    .selectAll()
    .where('competitionId', '=', competitionId)
    .orderBy('createdAt')
    .execute();
const auditOf = (entityId: string) =>
  app.db
    .selectFrom('auditLog')
    .select(['actorId', 'action', 'changes'])
    .where('entityId', '=', entityId)
    .orderBy('at')
    .execute();
const jobsOf = (competitionId: string) =>
  app.db
    .selectFrom('jobs')
    .select(['status', 'error'])
    .where('competitionId', '=', competitionId)
    .where('kind', '=', PAYPAL_PAYOUT)
    .execute();

/** Runs the queued payout job(s) to their end, as the worker's loop would. */
async function runJobs() {
  while ((await app.jobWorker.tick()) > 0);
}

/** Sends a competition's payments via PayPal and runs the job; answers the stored payout rows. */
async function sendAndRun(competitionId: string) {
  const response = await send(competitionId);
  expect(response.statusCode, response.body).toBe(202);
  await runJobs();
  return payoutsOf(competitionId);
}

function webhook(event: object, signature = GOOD_SIGNATURE, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/paypal/webhooks',
    payload: JSON.stringify(event),
    headers: {
      'content-type': 'application/json',
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': 'https://api.paypal.com/v1/notifications/certs/CERT-1',
      'paypal-transmission-id': newId(),
      'paypal-transmission-sig': signature,
      'paypal-transmission-time': new Date().toISOString(),
      ...headers,
    },
  });
}

const itemEvent = (resource: { batch: string; item: string; sender?: string; status: string }) => ({
  id: `WH-${newId()}`,
  event_type: `PAYMENT.PAYOUTS-ITEM.${resource.status === 'SUCCESS' ? 'SUCCEEDED' : resource.status}`,
  resource: {
    payout_batch_id: resource.batch,
    payout_item_id: resource.item,
    transaction_status: resource.status,
    payout_item: resource.sender ? { sender_item_id: resource.sender } : {},
  },
});

describe('Send via PayPal (POST /api/finish/:competitionId/paypal) and its job', () => {
  it('sends the To Be Paid payments as one batch and follows it to the end: SUCCESS pays, UNCLAIMED stays owed', async () => {
    fake.setOutcome('unclaimed@paypal.test', 'UNCLAIMED');
    const { competitionId, ids } = await competitionWithPayments([
      { paymentEmail: 'paid@paypal.test', amount: 12.5 },
      { paymentEmail: 'unclaimed@paypal.test', amount: 40 },
      // A genni winner is paid the full prize, as in the payout file (the record holds prize × takePct).
      { paymentEmail: 'genni@paypal.test', amount: 50, prize: 100, source: 'genni' },
      { paymentEmail: 'already@paypal.test', status: 'Paid' },
    ]);
    const response = await send(competitionId);
    expect(response.statusCode, response.body).toBe(202);
    const payout = paypalPayoutSchema.strict().parse(response.json().payout);
    expect(payout).toMatchObject({
      batchStatus: 'NEW',
      itemCount: 3,
      payoutBatchId: null,
      createdByName: staff.user.name,
    });
    expect(payout.senderBatchId).toBe(`preffy-${payout.id}`);
    expect(await auditOf(payout.id)).toMatchObject([
      { action: 'send', changes: expect.stringContaining('"total":152.5') },
    ]);

    await runJobs();
    const batch = fake.batchOf(payout.senderBatchId)!;
    expect(
      batch.items.map(({ receiver, amount, senderItemId, recipientType }) => ({
        receiver,
        amount,
        senderItemId,
        recipientType,
      })),
    ).toEqual([
      {
        receiver: 'paid@paypal.test',
        amount: { value: '12.50', currency: 'USD' },
        senderItemId: ids[0],
        recipientType: 'EMAIL',
      },
      {
        receiver: 'unclaimed@paypal.test',
        amount: { value: '40.00', currency: 'USD' },
        senderItemId: ids[1],
        recipientType: 'EMAIL',
      },
      {
        receiver: 'genni@paypal.test',
        amount: { value: '100.00', currency: 'USD' },
        senderItemId: ids[2],
        recipientType: 'EMAIL',
      },
    ]);
    expect(batch.emailSubject).toBeTruthy();
    const [stored] = await payoutsOf(competitionId);
    expect(stored).toMatchObject({
      payoutBatchId: batch.payoutBatchId,
      batchStatus: 'SUCCESS',
      lastError: null,
    });
    expect(await jobsOf(competitionId)).toEqual([{ status: 'done', error: null }]);

    const [paid, unclaimed, genni, untouched] = await paymentsOf(ids);
    expect(paid).toMatchObject({
      status: 'Paid',
      version: 2,
      paypalItemStatus: 'SUCCESS',
      paypalItemId: batch.items[0]!.payoutItemId,
    });
    expect(unclaimed).toMatchObject({ status: 'To Be Paid', paypalItemStatus: 'UNCLAIMED' });
    expect(genni).toMatchObject({ status: 'Paid', paypalItemStatus: 'SUCCESS' });
    expect(untouched).toMatchObject({ status: 'Paid', version: 1, paypalPayoutId: null });
    expect(await auditOf(ids[0]!)).toEqual([
      expect.objectContaining({
        actorId: null,
        action: 'paypal-paid',
        changes: expect.stringContaining('"to":"Paid"'),
      }),
    ]);
    expect(await auditOf(ids[1]!)).toEqual([]);

    // The payments admin's Check column shows the PayPal status.
    const owed = (await staff.get(`/api/payments?competitionId=${competitionId}`)).json();
    expect(owed.items).toMatchObject([{ paymentEmail: 'unclaimed@paypal.test', paypalStatus: 'UNCLAIMED' }]);

    const { configured, payouts } = await state(competitionId);
    expect(configured).toBe(true);
    expect(payouts).toMatchObject([
      {
        id: payout.id,
        batchStatus: 'SUCCESS',
        itemCount: 3,
        itemStatuses: { SUCCESS: 2, UNCLAIMED: 1 },
        createdByName: staff.user.name,
      },
    ]);
  });

  it('retries a 5xx with the same sender_batch_id: PayPal ends with one batch, even when its first answer was lost', async () => {
    for (const keepBatch of [false, true]) {
      const { competitionId, ids } = await competitionWithPayments([
        { paymentEmail: `retry-${keepBatch}@paypal.test` },
      ]);
      fake.failNextCreates(1, 503, keepBatch);
      const [payout] = await sendAndRun(competitionId);
      expect(fake.createRequests.filter((id) => id === payout!.senderBatchId)).toHaveLength(2);
      const batches = [...fake.batches.values()].filter((b) => b.senderBatchId === payout!.senderBatchId);
      expect(batches).toHaveLength(1);
      expect(payout).toMatchObject({ payoutBatchId: batches[0]!.payoutBatchId, batchStatus: 'SUCCESS' });
      expect(await paymentsOf(ids)).toMatchObject([{ status: 'Paid', paypalItemStatus: 'SUCCESS' }]);
    }
  });

  it('never creates a second batch when the job runs again (a crash after PayPal accepted it)', async () => {
    const { competitionId, ids } = await competitionWithPayments(
      [{ paymentEmail: 'crash@paypal.test' }],
      'Crash Song',
    );
    fake.setOutcome('crash@paypal.test', 'UNCLAIMED');
    const [first] = await sendAndRun(competitionId);
    const batchesBefore = fake.batches.size;
    // As if the worker stopped after PayPal's answer and before storing it.
    await app.db
      .updateTable('paypalPayouts')
      .set({ payoutBatchId: null, batchStatus: 'NEW' })
      .where('id', '=', first!.id)
      .execute();
    expect(await app.jobWorker.runScheduled(FOLLOW_PAYPAL_PAYOUTS)).toBeGreaterThanOrEqual(1);
    await runJobs();
    expect(fake.batches.size).toBe(batchesBefore);
    const [again] = await payoutsOf(competitionId);
    expect(again).toMatchObject({ payoutBatchId: first!.payoutBatchId, batchStatus: 'SUCCESS' });
    expect(await paymentsOf(ids)).toMatchObject([{ status: 'To Be Paid', paypalItemStatus: 'UNCLAIMED' }]);
  });

  it('shows on the payout why its batch could not be read, and clears it once read again', async () => {
    const { competitionId } = await competitionWithPayments([{ paymentEmail: 'unreadable@paypal.test' }]);
    const [payout] = await sendAndRun(competitionId);
    await app.db
      .updateTable('paypalPayouts')
      .set({ payoutBatchId: 'GONEBATCH', batchStatus: 'PENDING' })
      .where('id', '=', payout!.id)
      .execute();
    await app.jobWorker.runScheduled(FOLLOW_PAYPAL_PAYOUTS);
    await runJobs();
    expect((await payoutsOf(competitionId))[0]!.lastError).toContain('HTTP 404');
    await app.db
      .updateTable('paypalPayouts')
      .set({ payoutBatchId: payout!.payoutBatchId })
      .where('id', '=', payout!.id)
      .execute();
    await app.jobWorker.runScheduled(FOLLOW_PAYPAL_PAYOUTS);
    await runJobs();
    expect((await payoutsOf(competitionId))[0]).toMatchObject({ batchStatus: 'SUCCESS', lastError: null });
  });

  it('records a refusal (4xx) and releases the payments, which can then be sent again', async () => {
    const { competitionId, ids } = await competitionWithPayments([{ paymentEmail: 'refused@paypal.test' }]);
    fake.refuseCreates({
      status: 422,
      body: { name: 'INSUFFICIENT_FUNDS', message: 'Sender does not have sufficient funds.' },
    });
    try {
      const [refused] = await sendAndRun(competitionId);
      expect(refused).toMatchObject({ batchStatus: 'REFUSED', payoutBatchId: null });
      expect(refused!.lastError).toContain('INSUFFICIENT_FUNDS');
      expect(await paymentsOf(ids)).toMatchObject([{ status: 'To Be Paid', paypalPayoutId: null }]);
    } finally {
      fake.refuseCreates(undefined);
    }
    const [, resent] = await sendAndRun(competitionId);
    expect(resent).toMatchObject({ batchStatus: 'SUCCESS' });
    expect(await paymentsOf(ids)).toMatchObject([{ status: 'Paid', paypalPayoutId: resent!.id }]);
    // What staff see of the refusal: PayPal's reason, never a credential.
    const body = (await staff.get(`/api/finish/${competitionId}/paypal`)).body;
    expect(body).toContain('INSUFFICIENT_FUNDS');
    expect(body).not.toContain(CREDENTIALS.clientSecret);
  });

  it('sends no payment that is in a downloaded payout file (that file pays it)', async () => {
    const { competitionId, ids } = await competitionWithPayments([
      { paymentEmail: 'in-file@paypal.test', payoutFileId: newId() },
      { paymentEmail: 'not-in-file@paypal.test' },
    ]);
    const [payout] = await sendAndRun(competitionId);
    expect(JSON.parse(payout!.paymentIds)).toEqual([ids[1]]);
    expect(fake.batchOf(payout!.senderBatchId)!.items.map((item) => item.receiver)).toEqual([
      'not-in-file@paypal.test',
    ]);
    expect(await paymentsOf(ids)).toMatchObject([
      { status: 'To Be Paid', paypalPayoutId: null, paypalItemStatus: null },
      { status: 'Paid', paypalPayoutId: payout!.id },
    ]);
    const onlyInFiles = await competitionWithPayments([{ payoutFileId: newId() }]);
    const refused = await send(onlyInFiles.competitionId);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'NOTHING_TO_SEND' });
  });

  it('moves a submitted wizard to Mark As Completed, so a contest paid only through PayPal can be completed', async () => {
    const { competitionId } = await competitionWithPayments([{ paymentEmail: 'only-paypal@paypal.test' }]);
    await app.db
      .insertInto('competitionFinishes')
      .values({
        id: competitionId,
        version: 1,
        deleted: 0,
        createdAt: Date.now(),
        updatedAt: Date.now(),
        competitionId,
        step: 'pay',
        winners: '[]',
        submittedAt: Date.now(),
        submittedBy: null,
      })
      .execute();
    expect((await send(competitionId, 1)).statusCode).toBe(202);
    await runJobs();
    const wizard = (await staff.get(`/api/finish/${competitionId}`)).json().finish;
    expect(wizard).toMatchObject({ step: 'complete', version: 2 });
    // The fixture's competition still runs: completing it is an early finish, confirmed.
    const completed = await staff.post(`/api/finish/${competitionId}/complete`, {
      version: 2,
      finishEarly: true,
    });
    expect(completed.statusCode, completed.body).toBe(200);
    expect(completed.json().finish.step).toBe('done');
  });

  it('keeps the payments of a payout PayPal refused after an unanswered attempt, for a person to check (NEEDS_REVIEW)', async () => {
    const refusal = {
      status: 422,
      body: { name: 'INSUFFICIENT_FUNDS', message: 'Sender does not have sufficient funds.' },
    };
    // Within one run: a 503 (the batch may exist), then the retry is refused.
    const sameRun = await competitionWithPayments([{ paymentEmail: 'same-run@paypal.test' }]);
    fake.failNextCreates(1, 503);
    fake.refuseCreates(refusal);
    // Across runs: every attempt of the first run unanswered, the next run's refused.
    const nextRun = await competitionWithPayments([{ paymentEmail: 'next-run@paypal.test' }]);
    try {
      const [first] = await sendAndRun(sameRun.competitionId);
      expect(first).toMatchObject({ batchStatus: 'NEEDS_REVIEW', payoutBatchId: null });
      expect(first!.lastError).toContain('INSUFFICIENT_FUNDS');
      expect(first!.lastError).toContain(`check PayPal`);
      expect(first!.lastError).toContain(first!.senderBatchId);
      expect(await paymentsOf(sameRun.ids)).toMatchObject([
        { status: 'To Be Paid', paypalPayoutId: first!.id },
      ]);
      expect((await auditOf(first!.id)).map((a) => a.action)).toEqual(['send', 'needs-review']);

      fake.refuseCreates(undefined);
      fake.failNextCreates(4, 503);
      const [unanswered] = await sendAndRun(nextRun.competitionId);
      expect(unanswered).toMatchObject({ batchStatus: 'SENDING', payoutBatchId: null });
      expect(await jobsOf(nextRun.competitionId)).toMatchObject([{ status: 'failed' }]);
      fake.refuseCreates(refusal);
      await app.jobWorker.runScheduled(FOLLOW_PAYPAL_PAYOUTS);
      await runJobs();
      const [second] = await payoutsOf(nextRun.competitionId);
      expect(second).toMatchObject({ batchStatus: 'NEEDS_REVIEW', payoutBatchId: null });
      expect(await paymentsOf(nextRun.ids)).toMatchObject([
        { status: 'To Be Paid', paypalPayoutId: second!.id },
      ]);
      // Left alone from then on: neither sent nor released by a later run.
      const requests = fake.createRequests.length;
      await app.jobWorker.runScheduled(FOLLOW_PAYPAL_PAYOUTS);
      await runJobs();
      expect(fake.createRequests).toHaveLength(requests);
      expect(await paymentsOf([...sameRun.ids, ...nextRun.ids])).toMatchObject([
        { paypalPayoutId: first!.id },
        { paypalPayoutId: second!.id },
      ]);
      expect((await send(nextRun.competitionId)).statusCode).toBe(400);
    } finally {
      fake.refuseCreates(undefined);
      fake.failNextCreates(0);
    }
  });

  it('lets a payout whose every attempt was surely refused unsent (429s) be refused and released later', async () => {
    const { competitionId, ids } = await competitionWithPayments([
      { paymentEmail: 'rate-limited@paypal.test' },
    ]);
    fake.failNextCreates(4, 429);
    const [limited] = await sendAndRun(competitionId);
    expect(limited).toMatchObject({ batchStatus: 'NEW', payoutBatchId: null });
    fake.refuseCreates({ status: 422, body: { name: 'INSUFFICIENT_FUNDS' } });
    try {
      await app.jobWorker.runScheduled(FOLLOW_PAYPAL_PAYOUTS);
      await runJobs();
    } finally {
      fake.refuseCreates(undefined);
    }
    expect((await payoutsOf(competitionId))[0]).toMatchObject({ batchStatus: 'REFUSED' });
    expect(await paymentsOf(ids)).toMatchObject([{ status: 'To Be Paid', paypalPayoutId: null }]);
  });

  it('cancels a payout whose payments were all paid meanwhile only when no attempt could have made its batch', async () => {
    const markPaid = (ids: string[]) =>
      app.db.updateTable('payments').set({ status: 'Paid' }).where('id', 'in', ids).execute();
    // Never attempted: nothing at PayPal, so CANCELED.
    const untried = await competitionWithPayments([{ paymentEmail: 'untried@paypal.test' }]);
    expect((await send(untried.competitionId)).statusCode).toBe(202);
    await markPaid(untried.ids);
    await runJobs();
    expect((await payoutsOf(untried.competitionId))[0]).toMatchObject({ batchStatus: 'CANCELED' });

    // PayPal made the batch but every answer was lost; staff then paid by hand.
    const lost = await competitionWithPayments([{ paymentEmail: 'lost-answer@paypal.test' }]);
    fake.failNextCreates(4, 503, true);
    const [sending] = await sendAndRun(lost.competitionId);
    expect(sending).toMatchObject({ batchStatus: 'SENDING' });
    expect(fake.batchOf(sending!.senderBatchId)).toBeDefined();
    await markPaid(lost.ids);
    await app.jobWorker.runScheduled(FOLLOW_PAYPAL_PAYOUTS);
    await runJobs();
    const [review] = await payoutsOf(lost.competitionId);
    expect(review).toMatchObject({ batchStatus: 'NEEDS_REVIEW' });
    expect(review!.lastError).toContain(sending!.senderBatchId);
  });

  it('takes a FAILED item out of its payout (its status still shown), so it can be sent via PayPal again', async () => {
    fake.setOutcome('fails-once@paypal.test', 'FAILED');
    const { competitionId, ids } = await competitionWithPayments([
      { paymentEmail: 'fails-once@paypal.test' },
    ]);
    const [first] = await sendAndRun(competitionId);
    expect(await paymentsOf(ids)).toMatchObject([
      { status: 'To Be Paid', paypalItemStatus: 'FAILED', paypalPayoutId: null },
    ]);
    const owed = (await staff.get(`/api/payments?competitionId=${competitionId}`)).json();
    expect(owed.items).toMatchObject([{ paymentEmail: 'fails-once@paypal.test', paypalStatus: 'FAILED' }]);
    fake.setOutcome('fails-once@paypal.test', 'SUCCESS');
    const [, second] = await sendAndRun(competitionId);
    expect(second!.id).not.toBe(first!.id);
    expect(await paymentsOf(ids)).toMatchObject([
      { status: 'Paid', paypalItemStatus: 'SUCCESS', paypalPayoutId: second!.id },
    ]);
  });

  it(`splits ${PAYPAL_PAYOUT_MAX_ITEMS + 1} payments into two batches`, async () => {
    const { competitionId } = await competitionWithPayments(
      Array.from({ length: PAYPAL_PAYOUT_MAX_ITEMS + 1 }, () => ({ amount: 1 })),
      'Huge Song',
    );
    const payouts = await sendAndRun(competitionId);
    expect(payouts.map((p) => JSON.parse(p.paymentIds).length)).toEqual([PAYPAL_PAYOUT_MAX_ITEMS, 1]);
    expect(payouts.map((p) => fake.batchOf(p.senderBatchId)?.items.length)).toEqual([
      PAYPAL_PAYOUT_MAX_ITEMS,
      1,
    ]);
    expect(new Set(payouts.map((p) => p.senderBatchId)).size).toBe(2);
    const { payouts: shown } = await state(competitionId);
    expect(shown.map((p) => [p.itemCount, p.itemStatuses])).toEqual([
      [1, { SUCCESS: 1 }],
      [PAYPAL_PAYOUT_MAX_ITEMS, { SUCCESS: PAYPAL_PAYOUT_MAX_ITEMS }],
    ]);
  }, 120_000);

  it('refuses a second send (nothing left) while the same Idempotency-Key replays the first answer', async () => {
    const { competitionId } = await competitionWithPayments([{}, {}]);
    const post = await idempotentPoster(app, staff);
    const url = `/api/finish/${competitionId}/paypal`;
    // Without a key nothing is sent at all.
    expectKeyRequired(await post(url, { version: 0 }));
    expect(await payoutsOf(competitionId)).toEqual([]);
    const first = await post(url, { version: 0 }, 'paypal-send-1');
    expect(first.statusCode, first.body).toBe(202);
    const replay = await post(url, { version: 0 }, 'paypal-send-1');
    expect(replay.statusCode).toBe(202);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    const second = await post(url, { version: 0 }, 'paypal-send-2');
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({ code: 'NOTHING_TO_SEND', message: NOTHING_TO_SEND });
    expect(await payoutsOf(competitionId)).toHaveLength(1);
    await runJobs();
  });

  it('sends each payment once when two sends race', async () => {
    const { competitionId, ids } = await competitionWithPayments([{}, {}, {}]);
    const answers = await Promise.all([send(competitionId), send(competitionId)]);
    expect(answers.filter((a) => a.statusCode === 202)).toHaveLength(1);
    for (const answer of answers)
      if (answer.statusCode !== 202)
        expect([NOTHING_TO_SEND, ALREADY_SENDING]).toContain(answer.json().message);
    expect(await payoutsOf(competitionId)).toHaveLength(1);
    expect(new Set((await paymentsOf(ids)).map((p) => p.paypalPayoutId)).size).toBe(1);
    await runJobs();
  });

  it("answers 409 with the stale finish wizard's version", async () => {
    const { competitionId } = await competitionWithPayments([{}]);
    const stale = await send(competitionId, 3);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'VERSION_CONFLICT', current: { competitionId, version: 0 } });
    expect(await payoutsOf(competitionId)).toHaveLength(0);
  });

  it('is for staff and admins: organizers get 403, even for their own competition', async () => {
    const competitionId = await newCompetition(app, staff, { email: 'paypal-organizer@label.test' });
    expect((await organizer.get(`/api/competitions/${competitionId}`)).statusCode).toBe(200);
    expect((await organizer.get(`/api/finish/${competitionId}/paypal`)).statusCode).toBe(403);
    expect((await organizer.post(`/api/finish/${competitionId}/paypal`, { version: 0 })).statusCode).toBe(
      403,
    );
    expect((await send('no-such-competition')).statusCode).toBe(404);
  });
});

describe('PayPal webhooks (POST /api/paypal/webhooks)', () => {
  it('applies a genuine item event as the poll does; refuses a bad or missing signature', async () => {
    fake.setOutcome('claims-later@paypal.test', 'UNCLAIMED');
    const { competitionId, ids } = await competitionWithPayments([
      { paymentEmail: 'claims-later@paypal.test' },
    ]);
    const [payout] = await sendAndRun(competitionId);
    const [before] = await paymentsOf(ids);
    expect(before).toMatchObject({ status: 'To Be Paid', paypalItemStatus: 'UNCLAIMED' });
    const claimed = itemEvent({
      batch: payout!.payoutBatchId!,
      item: before!.paypalItemId!,
      sender: ids[0],
      status: 'SUCCESS',
    });

    const forged = await webhook(claimed, 'forged-signature');
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe(BAD_SIGNATURE);
    const unsigned = await webhook(claimed, GOOD_SIGNATURE, { 'paypal-transmission-sig': '' });
    expect(unsigned.statusCode).toBe(401);
    expect((await paymentsOf(ids))[0]).toMatchObject({ status: 'To Be Paid' });

    const genuine = await webhook(claimed);
    expect(genuine.statusCode, genuine.body).toBe(200);
    expect(genuine.json()).toEqual({ ok: true });
    expect((await paymentsOf(ids))[0]).toMatchObject({
      status: 'Paid',
      paypalItemStatus: 'SUCCESS',
      version: before!.version + 1,
    });
    // PayPal was asked with our webhook id and the event exactly as it arrived.
    expect(fake.verifyRequests.at(-1)).toMatchObject({
      webhook_id: CREDENTIALS.webhookId,
      webhook_event: claimed,
    });

    // The same event again (PayPal redelivers) changes nothing; a late PENDING does not hide the payment.
    expect((await webhook(claimed)).statusCode).toBe(200);
    expect(
      (await webhook({ ...claimed, resource: { ...claimed.resource, transaction_status: 'PENDING' } }))
        .statusCode,
    ).toBe(200);
    expect((await paymentsOf(ids))[0]).toMatchObject({
      status: 'Paid',
      paypalItemStatus: 'SUCCESS',
      version: before!.version + 1,
    });
    expect((await auditOf(ids[0]!)).map((a) => a.action)).toEqual(['paypal-paid']);
  });

  it('returns a reversed payment to To Be Paid (audited), matching an item without sender_item_id by its PayPal id', async () => {
    const { competitionId, ids } = await competitionWithPayments([{ paymentEmail: 'reversed@paypal.test' }]);
    const [payout] = await sendAndRun(competitionId);
    const [paid] = await paymentsOf(ids);
    expect(paid).toMatchObject({ status: 'Paid' });
    const reversed = await webhook(
      itemEvent({ batch: payout!.payoutBatchId!, item: paid!.paypalItemId!, status: 'REVERSED' }),
    );
    expect(reversed.statusCode).toBe(200);
    expect((await paymentsOf(ids))[0]).toMatchObject({ status: 'To Be Paid', paypalItemStatus: 'REVERSED' });
    expect((await auditOf(ids[0]!)).map((a) => a.action)).toEqual(['paypal-paid', 'paypal-reversed']);
  });

  it('updates a batch status, and acknowledges events about batches and items that are not ours', async () => {
    const { competitionId } = await competitionWithPayments([{}]);
    await send(competitionId);
    await runJobs();
    const [payout] = await payoutsOf(competitionId);
    const batchEvent = (batch: string, status: string) => ({
      id: `WH-${newId()}`,
      event_type: `PAYMENT.PAYOUTSBATCH.${status}`,
      resource: { batch_header: { payout_batch_id: batch, batch_status: status } },
    });
    expect((await webhook(batchEvent(payout!.payoutBatchId!, 'PROCESSING'))).statusCode).toBe(200);
    expect((await payoutsOf(competitionId))[0]).toMatchObject({ batchStatus: 'PROCESSING' });
    // A batch PayPal denies pays nothing: what it still owes leaves it, to be sent again.
    fake.setOutcome('denied@paypal.test', 'PENDING');
    const denied = await competitionWithPayments([{ paymentEmail: 'denied@paypal.test' }]);
    const [deniedPayout] = await sendAndRun(denied.competitionId);
    expect((await paymentsOf(denied.ids))[0]).toMatchObject({
      paypalPayoutId: deniedPayout!.id,
      paypalItemStatus: 'PENDING',
    });
    expect((await webhook(batchEvent(deniedPayout!.payoutBatchId!, 'DENIED'))).statusCode).toBe(200);
    expect((await payoutsOf(denied.competitionId))[0]).toMatchObject({ batchStatus: 'DENIED' });
    expect((await paymentsOf(denied.ids))[0]).toMatchObject({
      status: 'To Be Paid',
      paypalPayoutId: null,
      paypalItemStatus: null,
    });
    expect((await auditOf(deniedPayout!.id)).map((a) => a.action)).toEqual(['send', 'released']);
    for (const event of [
      batchEvent('UNKNOWNBATCH', 'SUCCESS'),
      itemEvent({ batch: 'UNKNOWNBATCH', item: 'UNKNOWNITEM', status: 'SUCCESS' }),
      itemEvent({
        batch: payout!.payoutBatchId!,
        item: 'UNKNOWNITEM',
        sender: 'not-a-payment',
        status: 'SUCCESS',
      }),
      { id: 'WH-other', event_type: 'CHECKOUT.ORDER.APPROVED', resource: {} },
    ]) {
      const answer = await webhook(event);
      expect(answer.statusCode, answer.body).toBe(200);
    }
  });
});

describe('the PayPal client and its secrets', () => {
  it('fetches a token once and reuses it; no token or secret reaches an answer', async () => {
    const { competitionId } = await competitionWithPayments([{}]);
    await sendAndRun(competitionId);
    // One token per client (the job's and the webhooks'), however many calls were made.
    expect(fake.tokenRequests).toBeLessThanOrEqual(2);
    const answers = [
      (await staff.get(`/api/finish/${competitionId}/paypal`)).body,
      (await send(competitionId)).body,
      (await app.inject({ method: 'GET', url: '/api/openapi.json' })).body,
    ].join('\n');
    expect(fake.tokens.size).toBeGreaterThan(0);
    for (const secret of [CREDENTIALS.clientSecret, ...fake.tokens]) expect(answers).not.toContain(secret);
  });

  it('reports refused credentials without repeating them', async () => {
    const client = new PaypalClient({
      apiUrl: app.config.paypal!.apiUrl,
      clientId: CREDENTIALS.clientId,
      clientSecret: 'a-wrong-secret',
      webhookId: undefined,
      retries: 0,
    });
    const error = await client.getPayout('ANYBATCH').catch((e: unknown) => e as PaypalError);
    expect(error).toBeInstanceOf(PaypalError);
    expect((error as PaypalError).status).toBe(401);
    expect((error as PaypalError).message).toContain('refused the credentials');
    expect((error as PaypalError).message).not.toContain('a-wrong-secret');
    // Without a webhook id nothing is ever verified.
    expect(
      await client.verifyWebhookSignature(
        {
          authAlgo: 'a',
          certUrl: 'c',
          transmissionId: 'i',
          transmissionSig: GOOD_SIGNATURE,
          transmissionTime: 't',
        },
        '{}',
      ),
    ).toBe(false);
  });
});

describe('without PayPal configured', () => {
  let plain: FastifyInstance;
  let plainStaff: SignedInClient;
  beforeAll(async () => {
    ({ app: plain, staff: plainStaff } = await signedInApp({ staff: 'staff' }));
  });
  afterAll(() => plain.close());

  it('says so in the state, refuses to send, and refuses webhooks', async () => {
    const competitionId = await newCompetition(plain, plainStaff, { name: 'No PayPal Song' });
    const shown = await plainStaff.get(`/api/finish/${competitionId}/paypal`);
    expect(shown.json()).toEqual({ configured: false, payouts: [] });
    const sent = await plainStaff.post(`/api/finish/${competitionId}/paypal`, { version: 0 });
    expect(sent.statusCode).toBe(400);
    expect(sent.json()).toMatchObject({ code: 'PAYPAL_NOT_CONFIGURED', message: PAYPAL_NOT_CONFIGURED });
    const hook = await plain.inject({
      method: 'POST',
      url: '/api/paypal/webhooks',
      payload: { id: 'WH-1', event_type: 'PAYMENT.PAYOUTSBATCH.SUCCESS', resource: {} },
    });
    expect(hook.statusCode).toBe(400);
    expect(hook.json().message).toBe(WEBHOOKS_OFF);
  });
});

describe('itemChange: what a PayPal item status does to its payment', () => {
  it.each([
    ['To Be Paid', null, 'SUCCESS', { paypalItemStatus: 'SUCCESS', status: 'Paid', action: 'paypal-paid' }],
    ['To Be Paid', null, 'UNCLAIMED', { paypalItemStatus: 'UNCLAIMED' }],
    ['To Be Paid', 'UNCLAIMED', 'RETURNED', { paypalItemStatus: 'RETURNED', release: true }],
    ['To Be Paid', 'PENDING', 'FAILED', { paypalItemStatus: 'FAILED', release: true }],
    ['To Be Paid', null, 'BLOCKED', { paypalItemStatus: 'BLOCKED', release: true }],
    ['Paid', 'PENDING', 'FAILED', { paypalItemStatus: 'FAILED' }],
    [
      'Paid',
      'SUCCESS',
      'REFUNDED',
      { paypalItemStatus: 'REFUNDED', status: 'To Be Paid', action: 'paypal-reversed', release: true },
    ],
    ['Paid', null, 'SUCCESS', { paypalItemStatus: 'SUCCESS' }],
    ['Paid', 'SUCCESS', 'SUCCESS', null],
    ['Paid', 'SUCCESS', 'PENDING', null],
    // Once the money went back, a late or repeated SUCCESS does not mark the payment Paid again.
    ['To Be Paid', 'REVERSED', 'SUCCESS', null],
    ['To Be Paid', 'REFUNDED', 'SUCCESS', null],
    ['To Be Paid', 'RETURNED', 'SUCCESS', null],
    ['Paid', 'REVERSED', 'SUCCESS', null],
  ] as const)('%s with %s, then %s', (status, paypalItemStatus, next, expected) => {
    expect(itemChange({ status, paypalItemStatus }, next)).toEqual(expected);
  });
});

describe('the item lookup of PayPal reports', () => {
  it('finds payments through the primary key and paymentsPaypalIdx, never by reading the whole payout', async () => {
    const queries = itemLookups(app.db, 'some-payout', [
      { senderItemId: 'payment-1', payoutItemId: 'ITEM1' },
      { senderItemId: null, payoutItemId: 'ITEM2' },
    ]);
    expect(queries).toHaveLength(2);
    if (app.dialect === 'sqlite') {
      const plans = [];
      for (const query of queries) {
        const compiled = query.compile();
        const rows = await app.db.executeQuery<{ detail: string }>(
          CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
        );
        plans.push(rows.rows.map((row) => row.detail).join('; '));
      }
      expect(plans[0]).toMatch(/^SEARCH payments USING INDEX \S+ \(id=\?\)$/);
      expect(plans[1]).toBe(
        'SEARCH payments USING INDEX payments_paypal_idx (paypal_payout_id=? AND paypal_item_id=?)',
      );
      return;
    }
    // PostgreSQL's planner picks by table statistics, which a test table does not have (it even
    // prefers another index's full scan here): the check is that the index the lookups are
    // written for exists on exactly those columns.
    const indexes = await app.db.executeQuery<{ indexdef: string }>(
      CompiledQuery.raw("select indexdef from pg_indexes where indexname = 'payments_paypal_idx'"),
    );
    expect(indexes.rows.map((row) => row.indexdef)).toEqual([
      expect.stringMatching(/ON (public\.)?payments USING btree \(paypal_payout_id, paypal_item_id\)$/),
    ]);
  });
});
