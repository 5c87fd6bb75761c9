import { FORM_MESSAGES, competitionTimeOn } from '@preffy/domain';
import type { FastifyInstance } from 'fastify';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInApp, type SignedInClient } from '../../../test/fixtures/signed-in.ts';
import { TestClient, signedInClient } from '../../../test/test-app.ts';

const ZONE = 'America/New_York';
const STAFF_ADDRESS = 'bookings@preffy.test';
let app: FastifyInstance;
let admin: SignedInClient, staff: SignedInClient;
const organizers: { client: TestClient; email: string }[] = [];

beforeAll(async () => {
  const members = { admin: 'admin', staff: 'staff' } as const;
  ({ app, admin, staff } = await signedInApp(members, {
    businessTimeZone: ZONE,
    reservationNoticeEmail: STAFF_ADDRESS,
  }));
  for (const name of ['ana', 'ben', 'cai', 'dee']) {
    const email = `${name}@label.test`;
    organizers.push({ client: (await signedInClient(app, 'organizer', email)).client, email });
  }
});
afterAll(() => app.close());

const reserve = (client: TestClient, day: string, extra: Record<string, unknown> = {}) =>
  client.post('/api/calendar/reservations', { day, organizer: 'Luna Vega', invoiceAmount: 3000, ...extra });

type Day = {
  day: string;
  inMonth: boolean;
  entries: { id: string; organizer: string; tone: string }[];
  confirmedCount: number;
};
const month = async (client: TestClient, m: string) => {
  const response = await client.get(`/api/calendar/months/${m}`);
  expect(response.statusCode).toBe(200);
  return new Map((response.json().days as Day[]).map((d) => [d.day, d]));
};

describe('Reserve A Date', () => {
  it('checks the artist name, a numeric invoice above 0, and a date not in the past', async () => {
    const [ana] = organizers;
    const empty = await ana!.client.post('/api/calendar/reservations', { day: '2031-01-10', organizer: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors).toMatchObject({
      organizer: [FORM_MESSAGES.artistNameRequired],
      invoiceAmount: [FORM_MESSAGES.numeric],
    });
    const zero = await reserve(ana!.client, '2031-01-10', { invoiceAmount: 0 });
    expect(zero.json().fieldErrors).toEqual({ invoiceAmount: [FORM_MESSAGES.invoiceAboveZero] });
    const past = await reserve(ana!.client, '2020-01-10');
    expect(past.json().fieldErrors).toEqual({ day: [FORM_MESSAGES.reservePastDate] });
  });

  it('creates a 7-day hold from 15:00 in the business zone, owned by the requester, with its details', async () => {
    const [ana] = organizers;
    const response = await reserve(ana!.client, '2031-03-03', {
      songName: 'Midnight Drive',
      isGlobal: false,
      territories: 'US, CA',
      languageRequirement: true,
      language: 'Spanish',
      notes: 'Call first',
    });
    expect(response.statusCode).toBe(201);
    const c = response.json().competition;
    expect(c).toMatchObject({
      name: 'Midnight Drive',
      organizer: 'Luna Vega',
      email: 'ana@label.test',
      isConfirmed: false,
      isActive: false,
      hasEnded: false,
      invoiceAmount: 3000,
      startDate: competitionTimeOn('2031-03-03', ZONE),
      endDate: competitionTimeOn('2031-03-10', ZONE),
    });
    expect(c.reservation).toMatchObject({ isGlobal: false, territories: 'US, CA', language: 'Spanish' });
    // 15:00 in New York is 20:00 UTC in winter.
    expect(new Date(c.startDate).toISOString()).toBe('2031-03-03T20:00:00.000Z');
    const row = await app.db
      .selectFrom('competitions')
      .select('reservation')
      .where('id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.reservation!)).toMatchObject({
      isGlobal: false,
      territories: 'US, CA',
      language: 'Spanish',
      notes: 'Call first',
    });
  });

  it('sends the notice to staff, the requester and same-date organizers; a hold conflict only from 4 recipients', async () => {
    const day = '2031-04-15';
    const [ana, ben, cai] = organizers;
    const notices = async (competitionId: string) =>
      app.db
        .selectFrom('emailMessages')
        .innerJoin('emailRecipients', 'emailRecipients.messageId', 'emailMessages.id')
        .select(['kind', 'emailRecipients.email'])
        .where('relatedId', '=', competitionId)
        .orderBy('emailRecipients.email')
        .execute();
    const recipientsOf = (rows: { kind: string; email: string }[], kind: string) =>
      rows.filter((r) => r.kind === kind).map((r) => r.email);

    const first = (await reserve(ana!.client, day)).json().competition;
    expect(recipientsOf(await notices(first.id), 'reservation-notice')).toEqual(
      ['ana@label.test', STAFF_ADDRESS].sort(),
    );

    // Three recipients: staff, ben, ana. No conflict yet.
    const second = (await reserve(ben!.client, day)).json().competition;
    const secondRows = await notices(second.id);
    expect(recipientsOf(secondRows, 'reservation-notice')).toEqual(
      ['ana@label.test', 'ben@label.test', STAFF_ADDRESS].sort(),
    );
    expect(recipientsOf(secondRows, 'hold-conflict')).toEqual([]);

    // Four recipients: the notice and exactly one hold-conflict notice, to the same four.
    const third = (await reserve(cai!.client, day)).json().competition;
    const thirdRows = await notices(third.id);
    const four = ['ana@label.test', 'ben@label.test', 'cai@label.test', STAFF_ADDRESS].sort();
    expect(recipientsOf(thirdRows, 'reservation-notice')).toEqual(four);
    expect(recipientsOf(thirdRows, 'hold-conflict')).toEqual(four);
    const conflicts = await app.db
      .selectFrom('emailMessages')
      .select('id')
      .where('kind', '=', 'hold-conflict')
      .where('relatedId', 'in', [first.id, second.id, third.id])
      .execute();
    expect(conflicts).toHaveLength(1);
  });
});

describe('month grid', () => {
  it('counts confirmed competitions on every day they cover, across the month boundary, in the business zone', async () => {
    const [ana] = organizers;
    const hold = (await reserve(ana!.client, '2031-01-29')).json().competition;
    expect((await staff.post(`/api/competitions/${hold.id}/confirm`, { version: 1 })).statusCode).toBe(200);

    const feb = await month(admin, '2031-02');
    // February 2031 starts on a Saturday: the grid starts Monday 27 January and ends Sunday 2 March.
    expect([...feb.keys()][0]).toBe('2031-01-27');
    expect([...feb.keys()].at(-1)).toBe('2031-03-02');
    expect(feb.get('2031-01-28')).toMatchObject({ inMonth: false, confirmedCount: 0, entries: [] });
    expect(feb.get('2031-01-29')).toMatchObject({ inMonth: false, confirmedCount: 1 });
    expect(feb.get('2031-01-29')!.entries).toMatchObject([
      { id: hold.id, organizer: 'Luna Vega', tone: 'danger' },
    ]);
    for (const day of ['2031-01-30', '2031-02-01', '2031-02-04', '2031-02-05'])
      expect(feb.get(day)!.confirmedCount, day).toBe(1);
    expect(feb.get('2031-02-06')!.confirmedCount).toBe(0);

    const jan = await month(admin, '2031-01');
    expect(jan.get('2031-02-02')).toMatchObject({ inMonth: false, confirmedCount: 1 });
  });

  it('places a start late in the evening on its business-zone day, not its UTC day', async () => {
    const [ben] = organizers;
    const c = (await reserve(ben!.client, '2031-05-20')).json().competition;
    const full = (await admin.get(`/api/competitions/${c.id}`)).json().competition;
    // 21:00 in New York on 20 May is 01:00 UTC on 21 May.
    const lateStart = Date.UTC(2031, 4, 21, 1);
    const { id, createdAt, updatedAt, campaignId, lastUpdated, state, prizeTotal, ...rest } = full;
    void [id, createdAt, updatedAt, campaignId, lastUpdated, state, prizeTotal];
    const moved = await admin.put(`/api/competitions/${c.id}`, {
      ...rest,
      audio: 'https://soundcloud.com/x/y',
      name: 'Late Song',
      startDate: lateStart,
    });
    expect(moved.statusCode).toBe(200);
    const may = await month(admin, '2031-05');
    expect(may.get('2031-05-20')!.entries.map((e) => e.id)).toContain(c.id);
    expect(may.get('2031-05-21')!.entries.map((e) => e.id)).not.toContain(c.id);
  });

  it('shows every organizer the holds, but Edit and Delete only to the owner and administrators', async () => {
    const [, , cai, dee] = organizers;
    const c = (await reserve(cai!.client, '2031-06-11')).json().competition;
    const seenByDee = await month(dee!.client, '2031-06');
    expect(seenByDee.get('2031-06-11')!.entries).toMatchObject([{ id: c.id, tone: 'warning' }]);

    const canChange = async (client: TestClient) =>
      (
        (await client.get('/api/calendar/days/2031-06-13')).json().items as {
          id: string;
          canChange: boolean;
        }[]
      ).find((i) => i.id === c.id)?.canChange;
    expect(await canChange(dee!.client)).toBe(false);
    expect(await canChange(staff)).toBe(false);
    expect(await canChange(cai!.client)).toBe(true);
    expect(await canChange(admin)).toBe(true);

    // Another organizer's competition is answered like a missing one (issue #11 item 9a).
    expect((await dee!.client.delete(`/api/competitions/${c.id}?version=1`)).statusCode).toBe(404);
    expect((await staff.delete(`/api/competitions/${c.id}?version=1`)).statusCode).toBe(403);
    expect((await cai!.client.delete(`/api/competitions/${c.id}?version=1`)).statusCode).toBe(200);
    expect((await month(dee!.client, '2031-06')).get('2031-06-11')!.entries).toEqual([]);
  });

  it('pages the day list and refuses malformed months and days', async () => {
    for (const o of organizers) await reserve(o.client, '2031-07-07');
    const page = (await admin.get('/api/calendar/days/2031-07-08?pageSize=3')).json();
    expect(page.total).toBe(4);
    expect(page.items).toHaveLength(3);
    expect((await admin.get('/api/calendar/days/2031-07-08?pageSize=1000')).statusCode).toBe(400);
    expect((await admin.get('/api/calendar/months/2031-13')).statusCode).toBe(400);
    expect((await admin.get('/api/calendar/days/2031-7-8')).statusCode).toBe(400);
    expect((await admin.get('/api/calendar/days/2031-02-31')).statusCode).toBe(400);
    expect((await reserve(admin, '2031-02-31')).json().fieldErrors).toEqual({
      day: [FORM_MESSAGES.pickDate],
    });
  });
});

describe('Start A Competition from a hold', () => {
  const startBody = (day: string, extra: Record<string, unknown> = {}) => ({
    email: 'ana@label.test',
    name: 'Night Swim',
    organizer: 'Hold To Contest',
    audio: 'https://open.spotify.com/track/night-swim',
    startDate: competitionTimeOn(day, ZONE),
    endDate: competitionTimeOn('2031-09-20', ZONE),
    invoiceAmount: 3000,
    prizes: ['1st Place: $500'],
    isClosed: false,
    ...extra,
  });

  it('turns the hold into the competition: one record, its version checked, audited', async () => {
    const [ana] = organizers;
    const hold = (
      await reserve(ana!.client, '2031-09-08', { organizer: 'Hold To Contest', songName: 'Night Swim' })
    ).json().competition;
    // The Start form finds the hold by artist or song; a song link would mean it already started.
    const found = (await ana!.client.get('/api/competitions/holds?organizer=hold%20to%20contest')).json();
    expect(found.items).toMatchObject([{ id: hold.id, version: 1, isConfirmed: false }]);
    expect((await ana!.client.get('/api/competitions/holds?name=NIGHT%20SWIM')).json().items).toHaveLength(1);
    const day = async () =>
      ((await admin.get('/api/calendar/days/2031-09-08')).json().items as { id: string; canStart: boolean }[])
        .filter((i) => i.id === hold.id)
        .map((i) => i.canStart);
    expect(await day()).toEqual([true]);

    // A stale version is refused, and nothing changes.
    const stale = await admin.post(`/api/competitions/${hold.id}/start`, {
      ...startBody('2031-09-08'),
      version: 2,
    });
    expect(stale.statusCode).toBe(409);

    const started = await admin.post(`/api/competitions/${hold.id}/start`, {
      ...startBody('2031-09-08', { isClosed: true }),
      version: 1,
    });
    expect(started.statusCode).toBe(200);
    expect(started.json().competition).toMatchObject({
      id: hold.id,
      version: 2,
      campaignId: hold.campaignId,
      audio: 'https://open.spotify.com/track/night-swim',
      prizes: ['1st Place: $500'],
      isConfirmed: true,
      // What the reservation asked for stays with the competition.
      reservation: { songName: 'Night Swim' },
    });
    // Still one record for the artist on the day, now the confirmed competition; no longer a hold to start.
    const cell = (await month(admin, '2031-09')).get('2031-09-08')!;
    expect(cell.entries.filter((e) => e.organizer === 'Hold To Contest')).toMatchObject([
      { id: hold.id, tone: 'danger' },
    ]);
    expect(await day()).toEqual([false]);
    expect(
      (await ana!.client.get('/api/competitions/holds?organizer=Hold%20To%20Contest')).json().items,
    ).toEqual([]);
    const again = await admin.post(`/api/competitions/${hold.id}/start`, {
      ...startBody('2031-09-08'),
      version: 2,
    });
    expect([again.statusCode, again.json().code]).toEqual([409, 'HOLD_STARTED']);

    const audit = await app.db
      .selectFrom('auditLog')
      .select('action')
      .where('entity', '=', 'competition')
      .where('entityId', '=', hold.id)
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['create', 'start-from-hold']);
  });

  it("lets the organizer start their own hold at the invoice they offered, and no one else's", async () => {
    const [ana, ben] = organizers;
    const hold = (await reserve(ana!.client, '2031-09-15', { organizer: 'Hold To Contest' })).json()
      .competition;
    // Another organizer's hold answers like a missing one.
    expect(
      (
        await ben!.client.post(`/api/competitions/${hold.id}/start`, {
          ...startBody('2031-09-15'),
          version: 1,
        })
      ).statusCode,
    ).toBe(404);
    // The invoice is staff's to change: the organizer keeps the one their reservation offered.
    const changed = await ana!.client.post(`/api/competitions/${hold.id}/start`, {
      ...startBody('2031-09-15', { invoiceAmount: 9000 }),
      version: 1,
    });
    expect([changed.statusCode, changed.json().code]).toEqual([403, 'FORBIDDEN_FIELD']);
    const started = await ana!.client.post(`/api/competitions/${hold.id}/start`, {
      ...startBody('2031-09-15', { isClosed: false }),
      version: 1,
    });
    expect(started.statusCode).toBe(200);
    // Only staff confirm: the organizer's competition is still unconfirmed.
    expect(started.json().competition).toMatchObject({
      id: hold.id,
      isConfirmed: false,
      invoiceAmount: 3000,
    });
  });
});

describe('iCalendar feed', () => {
  const parse = (text: string) => {
    const calendar = new ICAL.Component(ICAL.parse(text));
    return calendar.getAllSubcomponents('vevent').map((v) => ({
      uid: String(v.getFirstPropertyValue('uid')),
      status: String(v.getFirstPropertyValue('status')),
      summary: new ICAL.Event(v).summary,
      start: new ICAL.Event(v).startDate.toJSDate().getTime(),
    }));
  };

  it("serves the owner's competitions with holds tentative, and stops when rotated or revoked", async () => {
    const [, , , dee] = organizers;
    const own = (await reserve(dee!.client, '2031-08-19', { songName: 'Blue Hour' })).json().competition;
    expect((await dee!.client.get('/api/calendar/feed')).json()).toEqual({ active: false, url: null });
    const { url } = (await dee!.client.post('/api/calendar/feed')).json();
    expect(url).toMatch(/^http:\/\/preffy\.test\/api\/calendar\/feed\/[\w-]+\.ics$/);
    const path = new URL(url).pathname;

    const feed = await new TestClient(app).get(path);
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('text/calendar');
    const events = parse(feed.body);
    // An organizer's feed holds only their own competitions.
    expect(events.every((e) => e.uid.endsWith('@preffy'))).toBe(true);
    const ownEvent = events.find((e) => e.uid === `${own.id}@preffy`);
    expect(ownEvent).toEqual({
      uid: `${own.id}@preffy`,
      status: 'TENTATIVE',
      summary: 'Luna Vega — Blue Hour',
      start: competitionTimeOn('2031-08-19', ZONE),
    });
    const deeIds = (await dee!.client.get('/api/competitions?pageSize=100'))
      .json()
      .items.map((i: { id: string }) => `${i.id}@preffy`);
    expect(events.map((e) => e.uid).sort()).toEqual(deeIds.sort());

    await staff.post(`/api/competitions/${own.id}/confirm`, { version: 1 });
    const confirmed = parse((await new TestClient(app).get(path)).body).find(
      (e) => e.uid === `${own.id}@preffy`,
    );
    expect(confirmed?.status).toBe('CONFIRMED');

    const rotated = (await dee!.client.post('/api/calendar/feed')).json().url;
    expect((await new TestClient(app).get(path)).statusCode).toBe(404);
    expect((await new TestClient(app).get(new URL(rotated).pathname)).statusCode).toBe(200);
    await dee!.client.delete('/api/calendar/feed');
    expect((await new TestClient(app).get(new URL(rotated).pathname)).statusCode).toBe(404);
  });

  it('writes exact content lines for nasty names: CRLF everywhere, at most 75 octets, values intact', async () => {
    const [, , , dee] = organizers;
    const songName = 'Ñandú, «Зимняя песня»; 🎵 back\\slash — 夜に駆ける "quoted" ' + 'é'.repeat(40);
    const own = (await reserve(dee!.client, '2031-09-02', { songName })).json().competition;
    const { url } = (await dee!.client.post('/api/calendar/feed')).json();
    const text = (await new TestClient(app).get(new URL(url).pathname)).body;
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = text.split('\r\n').slice(0, -1);
    for (const line of lines) expect(Buffer.byteLength(line), line).toBeLessThanOrEqual(75);
    expect(parse(text).find((e) => e.uid === `${own.id}@preffy`)?.summary).toBe(`Luna Vega — ${songName}`);
  });
});
