import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANNOUNCE_UNCONFIRMED_MESSAGE, BULK_COMPETITION_MESSAGES, OUTREACH_MESSAGES } from '@preffy/api';
import { createCompetition } from '../../../test/fixtures/competitions.ts';
import { expectKeyRequired, idempotentPoster } from '../../../test/fixtures/signed-in.ts';
import { insertWinners } from '../../../test/fixtures/winners.ts';
import { type TestClient, createTestApp, signedInClient } from '../../../test/test-app.ts';

let app: FastifyInstance;
let admin: TestClient;

beforeAll(async () => {
  app = await createTestApp();
  admin = (await signedInClient(app, 'admin')).client;
  await insertWinners(app.db, [
    { email: 'fan1@announce.test' },
    { email: 'fan2@announce.test' },
    { email: 'quiet@announce.test', isUnsubscribed: 1 },
    { email: 'cheat@announce.test', isBanned: 1 },
  ]);
});
afterAll(() => app.close());

/** The message's recipients as the outbox lists them: address, status and why it was skipped. */
async function outboxRecipients(messageId: string) {
  const page = await admin.get(`/api/outbox/${messageId}/recipients?pageSize=50`);
  expect(page.statusCode, page.body).toBe(200);
  return (page.json().items as { email: string; status: string; reason: string | null }[]).map(
    (r) => `${r.email}:${r.status}${r.reason ? `:${r.reason}` : ''}`,
  );
}

describe('new-competition announcement (type new-competition of POST /api/email/bulk)', () => {
  it('goes to subscribers, never to unsubscribed or banned addresses, and reads in the outbox', async () => {
    const competition = await createCompetition(admin, {
      name: 'Announced Song',
      prizes: ['1st Place: $300', '2nd Place: $200'],
      confirmed: true,
    });
    const body = {
      type: 'new-competition',
      competitionId: competition.id,
      selection: { all: true, search: 'announce.test' },
    };
    const preview = await admin.get(
      `/api/email/bulk/preview?type=new-competition&competitionId=${competition.id}&language=en`,
    );
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().subject).toBe('New competition: Announced Song by Luna Vega');

    const sent = await admin.post('/api/email/bulk', body);
    expect(sent.statusCode, sent.body).toBe(202);
    // The subscriber list never holds them; picked by hand they are skipped.
    expect(sent.json()).toMatchObject({ queued: 2, skipped: 0 });
    const message = (await admin.get(`/api/outbox/${sent.json().messageId}`)).json();
    expect(message).toMatchObject({
      kind: 'new-competition',
      isMarketing: true,
      subject: 'New competition: Announced Song by Luna Vega',
    });
    expect(message.text).toContain('"Announced Song" by Luna Vega, with $500 in prizes');
    expect(message.text).toContain(`See the competition: http://preffy.test/c/${competition.id}\n`);
    expect(await outboxRecipients(sent.json().messageId)).toEqual([
      'fan1@announce.test:queued',
      'fan2@announce.test:queued',
    ]);

    const picked = await admin.post('/api/email/bulk', {
      ...body,
      selection: { emails: ['fan1@announce.test', 'quiet@announce.test', 'cheat@announce.test'] },
    });
    expect(picked.json()).toMatchObject({ queued: 1, skipped: 2 });
    expect(await outboxRecipients(picked.json().messageId)).toEqual([
      'cheat@announce.test:skipped:banned',
      'fan1@announce.test:queued',
      'quiet@announce.test:skipped:unsubscribed',
    ]);
  });

  it('sends once for a retry with the same Idempotency-Key', async () => {
    const competition = await createCompetition(admin, { name: 'Retried Song', confirmed: true });
    const post = await idempotentPoster(app, admin);
    const body = {
      type: 'new-competition',
      competitionId: competition.id,
      selection: { emails: ['fan2@announce.test'] },
    };
    const first = await post('/api/email/bulk', body, 'announce-key-1');
    expect(first.statusCode, first.body).toBe(202);
    const retry = await post('/api/email/bulk', body, 'announce-key-1');
    expect(retry.statusCode).toBe(202);
    expect(retry.json()).toEqual(first.json());
    const messages = await app.db
      .selectFrom('emailMessages')
      .select('id')
      .where('kind', '=', 'new-competition')
      .where('relatedId', '=', competition.id)
      .execute();
    expect(messages).toEqual([{ id: first.json().messageId }]);
  });

  it('refuses an announcement without an Idempotency-Key, queueing nothing', async () => {
    const competition = await createCompetition(admin, { name: 'Keyless Song', confirmed: true });
    const post = await idempotentPoster(app, admin);
    const announcement = {
      type: 'new-competition',
      competitionId: competition.id,
      selection: { emails: ['fan1@announce.test'] },
    };
    const messagesBefore = await app.db.selectFrom('emailMessages').select('id').execute();
    expectKeyRequired(await post('/api/email/bulk', announcement));
    expect(await app.db.selectFrom('emailMessages').select('id').execute()).toEqual(messagesBefore);
    expect((await post('/api/email/bulk', announcement, 'keyed-announcement')).statusCode).toBe(202);
  });

  it('is refused for a competition on hold, with the reason on the competition; nothing is queued', async () => {
    const held = await createCompetition(admin, { name: 'Held Song' });
    expect(held.isConfirmed).toBe(false);
    const refused = await admin.post('/api/email/bulk', {
      type: 'new-competition',
      competitionId: held.id,
      selection: { all: true },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'NOT_CONFIRMED',
      message: ANNOUNCE_UNCONFIRMED_MESSAGE,
      fieldErrors: { competitionId: [ANNOUNCE_UNCONFIRMED_MESSAGE] },
    });
    const preview = await admin.get(`/api/email/bulk/preview?type=new-competition&competitionId=${held.id}`);
    expect(preview.statusCode).toBe(400);
    expect(preview.json().code).toBe('NOT_CONFIRMED');
    const queued = await app.db
      .selectFrom('emailMessages')
      .select('id')
      .where('relatedId', '=', held.id)
      .execute();
    expect(queued).toEqual([]);
  });

  it('offers and sends only for competitions that take entries: not a hold, an ended or a closed one (issue 39)', async () => {
    const open = await createCompetition(admin, { name: 'Entry Song Open', confirmed: true });
    const held = await createCompetition(admin, { name: 'Entry Song Held' });
    const closed = await createCompetition(admin, {
      name: 'Entry Song Closed',
      confirmed: true,
      isClosed: true,
    });
    const ended = await createCompetition(admin, { name: 'Entry Song Ended', confirmed: true });
    await app.db
      .updateTable('competitions')
      .set({ endDate: Date.now() - 60_000 })
      .where('id', '=', ended.id)
      .execute();
    const offered = (await admin.get('/api/email/competitions?search=Entry Song')).json().items;
    expect(offered.map((c: { name: string }) => c.name)).toEqual(['Entry Song Open']);

    for (const type of ['fancy', 'basic', 'new-competition']) {
      const refused = async (id: string) =>
        (await admin.post('/api/email/bulk', { type, competitionId: id, selection: { all: true } })).json();
      expect(await refused(held.id), type).toMatchObject({
        code: 'NOT_CONFIRMED',
        fieldErrors: { competitionId: [BULK_COMPETITION_MESSAGES.onHold] },
      });
      for (const id of [closed.id, ended.id])
        expect(await refused(id), type).toMatchObject({
          code: 'CLOSED',
          fieldErrors: { competitionId: [BULK_COMPETITION_MESSAGES.notTakingEntries] },
        });
    }
    const queued = await app.db
      .selectFrom('emailMessages')
      .select('id')
      .where('relatedId', 'in', [held.id, closed.id, ended.id])
      .execute();
    expect(queued).toEqual([]);
    const sent = await admin.post('/api/email/bulk', {
      type: 'fancy',
      competitionId: open.id,
      selection: { emails: ['fan1@announce.test'] },
    });
    expect(sent.statusCode, sent.body).toBe(202);
  });

  it('lists the competition the row menu picked, whatever the search, with whether it is confirmed', async () => {
    const held = await createCompetition(admin, { name: 'Included Song' });
    const listed = await admin.get(`/api/email/competitions?search=zzz-nothing&include=${held.id}`);
    expect(listed.json().items).toEqual([
      { id: held.id, name: 'Included Song', organizer: 'Luna Vega', isConfirmed: false },
    ]);
  });
});

describe('plain-text outreach (POST /api/email/outreach)', () => {
  it('sends text/plain only, to the selected subscribers, never to unsubscribed or banned ones', async () => {
    const sent = await admin.post('/api/email/outreach', {
      subject: '  A song for you  ',
      text: 'Hi,\n\nWe think "Midnight Drive" suits your videos.',
      selection: { emails: ['fan1@announce.test', 'quiet@announce.test', 'cheat@announce.test'] },
    });
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json()).toMatchObject({ queued: 1, skipped: 2 });
    const message = (await admin.get(`/api/outbox/${sent.json().messageId}`)).json();
    expect(message).toMatchObject({
      kind: 'outreach',
      isMarketing: true,
      subject: 'A song for you',
      html: '',
    });
    expect(message.text).toMatch(
      /^Hi,\n\nWe think "Midnight Drive" suits your videos\.\n\nYou get this email because .*Unsubscribe with one click: /,
    );
    expect(await outboxRecipients(sent.json().messageId)).toEqual([
      'cheat@announce.test:skipped:banned',
      'fan1@announce.test:queued',
      'quiet@announce.test:skipped:unsubscribed',
    ]);
  });

  it('refuses a missing or too long subject or text, and a subject of two lines, on their fields', async () => {
    const selection = { emails: ['fan1@announce.test'] };
    const cases = [
      [{ subject: ' ', text: 'x' }, 'subject', OUTREACH_MESSAGES.subjectRequired],
      [{ subject: 'x'.repeat(201), text: 'x' }, 'subject', OUTREACH_MESSAGES.subjectTooLong],
      [{ subject: 'One\nTwo', text: 'x' }, 'subject', OUTREACH_MESSAGES.subjectOneLine],
      [{ subject: 'x', text: '' }, 'text', OUTREACH_MESSAGES.textRequired],
      [{ subject: 'x', text: 'x'.repeat(10_001) }, 'text', OUTREACH_MESSAGES.textTooLong],
    ] as const;
    for (const [fields, field, message] of cases) {
      const refused = await admin.post('/api/email/outreach', { ...fields, selection });
      expect(refused.statusCode, field).toBe(400);
      expect(refused.json().fieldErrors, message).toEqual({ [field]: [message] });
    }
    const none = await admin.post('/api/email/outreach', {
      subject: 'x',
      text: 'x',
      selection: { emails: [] },
    });
    expect(none.statusCode).toBe(400);
    const queued = await app.db
      .selectFrom('emailMessages')
      .select('id')
      .where('kind', '=', 'outreach')
      .execute();
    expect(queued).toHaveLength(1);
  });

  it('refuses an outreach without an Idempotency-Key, queueing nothing', async () => {
    const post = await idempotentPoster(app, admin);
    const outreach = {
      subject: 'Keyless outreach',
      text: 'Hello',
      selection: { emails: ['fan1@announce.test'] },
    };
    const messagesBefore = await app.db.selectFrom('emailMessages').select('id').execute();
    expectKeyRequired(await post('/api/email/outreach', outreach));
    expect(await app.db.selectFrom('emailMessages').select('id').execute()).toEqual(messagesBefore);
    expect((await post('/api/email/outreach', outreach, 'keyed-outreach')).statusCode).toBe(202);
  });
});
