import {
  type Finish,
  type FinishSlot,
  type WinnerChoice,
  finishSchema,
  paymentSchema,
  winnersBlockedSchema,
} from '@preffy/api';
import { PAYOUT_CSV_COLUMNS } from '@preffy/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCompetition } from '../../../test/fixtures/competitions.ts';
import { insertPayments } from '../../../test/fixtures/payments.ts';
import { insertPosts } from '../../../test/fixtures/posts.ts';
import {
  EACH_ROLE,
  expectKeyRequired,
  idempotentPoster,
  signedInApp,
  type SignedInClient,
} from '../../../test/fixtures/signed-in.ts';
import { TestClient, createTestApp, signedInClient } from '../../../test/test-app.ts';
import { now } from '../../lib/clock.ts';
import { seedDemoData } from '../demo/seed-demo-data.ts';

let app: FastifyInstance;
let staff: SignedInClient, admin: SignedInClient, organizer: SignedInClient;
beforeAll(async () => {
  const organizerAt = { role: 'organizer', email: 'finish-organizer@label.test' } as const;
  ({ app, staff, admin, organizer } = await signedInApp({ ...EACH_ROLE, organizer: organizerAt }));
});
afterAll(() => app.close());

/**
 * A competition with these prize lines (set directly: the form is tested elsewhere), past its
 * end date unless `endDate` says otherwise, so finishing it is not early.
 */
async function competitionWith(
  name: string,
  prizes: string[],
  fields: {
    takePct?: number;
    metric?: 'likes' | 'views';
    isActive?: 0 | 1;
    hasEnded?: 0 | 1;
    endDate?: number;
  } = {},
) {
  const id = await newCompetition(app, staff, { name, metric: fields.metric });
  await app.db
    .updateTable('competitions')
    .set({
      prizes: JSON.stringify(prizes),
      takePct: fields.takePct ?? 1,
      isActive: fields.isActive ?? 1,
      hasEnded: fields.hasEnded ?? 0,
      endDate: fields.endDate ?? now() - 60_000,
    })
    .where('id', '=', id)
    .execute();
  return id;
}

/**
 * The entrants the submit tests choose among (Submit pays only entries of the competition): one
 * post each, with the source and email the tests' choices carry, scored in review.
 */
async function enterRoster(competitionId: string) {
  await insertPosts(
    app,
    competitionId,
    [
      ...['ann', 'bob', 'bab', 'pam'].map((creator) => ({ creator })),
      { creator: 'gia', source: 'genni' },
      { creator: 'ANN', email: 'other@creators.test' },
      { creator: '=cmd', email: '+1,"x"@evil.test' },
    ].map((post) => ({ ...post, bonusLikes: 0 })),
  );
}

const choice = (creator: string, source = '', platform = 'tiktok'): WinnerChoice => ({
  creator,
  platform,
  email: `${creator.toLowerCase()}@creators.test`,
  source,
});

const getFinish = async (id: string, client = staff) => {
  const response = await client.get(`/api/finish/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return finishSchema.strict().parse(response.json().finish);
};

const paymentsOf = (competitionId: string) =>
  app.db
    .selectFrom('payments')
    .selectAll()
    .where('competitionId', '=', competitionId)
    .orderBy('contactEmail')
    .execute();

const noticesOf = (paymentIds: string[]) =>
  app.db
    .selectFrom('emailMessages')
    .innerJoin('emailRecipients', 'emailRecipients.messageId', 'emailMessages.id')
    .select(['kind', 'subject', 'text', 'relatedEntity', 'relatedId', 'emailRecipients.email', 'status'])
    .where('relatedId', 'in', paymentIds.length ? paymentIds : ['none'])
    .execute();

const finishAudit = (competitionId: string) =>
  app.db
    .selectFrom('auditLog')
    .select(['actorId', 'action', 'changes'])
    .where('entity', '=', 'finish')
    .where('entityId', '=', competitionId)
    .orderBy('at')
    .execute();

/** A directory winner (optionally with PayPal and banned), added and flagged through the API. */
async function directoryWinner(email: string, fields: { paypal?: string; ban?: boolean } = {}) {
  const created = await staff.post('/api/winners', { email, paypal: fields.paypal ?? '' });
  expect(created.statusCode, created.body).toBe(201);
  const winner = created.json().winner as { id: string; version: number };
  if (fields.ban) {
    const banned = await staff.patch(`/api/winners/${winner.id}`, {
      version: winner.version,
      isBanned: true,
    });
    expect(banned.statusCode, banned.body).toBe(200);
  }
  return winner;
}

/** Submits the winners (one per slot) at the version read and expects it to work. */
async function submitted(id: string, winners: (WinnerChoice | null)[], version = 0) {
  const response = await staff.post(`/api/finish/${id}/submit`, { version, winners });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { finish: Finish; payments: number; emails: number };
}

describe('the competitions the wizard can finish (GET /api/finish/competitions)', () => {
  it('lists live running or ended competitions, newest end first, searched, with the step', async () => {
    const base = Date.UTC(2031, 0, 1);
    const running = await competitionWith('Listing Running', ['1st Place: $10'], { endDate: base });
    const ended = await competitionWith('Listing Ended', ['1st Place: $10'], {
      isActive: 0,
      hasEnded: 1,
      endDate: base + 1000,
    });
    await competitionWith('Listing Preview', ['1st Place: $10'], { isActive: 0, endDate: base + 2000 });
    const gone = await competitionWith('Listing Gone', ['1st Place: $10'], { endDate: base + 3000 });
    await app.db.updateTable('competitions').set({ deleted: 1 }).where('id', '=', gone).execute();
    await staff.put(`/api/finish/${running}/winners`, { version: 0, winners: [null] });

    const page = await staff.get('/api/finish/competitions?search=LISTING');
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toEqual({
      total: 2,
      items: [
        { id: ended, name: 'Listing Ended', organizer: 'Luna Vega', endDate: base + 1000, step: 'winners' },
        { id: running, name: 'Listing Running', organizer: 'Luna Vega', endDate: base, step: 'winners' },
      ],
    });
    const second = await staff.get('/api/finish/competitions?search=listing&pageSize=1&page=2');
    expect(second.json()).toMatchObject({ total: 2, items: [{ id: running }] });
  });
});

describe('the wizard state (GET /api/finish/:competitionId)', () => {
  it('starts at step winners, version 0, with one empty slot per prize place', async () => {
    const id = await competitionWith('Slots Song', [
      '1st Place: $200',
      '2nd-3rd Place: $50',
      'Most Creative: $25',
    ]);
    const finish = await getFinish(id, admin);
    expect(finish).toMatchObject({
      id,
      competitionId: id,
      competitionName: 'Slots Song',
      organizer: 'Luna Vega',
      step: 'winners',
      version: 0,
      submittedAt: null,
      submittedByName: null,
      completedAt: null,
      files: [],
    });
    expect(finish.slots.map((s) => [s.index, s.label, s.amount, s.kind, s.winner])).toEqual([
      [0, '1st Place', 200, 'rank', null],
      [1, '2nd-3rd Place', 50, 'rank', null],
      [2, '2nd-3rd Place', 50, 'rank', null],
      [3, 'Most Creative', 25, 'creative', null],
    ]);
  });

  it('answers 404 for an unknown competition, and a deleted one read-only (decision 0124)', async () => {
    const id = await competitionWith('Deleted Finish', ['1st Place: $10']);
    await app.db.updateTable('competitions').set({ deleted: 1 }).where('id', '=', id).execute();
    const response = await staff.get('/api/finish/no-such-competition');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Competition not found');
    expect(await getFinish(id)).toMatchObject({
      competitionDeleted: true,
      competitionName: 'Deleted Finish',
    });
    // Its writes find no live competition.
    const saved = await staff.put(`/api/finish/${id}/winners`, { version: 0, winners: [null] });
    expect(saved.statusCode).toBe(404);
    expect(saved.json().message).toBe('Competition not found');
  });
});

describe('Suggest winners (POST /api/finish/:competitionId/suggest)', () => {
  it('fills the slots by the rules: rank by the metric, creative at 100 or more, first-come; banned authors skipped', async () => {
    const id = await competitionWith('Suggest Song', [
      '1st Place: $200',
      '2nd Place: $100',
      'Most Creative: $50',
      'First 1 Creators: $10',
    ]);
    await insertPosts(app, id, [
      { creator: 'early', likes: 1 },
      { creator: 'ana', likes: 300 },
      { creator: 'ana', likes: 200 },
      { creator: 'ben', likes: 400 },
      { creator: 'cai', likes: 5, creativityScore: 100 },
      { creator: 'dee', likes: 6, creativityScore: 99 },
      { creator: 'eve', likes: 5000 },
    ]);
    // Banning shows at once: eve has the most likes but is banned in the directory.
    await directoryWinner('eve@creators.test', { ban: true });
    const response = await staff.post(`/api/finish/${id}/suggest`);
    expect(response.statusCode, response.body).toBe(200);
    const slots = response.json().slots as FinishSlot[];
    expect(slots.map((s) => [s.label, s.winner?.creator, s.reason])).toEqual([
      ['1st Place', 'ana', 'rank 1 by likes (500)'],
      ['2nd Place', 'ben', 'rank 2 by likes (400)'],
      ['Most Creative', 'cai', 'creativity score 100 (at least 100), then likes'],
      ['First 1 Creators', 'early', 'first-come: among the earliest creators to post'],
    ]);
    expect(slots[0]!.winner).toEqual(choice('ana'));
    expect(slots.every((s) => !s.banned)).toBe(true);
    // Nothing is saved: the wizard is still at version 0 with empty slots.
    expect((await getFinish(id)).slots.every((s) => s.winner === null)).toBe(true);
  });

  it("ranks by the competition's metric and by the metrics staff set on the Creators tab", async () => {
    const id = await competitionWith('Suggest Views', ['1st Place: $200', '2nd Place: $100'], {
      metric: 'views',
    });
    await insertPosts(app, id, [
      { creator: 'likesy', likes: 900, views: 10 },
      { creator: 'viewsy', likes: 1, views: 800 },
      { creator: 'setby', likes: 1, views: 5 },
    ]);
    const set = await staff.put(`/api/competitions/${id}/creator-metrics`, {
      creator: 'setby',
      platform: 'tiktok',
      metric: 5000,
      version: 0,
    });
    expect(set.statusCode, set.body).toBe(200);
    const slots = (await staff.post(`/api/finish/${id}/suggest`)).json().slots as FinishSlot[];
    expect(slots.map((s) => [s.winner?.creator, s.reason])).toEqual([
      ['setby', 'rank 1 by views (5000)'],
      ['viewsy', 'rank 2 by views (800)'],
    ]);
  });
});

describe('the winner selector (GET /api/finish/:competitionId/candidates)', () => {
  it('offers each creator, platform, email and source once, summed, searched, best first, at most limit', async () => {
    const id = await competitionWith('Candidates Song', ['1st Place: $200']);
    await insertPosts(app, id, [
      { creator: 'Zed', likes: 10, views: 100, creativityScore: 100 },
      { creator: 'Zed', likes: 15, views: 50 },
      { creator: 'Zed', likes: 1, source: 'genni' },
      { creator: 'yan', likes: 20 },
      { creator: 'xia', likes: 30, deleted: 1 },
    ]);
    await directoryWinner('yan@creators.test', { ban: true });
    const response = await staff.get(`/api/finish/${id}/candidates`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().items).toEqual([
      {
        creator: 'Zed',
        platform: 'tiktok',
        email: 'zed@creators.test',
        source: '',
        likes: 25,
        views: 150,
        creativityScore: 100,
        postCount: 2,
        isBanned: false,
      },
      expect.objectContaining({ creator: 'yan', likes: 20, postCount: 1, isBanned: true }),
      expect.objectContaining({ creator: 'Zed', source: 'genni', likes: 1, postCount: 1 }),
    ]);
    const searched = (await staff.get(`/api/finish/${id}/candidates?search=YAN@`)).json().items;
    expect(searched.map((c: { creator: string }) => c.creator)).toEqual(['yan']);
    expect((await staff.get(`/api/finish/${id}/candidates?search=%25`)).json().items).toEqual([]);
    expect((await staff.get(`/api/finish/${id}/candidates?limit=1`)).json().items).toHaveLength(1);
  });
});

describe('the draft (PUT /api/finish/:competitionId/winners)', () => {
  it('saves, resumes after a reload, refuses a stale version and, after submit, any change', async () => {
    const id = await competitionWith('Draft Song', ['1st Place: $200', '2nd Place: $100']);
    await enterRoster(id);
    const saved = await staff.put(`/api/finish/${id}/winners`, {
      version: 0,
      winners: [choice('ann'), null],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().finish).toMatchObject({ version: 1, step: 'winners' });

    // Another machine reloads the wizard and finds the draft.
    const resumed = await getFinish(id, admin);
    expect(resumed.version).toBe(1);
    expect(resumed.slots.map((s) => s.winner)).toEqual([choice('ann'), null]);

    const again = await admin.put(`/api/finish/${id}/winners`, {
      version: 1,
      winners: [choice('ann'), choice('bob')],
    });
    expect(again.json().finish.version).toBe(2);
    for (const version of [0, 1]) {
      const stale = await staff.put(`/api/finish/${id}/winners`, { version, winners: [null, null] });
      expect(stale.statusCode, `version ${version}`).toBe(409);
      expect(stale.json().code).toBe('VERSION_CONFLICT');
      const current = finishSchema.strict().parse(stale.json().current);
      expect(current.version).toBe(2);
      expect(current.slots[1]!.winner).toEqual(choice('bob'));
    }

    const wrongLength = await staff.put(`/api/finish/${id}/winners`, { version: 2, winners: [null] });
    expect(wrongLength.statusCode).toBe(400);
    expect(wrongLength.json().fieldErrors).toEqual({ winners: ['Choose one entry per prize slot'] });

    await submitted(id, [choice('ann'), choice('bob')], 2);
    const late = await staff.put(`/api/finish/${id}/winners`, { version: 3, winners: [null, null] });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      code: 'FINISH_STEP',
      message: 'The winners of this competition were already submitted',
      current: { step: 'pay', version: 3 },
    });
    expect((await getFinish(id)).slots.map((s) => s.winner?.creator)).toEqual(['ann', 'bob']);
  });

  it("keeps each suggested winner's reason with the draft: a reload shows it, an emptied slot drops it", async () => {
    const id = await competitionWith('Reasons Song', [
      '1st Place: $200',
      '2nd Place: $100',
      '3rd Place: $50',
    ]);
    await enterRoster(id);
    const suggested = await staff.post(`/api/finish/${id}/suggest`);
    expect(suggested.statusCode, suggested.body).toBe(200);
    const slots = suggested.json().slots as FinishSlot[];
    expect(slots[0]!.reason).toMatch(/^rank 1 by/);
    const saved = await staff.put(`/api/finish/${id}/winners`, {
      version: 0,
      winners: slots.map((s) => s.winner),
      // The 3rd slot was cleared by hand: its reason, sent or not, is not kept.
      reasons: slots.map((s) => s.reason),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const reloaded = await getFinish(id, admin);
    expect(reloaded.slots.map((s) => s.reason)).toEqual(slots.map((s) => (s.winner ? s.reason : null)));

    const cleared = await staff.put(`/api/finish/${id}/winners`, {
      version: 1,
      winners: [slots[0]!.winner, null, null],
      reasons: slots.map((s) => s.reason),
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await getFinish(id)).slots.map((s) => s.reason)).toEqual([slots[0]!.reason, null, null]);
  });

  it('lets only one of two first saves create the wizard: the other gets 409', async () => {
    const id = await competitionWith('Draft Race', ['1st Place: $200']);
    const answers = await Promise.all([
      staff.put(`/api/finish/${id}/winners`, { version: 0, winners: [choice('one')] }),
      admin.put(`/api/finish/${id}/winners`, { version: 0, winners: [choice('two')] }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect((await getFinish(id)).version).toBe(1);
  });
});

describe('Notify Winners (POST /api/finish/:competitionId/submit)', () => {
  it('is blocked with the exact texts: a duplicate creator + platform, then a winner banned in the directory', async () => {
    const id = await competitionWith('Blocked Song', [
      '1st Place: $200',
      '2nd Place: $100',
      '3rd Place: $50',
    ]);
    await enterRoster(id);
    const duplicate = await staff.post(`/api/finish/${id}/submit`, {
      version: 0,
      winners: [choice('ann'), choice('bab'), { ...choice('ANN'), email: 'other@creators.test' }],
    });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toMatchObject({
      code: 'WINNERS_BLOCKED',
      message: 'Remove the duplicate and banned winners before submitting',
      fieldErrors: { winners: ['Duplicates found: ANN - tiktok'] },
    });
    expect(winnersBlockedSchema.parse(duplicate.json())).toEqual({
      code: 'WINNERS_BLOCKED',
      duplicates: [{ creator: 'ANN', platform: 'tiktok' }],
      bannedEmails: [],
    });

    // Banning shows at once: the ban is made through the directory, then Submit is refused.
    await directoryWinner('bab@creators.test', { ban: true });
    expect((await getFinish(id)).slots.map((s) => s.banned)).toEqual([false, false, false]);
    await staff.put(`/api/finish/${id}/winners`, {
      version: 0,
      winners: [choice('ann'), choice('bab'), null],
    });
    expect((await getFinish(id)).slots.map((s) => s.banned)).toEqual([false, true, false]);
    const banned = await staff.post(`/api/finish/${id}/submit`, {
      version: 1,
      winners: [choice('ann'), choice('bab'), null],
    });
    expect(banned.statusCode).toBe(400);
    expect(banned.json().fieldErrors).toEqual({ winners: ['Please Remove Banned Users: bab@creators.test'] });
    expect(banned.json()).toMatchObject({ duplicates: [], bannedEmails: ['bab@creators.test'] });

    const both = await staff.post(`/api/finish/${id}/submit`, {
      version: 1,
      winners: [choice('bab'), choice('bab'), null],
    });
    expect(both.json().fieldErrors.winners).toEqual([
      'Duplicates found: bab - tiktok',
      'Please Remove Banned Users: bab@creators.test',
    ]);
    expect(await paymentsOf(id)).toEqual([]);
    expect((await getFinish(id)).step).toBe('winners');
  });

  it('pays only entries of the competition, as they entered (no forged genni source, no stranger)', async () => {
    const id = await competitionWith('Forged Song', ['1st Place: $200']);
    await enterRoster(id);
    for (const forged of [choice('ann', 'genni'), choice('stranger'), choice('ann', '', 'youtube')]) {
      const response = await staff.post(`/api/finish/${id}/submit`, { version: 0, winners: [forged] });
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toEqual({
        winners: ['Choose each winner among the entries of this competition'],
      });
    }
    expect(await paymentsOf(id)).toEqual([]);
  });

  it('refuses no winners, and a winners list that does not match the slots', async () => {
    const id = await competitionWith('Empty Submit', ['1st Place: $200']);
    const none = await staff.post(`/api/finish/${id}/submit`, { version: 0, winners: [null] });
    expect(none.statusCode).toBe(400);
    expect(none.json().fieldErrors).toEqual({ winners: ['Choose at least one winner'] });
    const tooMany = await staff.post(`/api/finish/${id}/submit`, {
      version: 0,
      winners: [choice('a'), choice('b')],
    });
    expect(tooMany.json().fieldErrors).toEqual({ winners: ['Choose one entry per prize slot'] });
    expect(await paymentsOf(id)).toEqual([]);
  });

  it('makes each paid creator a winner in the directory, with their PayPal address and balance, once', async () => {
    const id = await competitionWith('Directory Song', [
      '1st Place: $200',
      '2nd Place: $100',
      '3rd Place: $50',
    ]);
    await insertPosts(app, id, [
      { creator: 'dirdora', bonusLikes: 0 },
      { creator: 'direve', bonusLikes: 0 },
      { creator: 'dirgwen', source: 'genni', bonusLikes: 0 },
    ]);
    // Eve is in the directory already, paid at her PayPal address.
    await directoryWinner('direve@creators.test', { paypal: 'direve.pay@paypal.test' });
    const winners = [choice('dirdora'), choice('direve'), choice('dirgwen', 'genni')];
    await submitted(id, winners);
    const again = await staff.post(`/api/finish/${id}/submit`, { version: 0, winners });
    expect(again.statusCode).toBe(409);

    const emails = ['dirdora@creators.test', 'direve@creators.test', 'dirgwen@creators.test'];
    const records = await app.db
      .selectFrom('winners')
      .select(['email', 'paypal', 'balance', 'isBanned', 'isUnsubscribed'])
      .where('email', 'in', emails)
      .where('deleted', '=', 0)
      .orderBy('email')
      .execute();
    expect(records).toEqual([
      {
        email: 'dirdora@creators.test',
        paypal: 'dirdora@creators.test',
        balance: 160,
        isBanned: 0,
        isUnsubscribed: 0,
      },
      {
        email: 'direve@creators.test',
        paypal: 'direve.pay@paypal.test',
        balance: 80,
        isBanned: 0,
        isUnsubscribed: 0,
      },
      {
        email: 'dirgwen@creators.test',
        paypal: 'dirgwen@creators.test',
        balance: 50,
        isBanned: 0,
        isUnsubscribed: 0,
      },
    ]);
    // The directory shows them (to ban or vet), and the Email page lists them as subscribers.
    const directory = await staff.get('/api/winners?search=dirdora%40creators.test');
    expect(directory.json().items).toMatchObject([{ email: 'dirdora@creators.test', balance: 160 }]);
    const subscribers = await admin.get('/api/email/subscribers?search=dirgwen%40creators.test');
    expect(subscribers.statusCode, subscribers.body).toBe(200);
    expect(subscribers.json().items).toMatchObject([
      { email: 'dirgwen@creators.test', paypal: 'dirgwen@creators.test' },
    ]);
  });

  it('creates one payment per winner (80%; genni prize × takePct; PayPal from the directory) and queues both notices', async () => {
    const id = await competitionWith(
      'Payday Song',
      ['1st Place: $200', '2nd Place: $100', '3rd Place: $10'],
      {
        takePct: 0.5,
      },
    );
    await enterRoster(id);
    await directoryWinner('pam@creators.test', { paypal: 'Pam.Pay@PayPal.test' });
    const answer = await submitted(id, [choice('pam'), choice('gia', 'genni'), null]);
    expect(answer).toMatchObject({ payments: 2, emails: 2 });
    expect(answer.finish).toMatchObject({ step: 'pay', version: 1, submittedByName: 'Test staff' });
    expect(answer.finish.submittedAt).toBeGreaterThan(0);

    const payments = await paymentsOf(id);
    expect(payments).toMatchObject([
      {
        contactEmail: 'gia@creators.test',
        paymentEmail: 'gia@creators.test',
        amount: 50,
        source: 'Genni',
        prize: 100,
        prizeLabel: '2nd Place',
      },
      {
        contactEmail: 'pam@creators.test',
        paymentEmail: 'pam.pay@paypal.test',
        amount: 160,
        status: 'To Be Paid',
        source: 'Preffy',
        creator: 'pam',
        platform: 'tiktok',
        winnerKey: 'pam|tiktok',
        prize: 200,
        prizeLabel: '1st Place',
        version: 1,
        deleted: 0,
      },
    ]);

    const notices = await noticesOf(payments.map((p) => p.id));
    expect(notices).toHaveLength(2);
    const pam = notices.find((n) => n.email === 'pam@creators.test')!;
    const gia = notices.find((n) => n.email === 'gia@creators.test')!;
    expect(pam).toMatchObject({
      kind: 'winner-notice',
      relatedEntity: 'payment',
      relatedId: payments[1]!.id,
    });
    expect(pam.subject).toBe('You won in the Payday Song competition!');
    // The prize and its place, then what is paid and why it is less (not "won $160" for a $200 prize).
    expect(pam.text).toContain('won 1st Place, a prize of $200.');
    expect(pam.text).toContain('You will be paid $160: 80% of the prize, after the 20% platform fee.');
    expect(pam.text).not.toContain('won $160');
    expect(pam.text).toContain('1-2 business days, then paid to pam.pay@paypal.test');
    // Genni entrants are told about the full prize and their 3-5 day payment.
    expect(gia.text).toContain('won 2nd Place, a prize of $100.');
    expect(gia.text).toContain('You will be paid the full prize, $100.');
    expect(gia.text).toContain('3-5 business days');
    expect(gia.status).toBe('queued');

    const [audit] = await finishAudit(id);
    expect(audit).toMatchObject({ actorId: staff.user.id, action: 'submit' });
    expect(JSON.parse(audit!.changes!)).toMatchObject({ payments: 2, emails: 2 });
  });

  it('creates the payments once for a double submit and for two concurrent submits', async () => {
    const id = await competitionWith('Twice Song', ['1st Place: $200', '2nd Place: $100']);
    await enterRoster(id);
    const winners = [choice('ann'), choice('bob')];
    await submitted(id, winners);
    const second = await staff.post(`/api/finish/${id}/submit`, { version: 0, winners });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'FINISH_STEP', current: { step: 'pay', version: 1 } });
    expect(await paymentsOf(id)).toHaveLength(2);

    const raced = await competitionWith('Race Song', ['1st Place: $200', '2nd Place: $100']);
    await enterRoster(raced);
    await staff.put(`/api/finish/${raced}/winners`, { version: 0, winners });
    const [a, b] = [await idempotentPoster(app, staff), await idempotentPoster(app, admin)];
    const url = `/api/finish/${raced}/submit`;
    const answers = await Promise.all([
      a(url, { version: 1, winners }, 'race-a'),
      b(url, { version: 1, winners }, 'race-b'),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const payments = await paymentsOf(raced);
    expect(payments.map((p) => p.contactEmail)).toEqual(['ann@creators.test', 'bob@creators.test']);
    expect(await noticesOf(payments.map((p) => p.id))).toHaveLength(2);

    const fresh = await competitionWith('Race From Nothing', ['1st Place: $200']);
    await enterRoster(fresh);
    const first = await Promise.all([
      a(`/api/finish/${fresh}/submit`, { version: 0, winners: [choice('ann')] }, 'fresh-a'),
      b(`/api/finish/${fresh}/submit`, { version: 0, winners: [choice('ann')] }, 'fresh-b'),
    ]);
    expect(first.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await paymentsOf(fresh)).toHaveLength(1);
  });

  it('refuses a competition already paid before the wizard (payments, no wizard row): never twice', async () => {
    const id = await competitionWith('Paid Before', ['1st Place: $200']);
    await insertPayments(app.db, id, [
      { contactEmail: 'ann@creators.test', paymentEmail: 'ann@creators.test', amount: 160, status: 'Paid' },
    ]);
    const response = await staff.post(`/api/finish/${id}/submit`, { version: 0, winners: [choice('ann')] });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'FINISH_STEP',
      message: 'This competition already has payments: find them on the Payments page',
    });
    expect(await paymentsOf(id)).toHaveLength(1);
  });

  it('replays a repeated Idempotency-Key: the same answer, the payments made once', async () => {
    const id = await competitionWith('Replay Submit', ['1st Place: $200']);
    await enterRoster(id);
    const post = await idempotentPoster(app, staff);
    const body = { version: 0, winners: [choice('ann')] };
    const first = await post(`/api/finish/${id}/submit`, body, 'submit-replay');
    const again = await post(`/api/finish/${id}/submit`, body, 'submit-replay');
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await paymentsOf(id)).toHaveLength(1);
  });

  it('refuses Notify Winners, Download CSV and Mark As Completed without an Idempotency-Key, doing nothing; with one each runs', async () => {
    const id = await competitionWith('Keyless Finish', ['1st Place: $200']);
    await enterRoster(id);
    const post = await idempotentPoster(app, staff);
    const submit = { version: 0, winners: [choice('ann')] };
    expectKeyRequired(await post(`/api/finish/${id}/submit`, submit));
    expect(await paymentsOf(id)).toEqual([]);
    expect((await post(`/api/finish/${id}/submit`, submit, 'keyed-submit')).statusCode).toBe(200);

    const submitted = await getFinish(id);
    expectKeyRequired(await post(`/api/finish/${id}/payout-files`, { version: submitted.version }));
    expect((await getFinish(id)).files).toEqual([]);
    const files = await post(`/api/finish/${id}/payout-files`, { version: submitted.version }, 'keyed-files');
    expect(files.statusCode, files.body).toBe(200);

    const downloaded = await getFinish(id);
    expectKeyRequired(await post(`/api/finish/${id}/complete`, { version: downloaded.version }));
    expect(await getFinish(id)).toEqual(downloaded);
    const done = await post(`/api/finish/${id}/complete`, { version: downloaded.version }, 'keyed-complete');
    expect(done.statusCode, done.body).toBe(200);
    expect((await paymentsOf(id)).map((p) => p.status)).toEqual(['Paid']);
  });
});

/** CSV lines without the trailing CRLF. */
const csvLines = (csv: string) => csv.replace(/\r\n$/, '').split('\r\n');

describe('Download CSV (POST /api/finish/:competitionId/payout-files, GET /api/finish/payout-files/:id)', () => {
  it('needs the winners submitted first', async () => {
    const id = await competitionWith('Early Download', ['1st Place: $200']);
    const early = await staff.post(`/api/finish/${id}/payout-files`, { version: 0 });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'FINISH_STEP', message: 'Submit the winners first' });
  });

  it('hands out the PayPal file (80%, genni full, USD, reference, quoted, formulas neutralised) and records it', async () => {
    const id = await competitionWith('Csv Song', ['1st Place: $200', '2nd Place: $100', '3rd Place: $10'], {
      takePct: 0.5,
    });
    await enterRoster(id);
    const hostile = { creator: '=cmd', platform: 'tiktok', email: '+1,"x"@evil.test', source: '' };
    await submitted(id, [choice('ann'), choice('gia', 'genni'), hostile]);
    const made = await staff.post(`/api/finish/${id}/payout-files`, { version: 1 });
    expect(made.statusCode, made.body).toBe(200);
    const finish = finishSchema.strict().parse(made.json().finish);
    expect(finish).toMatchObject({ step: 'complete', version: 2 });
    expect(finish.files).toMatchObject([
      { fileNumber: 1, fileCount: 1, rowCount: 3, total: 268, createdByName: 'Test staff' },
    ]);

    const download = await staff.get(`/api/finish/payout-files/${finish.files[0]!.id}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="preffy-payout-${id}-1-of-1.csv"`,
    );
    expect(download.headers['cache-control']).toBe('no-store');
    const [header, ...rows] = csvLines(download.body);
    expect(header).toBe(PAYOUT_CSV_COLUMNS.join(','));
    const note = 'Congratulations on winning a Preffy competition!';
    expect(rows).toEqual([
      `ann@creators.test,160.00,USD,preffy id:${id},${note},PayPal,,,`,
      `gia@creators.test,100.00,USD,preffy id:${id},${note},PayPal,,,`,
      `"'+1,""x""@evil.test",8.00,USD,preffy id:${id},${note},PayPal,,,`,
    ]);

    const [stored] = await app.db
      .selectFrom('payoutFiles')
      .selectAll()
      .where('competitionId', '=', id)
      .execute();
    const payments = await paymentsOf(id);
    expect(stored).toMatchObject({ createdBy: staff.user.id, fileNumber: 1, fileCount: 1 });
    expect(Number(stored!.createdAt)).toBeGreaterThan(now() - 60_000);
    expect(new Set(JSON.parse(stored!.paymentIds))).toEqual(new Set(payments.map((p) => p.id)));
    expect((await finishAudit(id)).map((a) => a.action)).toEqual(['submit', 'payout-files', 'download-file']);

    const stale = await staff.post(`/api/finish/${id}/payout-files`, { version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'VERSION_CONFLICT', current: { version: 2 } });
  });

  it('splits 5,001 payments into files of 5,000 and 1', async () => {
    const id = await competitionWith('Big Payout', ['1st Place: $1']);
    const at = now();
    await app.db
      .insertInto('competitionFinishes')
      .values({
        id,
        version: 1,
        deleted: 0,
        createdAt: at,
        updatedAt: at,
        competitionId: id,
        step: 'pay',
        winners: '[]',
        submittedAt: at,
        submittedBy: staff.user.id,
        completedAt: null,
        completedBy: null,
      })
      .execute();
    await insertPayments(
      app.db,
      id,
      Array.from({ length: 5001 }, (_, i) => ({
        contactEmail: `many${i}@creators.test`,
        paymentEmail: `many${i}@paypal.test`,
        amount: 8,
        prize: 10,
      })),
    );
    const made = await staff.post(`/api/finish/${id}/payout-files`, { version: 1 });
    expect(made.statusCode, made.body).toBe(200);
    const files = (made.json().finish as Finish).files;
    expect(files.map((f) => [f.fileNumber, f.fileCount, f.rowCount, f.total])).toEqual([
      [1, 2, 5000, 40000],
      [2, 2, 1, 8],
    ]);
    const last = await staff.get(`/api/finish/payout-files/${files[1]!.id}`);
    expect(last.headers['content-disposition']).toContain(`preffy-payout-${id}-2-of-2.csv`);
    expect(csvLines(last.body)).toEqual([
      PAYOUT_CSV_COLUMNS.join(','),
      expect.stringMatching(/^many5000@paypal\.test,8\.00,USD,/),
    ]);
    expect(csvLines((await staff.get(`/api/finish/payout-files/${files[0]!.id}`)).body)).toHaveLength(5001);
  }, 60_000);

  it('hands payments already in a file out in that same file again, never in a second batch', async () => {
    const id = await competitionWith('Download Twice', ['1st Place: $200', '2nd Place: $100']);
    await enterRoster(id);
    await submitted(id, [choice('ann'), choice('bob')]);
    const first = await staff.post(`/api/finish/${id}/payout-files`, { version: 1 });
    expect(first.statusCode, first.body).toBe(200);
    const firstFiles = (first.json().finish as Finish).files;
    const storedFiles = () =>
      app.db.selectFrom('payoutFiles').select(['id', 'paymentIds']).where('competitionId', '=', id).execute();
    const inFiles = async () =>
      (await storedFiles()).flatMap((f) => JSON.parse(f.paymentIds) as string[]).sort();
    const paymentIds = (await paymentsOf(id)).map((p) => p.id).sort();
    expect(await inFiles()).toEqual(paymentIds);

    // Clicked again, and twice at once: the same file each time, nothing new recorded.
    const again = await staff.post(`/api/finish/${id}/payout-files`, { version: 2 });
    expect(again.statusCode, again.body).toBe(200);
    expect((again.json().finish as Finish).files).toEqual(firstFiles);
    const [a, b] = [await idempotentPoster(app, staff), await idempotentPoster(app, admin)];
    const url = `/api/finish/${id}/payout-files`;
    const racing = await Promise.all([
      a(url, { version: 2 }, `twice-a-${id}`),
      b(url, { version: 2 }, `twice-b-${id}`),
    ]);
    for (const answer of racing) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect((answer.json().finish as Finish).files).toEqual(firstFiles);
    }
    expect(await inFiles()).toEqual(paymentIds);
    expect((await storedFiles()).map((f) => f.id)).toEqual(firstFiles.map((f) => f.id));
    expect(new Set((await paymentsOf(id)).map((p) => p.payoutFileId))).toEqual(new Set([firstFiles[0]!.id]));
    expect((await finishAudit(id)).filter((x) => x.action === 'payout-files')).toHaveLength(1);
  });

  it('gives each payment one file when two first downloads race: the other gets 409', async () => {
    const id = await competitionWith('Download Race', ['1st Place: $200', '2nd Place: $100']);
    await enterRoster(id);
    await submitted(id, [choice('ann'), choice('bob')]);
    const [a, b] = [await idempotentPoster(app, staff), await idempotentPoster(app, admin)];
    const url = `/api/finish/${id}/payout-files`;
    const answers = await Promise.all([
      a(url, { version: 1 }, `race-a-${id}`),
      b(url, { version: 1 }, `race-b-${id}`),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const files = await app.db
      .selectFrom('payoutFiles')
      .select('paymentIds')
      .where('competitionId', '=', id)
      .execute();
    expect(files.flatMap((f) => JSON.parse(f.paymentIds) as string[]).sort()).toEqual(
      (await paymentsOf(id)).map((p) => p.id).sort(),
    );
  });

  it('answers 404 for an unknown file', async () => {
    const response = await staff.get('/api/finish/payout-files/no-such-file');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Payout file not found');
  });
});

describe('Mark As Completed (POST /api/finish/:competitionId/complete)', () => {
  /** A submitted competition whose payout file holds ann and bob; cat's payment came later. */
  async function paidOut(name: string) {
    const id = await competitionWith(name, ['1st Place: $200', '2nd Place: $100', '3rd Place: $50']);
    await enterRoster(id);
    await submitted(id, [choice('ann'), choice('bob'), null]);
    const made = await staff.post(`/api/finish/${id}/payout-files`, { version: 1 });
    expect(made.statusCode, made.body).toBe(200);
    await insertPayments(app.db, id, [
      { contactEmail: 'cat@creators.test', paymentEmail: 'cat@paypal.test', amount: 40 },
    ]);
    return id;
  }

  it('marks Paid only payments in a file, reports the rest, completes the competition; repeating marks nothing new', async () => {
    const id = await paidOut('Complete Song');
    const done = await staff.post(`/api/finish/${id}/complete`, { version: 2 });
    expect(done.statusCode, done.body).toBe(200);
    const answer = done.json();
    expect(answer.finish).toMatchObject({ step: 'done', version: 3, completedByName: 'Test staff' });
    expect(answer.marked.count).toBe(2);
    expect(answer.marked.items.map((p: { contactEmail: string }) => p.contactEmail).sort()).toEqual([
      'ann@creators.test',
      'bob@creators.test',
    ]);
    expect(paymentSchema.strict().parse(answer.marked.items[0])).toMatchObject({
      status: 'Paid',
      version: 2,
      competitionName: 'Complete Song',
    });
    expect(answer.unmatched).toMatchObject({
      count: 1,
      items: [{ contactEmail: 'cat@creators.test', status: 'To Be Paid' }],
    });

    const competition = await app.db
      .selectFrom('competitions')
      .select(['hasEnded', 'isActive', 'version'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(competition).toMatchObject({ hasEnded: 1, isActive: 0 });
    expect((await staff.get(`/api/competitions/${id}`)).json().competition.state).toBe('completed');

    const repeat = await staff.post(`/api/finish/${id}/complete`, { version: 3 });
    expect(repeat.statusCode, repeat.body).toBe(200);
    expect(repeat.json()).toMatchObject({ marked: { count: 0, items: [] }, unmatched: { count: 1 } });
    expect(
      await app.db
        .selectFrom('competitions')
        .select('version')
        .where('id', '=', id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ version: competition.version });
    const payments = await paymentsOf(id);
    expect(payments.map((p) => [p.contactEmail, p.status, p.version])).toEqual([
      ['ann@creators.test', 'Paid', 2],
      ['bob@creators.test', 'Paid', 2],
      ['cat@creators.test', 'To Be Paid', 1],
    ]);
    const audit = (await finishAudit(id)).filter((a) => a.action === 'complete');
    expect(audit.map((a) => JSON.parse(a.changes!))).toMatchObject([
      { marked: 2, unmatched: 1 },
      { marked: 0, unmatched: 1 },
    ]);

    // Nothing left in a file to pay: Download CSV of cat alone works, a file with nobody refuses.
    await app.db
      .updateTable('payments')
      .set({ deleted: 1 })
      .where('contactEmail', '=', 'cat@creators.test')
      .execute();
    const nothing = await staff.post(`/api/finish/${id}/payout-files`, { version: 4 });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toMatchObject({
      code: 'NOTHING_TO_PAY',
      message: 'This competition has no payments waiting to be paid',
    });
  });

  it('leaves a payment Sent meanwhile in the payments admin alone', async () => {
    const id = await paidOut('Sent Meanwhile');
    const [ann] = await paymentsOf(id);
    expect((await admin.post(`/api/payments/${ann!.id}/send`, { version: 1 })).statusCode).toBe(200);
    const done = await staff.post(`/api/finish/${id}/complete`, { version: 2 });
    expect(done.json().marked.count).toBe(1);
    expect((await paymentsOf(id)).map((p) => [p.contactEmail, p.status, p.version])).toEqual([
      ['ann@creators.test', 'Paid', 2],
      ['bob@creators.test', 'Paid', 2],
      ['cat@creators.test', 'To Be Paid', 1],
    ]);
  });

  it('marks each payment once for two concurrent completes: the other gets 409', async () => {
    const id = await paidOut('Complete Race');
    const [a, b] = [await idempotentPoster(app, staff), await idempotentPoster(app, admin)];
    const url = `/api/finish/${id}/complete`;
    const answers = await Promise.all([
      a(url, { version: 2 }, 'complete-a'),
      b(url, { version: 2 }, 'complete-b'),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await paymentsOf(id)).map((p) => p.version)).toEqual([2, 2, 1]);
    expect((await finishAudit(id)).filter((x) => x.action === 'complete')).toHaveLength(1);
  });

  it('needs a download first: before it, nothing would be marked and the contest just ended', async () => {
    const id = await competitionWith('Complete Before Download', ['1st Place: $200']);
    await enterRoster(id);
    await submitted(id, [choice('ann')]);
    const early = await staff.post(`/api/finish/${id}/complete`, { version: 1 });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      code: 'FINISH_STEP',
      message: 'Download the payout file before marking the competition completed',
      current: { step: 'pay' },
    });
  });

  it('does not mark Paid a payment returned by Unsend after the download, nor one a PayPal payout holds', async () => {
    const id = await paidOut('Unsent Song');
    const [ann, bob] = await paymentsOf(id);
    const sent = await staff.post(`/api/payments/${ann!.id}/send`, { version: ann!.version });
    expect(sent.statusCode, sent.body).toBe(200);
    const unsent = await staff.post(`/api/payments/${ann!.id}/unsend`, { version: ann!.version + 1 });
    expect(unsent.statusCode, unsent.body).toBe(200);
    await app.db
      .updateTable('payments')
      .set({ paypalPayoutId: 'paypal-held' })
      .where('id', '=', bob!.id)
      .execute();
    const done = await staff.post(`/api/finish/${id}/complete`, { version: 2 });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().marked.count).toBe(0);
    const after = await paymentsOf(id);
    expect(after.map((p) => [p.contactEmail, p.status])).toEqual([
      ['ann@creators.test', 'To Be Paid'],
      ['bob@creators.test', 'To Be Paid'],
      ['cat@creators.test', 'To Be Paid'],
    ]);
    // A new download holds Ann again (owed, in no file), never the payment PayPal holds.
    const again = await staff.post(`/api/finish/${id}/payout-files`, { version: 3 });
    expect(again.statusCode, again.body).toBe(200);
    const [file] = again.json().finish.files;
    const csv = (await staff.get(`/api/finish/payout-files/${file.id}`)).body;
    expect(csv).toContain('ann@creators.test');
    expect(csv).not.toContain('bob@creators.test');
  });

  it('needs the winners submitted first', async () => {
    const id = await competitionWith('Early Complete', ['1st Place: $200']);
    const early = await staff.post(`/api/finish/${id}/complete`, { version: 0 });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Submit the winners first');
  });
});

describe('an early finish (decision 0104)', () => {
  const DAY = 24 * 3600_000;

  /** A competition 7½ days from its end (7 whole days left, as the public page counts): ann scored (after the leaderboard was computed), bob not. */
  async function runningWithUnreviewed(name: string) {
    const id = await competitionWith(name, ['1st Place: $200', '2nd Place: $100'], {
      endDate: now() + 7.5 * DAY,
    });
    await insertPosts(app, id, [{ creator: 'ann', bonusLikes: 0, reviewedAt: now() }, { creator: 'bob' }]);
    return id;
  }

  /** A stored one-row leaderboard of the competition, computed at `computedAt`. */
  const storeBoard = (competitionId: string, computedAt: number) =>
    app.db
      .insertInto('leaderboardEntries')
      .values({
        competitionId,
        rank: 1,
        creator: 'ann',
        platform: 'tiktok',
        email: 'ann@creators.test',
        source: '',
        likes: 0,
        views: 0,
        creativityScore: 0,
        postCount: 1,
        prizeLabel: '1st Place',
        prizeAmount: 10,
        reason: 'rank 1 by likes (0)',
        flags: '[]',
        computedAt,
      })
      .execute();

  it('shows the state: days left, posts not reviewed, a leaderboard older than the last review', async () => {
    const id = await runningWithUnreviewed('Early State Song');
    const { readiness } = await getFinish(id);
    expect(readiness).toMatchObject({
      daysLeft: 7,
      unreviewedPosts: 1,
      leaderboardComputedAt: null,
      leaderboardStale: true,
    });
    expect(readiness.lastReviewAt).toEqual(expect.any(Number));

    // Ended, every post scored and the leaderboard computed after the last score: nothing is wrong.
    const ready = await competitionWith('Ready Song', ['1st Place: $10']);
    await insertPosts(app, ready, [{ creator: 'ann', bonusLikes: 0, reviewedAt: now() - 1000 }]);
    await storeBoard(ready, now());
    expect((await getFinish(ready)).readiness).toMatchObject({
      daysLeft: null,
      unreviewedPosts: 0,
      leaderboardStale: false,
    });
  });

  it('brings a stored leaderboard older than the last review up to date when the wizard is read, as the leaderboard page does', async () => {
    const id = await competitionWith('Follow Review Song', ['1st Place: $10']);
    // A board computed before ann's post was scored.
    await storeBoard(id, now() - 60_000);
    await insertPosts(app, id, [{ creator: 'ann', bonusLikes: 0, reviewedAt: now() }]);
    const { readiness } = await getFinish(id);
    expect(readiness.leaderboardStale).toBe(false);
    expect(readiness.leaderboardComputedAt).toBeGreaterThanOrEqual(readiness.lastReviewAt!);
  });

  it('refuses Submit and Mark As Completed without the confirmation, and audits the confirmed one with what was wrong', async () => {
    const id = await runningWithUnreviewed('Early Finish Song');
    const winners = [choice('ann'), null];
    const refused = await staff.post(`/api/finish/${id}/submit`, { version: 0, winners });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'FINISH_EARLY',
      readiness: { daysLeft: 7, unreviewedPosts: 1, leaderboardStale: true },
      current: { step: 'winners' },
    });
    expect(await paymentsOf(id)).toHaveLength(0);
    expect((await finishAudit(id)).map((a) => a.action)).toEqual([]);

    const confirmed = await staff.post(`/api/finish/${id}/submit`, {
      version: 0,
      winners,
      finishEarly: true,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await paymentsOf(id)).toHaveLength(1);
    const made = await staff.post(`/api/finish/${id}/payout-files`, { version: 1 });
    expect(made.statusCode, made.body).toBe(200);

    const early = await staff.post(`/api/finish/${id}/complete`, { version: 2 });
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json().code).toBe('FINISH_EARLY');
    expect((await getFinish(id)).step).toBe('complete');
    const done = await staff.post(`/api/finish/${id}/complete`, { version: 2, finishEarly: true });
    expect(done.statusCode, done.body).toBe(200);

    const audit = await finishAudit(id);
    const earlyEntries = audit
      .filter((a) => a.action === 'finish-early')
      .map((a) => ({ actorId: a.actorId, ...JSON.parse(a.changes!) }));
    expect(earlyEntries).toEqual([
      expect.objectContaining({ step: 'submit', daysLeft: 7, unreviewedPosts: 1, leaderboardStale: true }),
      expect.objectContaining({ step: 'complete', daysLeft: 7, unreviewedPosts: 1, leaderboardStale: true }),
    ]);
    expect(earlyEntries[0].actorId).toBe(audit[0]!.actorId);
  });
});

describe('who may use the finish wizard, and bad input', () => {
  it('refuses organizers (403) and anonymous callers (401) on every finish endpoint', async () => {
    const id = await competitionWith('Roles Finish', ['1st Place: $200']);
    const anonymous = new TestClient(app);
    for (const [client, status] of [
      [organizer, 403],
      [anonymous, 401],
    ] as const) {
      const answers = [
        await client.get('/api/finish/competitions'),
        await client.get(`/api/finish/${id}`),
        await client.put(`/api/finish/${id}/winners`, { version: 0, winners: [null] }),
        await client.post(`/api/finish/${id}/suggest`),
        await client.get(`/api/finish/${id}/candidates`),
        await client.post(`/api/finish/${id}/submit`, { version: 0, winners: [choice('ann')] }),
        await client.post(`/api/finish/${id}/payout-files`, { version: 1 }),
        await client.get('/api/finish/payout-files/some-file'),
        await client.post(`/api/finish/${id}/complete`, { version: 1 }),
      ];
      expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => status));
    }
    expect((await getFinish(id)).version).toBe(0);
    expect(await paymentsOf(id)).toEqual([]);
  });

  it('answers bad input with 400 and the field, never a 5xx', async () => {
    const id = await competitionWith('Bad Input Finish', ['1st Place: $200']);
    const bodies = [
      {},
      { version: -1, winners: [null] },
      { version: 1.5, winners: [null] },
      { version: 0, winners: 'ann' },
      { version: 0, winners: [{ creator: '', platform: 'tiktok', email: 'a@b.test' }] },
      { version: 0, winners: [{ creator: 'x'.repeat(201), platform: 'tiktok', email: 'a@b.test' }] },
      { version: 0, winners: [{ creator: 'ann', platform: 'tiktok' }] },
      { version: 0, winners: Array.from({ length: 1001 }, () => null) },
    ];
    for (const body of bodies) {
      for (const send of [
        () => staff.put(`/api/finish/${id}/winners`, body),
        () => staff.post(`/api/finish/${id}/submit`, body),
      ]) {
        const response = await send();
        expect(response.statusCode, JSON.stringify(body).slice(0, 100)).toBe(400);
        expect(Object.keys(response.json().fieldErrors ?? {}).length).toBeGreaterThan(0);
      }
    }
    for (const query of ['limit=0', 'limit=51', 'limit=x', `search=${'x'.repeat(201)}`]) {
      expect((await staff.get(`/api/finish/${id}/candidates?${query}`)).statusCode, query).toBe(400);
    }
    for (const body of [{}, { version: -1 }, { version: '1' }]) {
      expect((await staff.post(`/api/finish/${id}/payout-files`, body)).statusCode).toBe(400);
      expect((await staff.post(`/api/finish/${id}/complete`, body)).statusCode).toBe(400);
    }
    expect((await staff.get(`/api/finish/competitions?pageSize=1000`)).statusCode).toBe(400);
    expect((await staff.post('/api/finish/no-such-competition/suggest')).statusCode).toBe(404);
    expect((await staff.get('/api/finish/no-such-competition/candidates')).statusCode).toBe(404);
    expect(await paymentsOf(id)).toEqual([]);
  });
});

describe('the demo data', () => {
  it("leaves each completed competition's wizard at Pay Winners, its winners the ones its payments pay", async () => {
    const demo = await createTestApp();
    try {
      expect(await seedDemoData(demo.db)).toBe(true);
      const client = (await signedInClient(demo, 'staff')).client;
      const completed = await demo.db
        .selectFrom('competitions')
        .select('id')
        .where('hasEnded', '=', 1)
        .execute();
      expect(completed.length).toBeGreaterThan(0);
      for (const { id } of completed) {
        const finish = finishSchema.parse((await client.get(`/api/finish/${id}`)).json().finish);
        expect(finish.step).toBe('pay');
        const payments = await demo.db
          .selectFrom('payments')
          .select(['contactEmail', 'winnerKey', 'prize'])
          .where('competitionId', '=', id)
          .orderBy('prize', 'desc')
          .execute();
        const winners = finish.slots.filter((s) => s.winner).map((s) => [s.winner!.email, s.amount]);
        expect(winners).toEqual(payments.map((p) => [p.contactEmail, p.prize]));
      }
    } finally {
      await demo.close();
    }
  });
});

describe("a finished competition's places on its public page (GET /api/public/competitions/:id/winners)", () => {
  it('shows nothing before the winners are submitted, then each place by handle in prize order, never an email', async () => {
    const id = await competitionWith('Public Places Song', ['1st Place: $200', 'Top 3: $10']);
    await app.db.updateTable('competitions').set({ isConfirmed: 1 }).where('id', '=', id).execute();
    await enterRoster(id);
    const visitor = () => app.inject({ method: 'GET', url: `/api/public/competitions/${id}/winners` });
    // A draft is staff's.
    const draft = await staff.put(`/api/finish/${id}/winners`, {
      version: 0,
      winners: [choice('ann'), null, null, null],
    });
    expect(draft.statusCode, draft.body).toBe(200);
    expect((await visitor()).json()).toEqual({ decided: false, items: [] });

    await submitted(id, [choice('ann'), choice('bob'), null, choice('pam')], 1);
    const answer = await visitor();
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('public, max-age=0, s-maxage=60');
    expect(answer.json()).toEqual({
      decided: true,
      items: [
        { label: '1st Place', creator: 'ann', platform: 'tiktok' },
        { label: 'Top 3', creator: 'bob', platform: 'tiktok' },
        { label: 'Top 3', creator: 'pam', platform: 'tiktok' },
      ],
    });
    expect(answer.body).not.toMatch(/@/);
  });

  it('answers 404 for a competition the public may not see', async () => {
    const id = await competitionWith('Hold Places Song', ['1st Place: $200']);
    await app.db.updateTable('competitions').set({ isConfirmed: 0 }).where('id', '=', id).execute();
    const response = await app.inject({ method: 'GET', url: `/api/public/competitions/${id}/winners` });
    expect(response.statusCode).toBe(404);
  });
});
