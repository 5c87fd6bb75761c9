import { type Competition, competitionSchema, finishSchema } from '@preffy/api';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANN, endedCompetitionWithEntrant } from '../../../test/fixtures/posts.ts';
import {
  type IdempotentPost,
  idempotentPoster,
  signedInApp,
  type SignedInClient,
} from '../../../test/fixtures/signed-in.ts';
import { newId } from '../../lib/clock.ts';
import { type FakePaypal, createFakePaypal } from '../paypal/fake-paypal.ts';

/**
 * Decision 0124: a competition whose winners were paid (payments, submitted winners, a PayPal
 * batch) is deleted by an administrator only, who confirms it; a deleted one stays readable for
 * staff and an administrator restores it. Each case replays the finish wizard through the API.
 */

const CREDENTIALS = { clientId: 'deletion-client', clientSecret: 'deletion-secret', webhookId: 'WH-DEL' };
const OWNER = 'deleting-organizer@label.test';

let fake: FakePaypal;
let app: FastifyInstance;
let admin: SignedInClient, staff: SignedInClient, organizer: SignedInClient;
let staffPost: IdempotentPost;

beforeAll(async () => {
  fake = createFakePaypal(CREDENTIALS);
  const paypal = {
    apiUrl: await fake.start(),
    ...CREDENTIALS,
    timeoutMs: 5000,
    retries: 1,
    backoffMs: 5,
    pollIntervalMs: 5,
    maxPolls: 1,
  };
  ({ app, admin, staff, organizer } = await signedInApp(
    { admin: 'admin', staff: 'staff', organizer: { role: 'organizer', email: OWNER } },
    { paypal },
  ));
  staffPost = await idempotentPoster(app, staff);
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

/** Posts through the wizard with a fresh Idempotency-Key, and expects it to work. */
async function step(url: string, body: object) {
  const response = await staffPost(url, body, newId());
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json() as { finish: { version: number } };
}

/** The organizer's competition with one prize and one entrant, ann, ended yesterday. */
const ownCompetition = (name: string) => endedCompetitionWithEntrant(app, staff, { name, email: OWNER });

const ann = ANN;

/** Notify Winners: ann wins, one payment. */
const submitted = (id: string) =>
  step(`/api/finish/${id}/submit`, { version: 0, winners: [ann], finishEarly: true });

async function competitionOf(id: string, client: SignedInClient = admin): Promise<Competition> {
  const response = await client.get(`/api/competitions/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return competitionSchema.strict().parse(response.json().competition);
}

const remove = (client: SignedInClient, c: Competition, confirm?: boolean) =>
  client.delete(
    `/api/competitions/${c.id}?version=${c.version}${confirm === undefined ? '' : `&confirmPayouts=${confirm}`}`,
  );

const auditOf = (id: string) =>
  app.db
    .selectFrom('auditLog')
    .select(['actorId', 'action', 'changes'])
    .where('entity', '=', 'competition')
    .where('entityId', '=', id)
    .where('action', 'in', ['delete', 'restore'])
    .orderBy('at')
    .execute();

const isDeleted = async (id: string) =>
  (await app.db.selectFrom('competitions').select('deleted').where('id', '=', id).executeTakeFirstOrThrow())
    .deleted === 1;

/** The refusal an organizer or staff gets for a paid competition; the competition stays. */
async function expectPaidRefusal(client: SignedInClient, id: string) {
  const response = await remove(client, await competitionOf(id), true);
  expect(response.statusCode, response.body).toBe(403);
  expect(response.json()).toMatchObject({ code: 'FORBIDDEN', reason: 'paidCompetition' });
  expect(await isDeleted(id)).toBe(false);
}

describe('deleting a competition whose winners were paid', () => {
  it('refuses its organizer after Submit, and staff', async () => {
    const id = await ownCompetition('Submitted Song');
    await submitted(id);
    await expectPaidRefusal(organizer, id);
    await expectPaidRefusal(staff, id);
  });

  it('refuses its organizer after Mark As Completed', async () => {
    const id = await ownCompetition('Completed Song');
    await submitted(id);
    await step(`/api/finish/${id}/payout-files`, { version: 1 });
    await step(`/api/finish/${id}/complete`, { version: 2, finishEarly: true });
    await expectPaidRefusal(organizer, id);
  });

  it('refuses its organizer while a PayPal batch is out', async () => {
    const id = await ownCompetition('PayPal Song');
    await submitted(id);
    const sent = await staffPost(`/api/finish/${id}/paypal`, { version: 1 }, newId());
    expect(sent.statusCode, sent.body).toBe(202);
    await expectPaidRefusal(organizer, id);
    const payouts = await admin.get(`/api/competitions/${id}/payouts`);
    expect(payouts.json()).toEqual({ payouts: { payments: 1, submittedWinners: true, paypalBatches: 1 } });
    const unconfirmed = await remove(admin, await competitionOf(id));
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json()).toMatchObject({
      code: 'PAYOUTS_CONFIRM',
      message: 'This competition has 1 payment, submitted winners and a PayPal batch: confirm to delete it',
      payouts: { payments: 1, submittedWinners: true, paypalBatches: 1 },
    });
  });

  it('lets its organizer delete it before any winner was submitted, as before', async () => {
    const id = await ownCompetition('Unpaid Song');
    const response = await remove(organizer, await competitionOf(id, organizer));
    expect(response.statusCode, response.body).toBe(200);
    expect(await isDeleted(id)).toBe(true);
  });

  it('asks an administrator to confirm (409 naming what it has), then deletes it, audited', async () => {
    const id = await ownCompetition('Confirmed Song');
    await submitted(id);
    for (const confirm of [undefined, false]) {
      const response = await remove(admin, await competitionOf(id), confirm);
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'PAYOUTS_CONFIRM',
        message: 'This competition has 1 payment and submitted winners: confirm to delete it',
        payouts: { payments: 1, submittedWinners: true, paypalBatches: 0 },
      });
    }
    expect(await isDeleted(id)).toBe(false);
    const stale = await admin.delete(`/api/competitions/${id}?version=99&confirmPayouts=true`);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('VERSION_CONFLICT');
    const deleted = await remove(admin, await competitionOf(id), true);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await isDeleted(id)).toBe(true);
    const [entry] = await auditOf(id);
    expect(entry).toMatchObject({ actorId: admin.user.id, action: 'delete' });
    expect(JSON.parse(entry!.changes!)).toEqual({
      confirmedPayouts: { payments: 1, submittedWinners: true, paypalBatches: 0 },
    });
  });
});

describe('a deleted competition', () => {
  /** A submitted competition an administrator deleted. */
  async function deletedPaid(name: string) {
    const id = await ownCompetition(name);
    await submitted(id);
    expect((await remove(admin, await competitionOf(id), true)).statusCode).toBe(200);
    return id;
  }

  it('stays readable for staff: the competition, its wizard (read-only), its report, its payments', async () => {
    const id = await deletedPaid('Hidden Song');
    expect(await competitionOf(id, staff)).toMatchObject({ id, deleted: true, name: 'Hidden Song' });

    const wizard = await staff.get(`/api/finish/${id}`);
    expect(wizard.statusCode, wizard.body).toBe(200);
    expect(finishSchema.strict().parse(wizard.json().finish)).toMatchObject({
      competitionDeleted: true,
      step: 'pay',
      competitionName: 'Hidden Song',
    });
    // Read-only: the wizard's writes find no live competition.
    const files = await staffPost(`/api/finish/${id}/payout-files`, { version: 1 }, newId());
    expect(files.statusCode).toBe(404);
    expect((await staff.get(`/api/finish/${id}/paypal`)).statusCode).toBe(200);

    const report = await staff.get(`/api/reports/${id}`);
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().report).toMatchObject({
      competition: { name: 'Hidden Song' },
      money: { owed: 160 },
    });

    const payments = await staff.get(`/api/payments?status=To%20Be%20Paid&competitionId=${id}`);
    expect(payments.statusCode).toBe(200);
    expect(payments.json().items).toMatchObject([{ competitionId: id, competitionName: 'Hidden Song' }]);
  });

  it('is still gone for its organizer, and not listed with the live ones', async () => {
    const id = await deletedPaid('Gone Song');
    expect((await organizer.get(`/api/competitions/${id}`)).statusCode).toBe(404);
    expect((await organizer.get(`/api/reports/${id}`)).statusCode).toBe(404);
    const live = await staff.get('/api/competitions?search=Gone%20Song');
    expect(live.json().items).toEqual([]);
  });

  it('is listed under Deleted for staff and admins, never for an organizer', async () => {
    const id = await deletedPaid('Listed Song');
    const listed = await staff.get('/api/competitions?tab=deleted&search=Listed%20Song');
    expect(listed.json()).toMatchObject({ total: 1, items: [{ id, name: 'Listed Song' }] });
    const counts = await staff.get('/api/competitions/tab-counts?search=Listed%20Song');
    expect(counts.json()).toEqual({ upcoming: 0, active: 0, completed: 0, deleted: 1 });
    const theirs = await organizer.get('/api/competitions?tab=deleted');
    expect(theirs.json()).toMatchObject({ total: 0, items: [] });
    expect((await organizer.get('/api/competitions/tab-counts')).json().deleted).toBe(0);
  });

  it('is restored by an administrator with the version read, audited; not by staff or its organizer', async () => {
    const id = await deletedPaid('Restored Song');
    const c = await competitionOf(id);
    expect((await staff.post(`/api/competitions/${id}/restore`, { version: c.version })).statusCode).toBe(
      403,
    );
    expect((await organizer.post(`/api/competitions/${id}/restore`, { version: c.version })).statusCode).toBe(
      403,
    );
    const stale = await admin.post(`/api/competitions/${id}/restore`, { version: c.version - 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'VERSION_CONFLICT', current: { id, deleted: true } });

    const restored = await admin.post(`/api/competitions/${id}/restore`, { version: c.version });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().competition).toMatchObject({ id, deleted: false, version: c.version + 1 });
    expect(await isDeleted(id)).toBe(false);
    expect((await organizer.get(`/api/competitions/${id}`)).statusCode).toBe(200);
    expect((await staff.get(`/api/finish/${id}`)).json().finish.competitionDeleted).toBe(false);
    expect((await auditOf(id)).map((e) => [e.action, e.actorId])).toEqual([
      ['delete', admin.user.id],
      ['restore', admin.user.id],
    ]);

    const again = await admin.post(`/api/competitions/${id}/restore`, { version: c.version + 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'NOT_DELETED', reason: 'competition' });
  });

  it('answers 404 to a restore of an unknown competition', async () => {
    expect((await admin.post(`/api/competitions/${newId()}/restore`, { version: 1 })).statusCode).toBe(404);
  });
});
