import { INQUIRY_OPTION_MESSAGES, inquiryOptionSchema } from '@preffy/api';
import {
  INQUIRY_MESSAGES,
  INQUIRY_PLATFORMS,
  INQUIRY_SOURCES,
  INQUIRY_TYPES,
  type InquiryOptionKind,
} from '@preffy/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EACH_ROLE, signedInApp, type SignedInClient } from '../../../test/fixtures/signed-in.ts';
import { TestClient } from '../../../test/test-app.ts';

let app: FastifyInstance;
let staff: SignedInClient, admin: SignedInClient, organizer: SignedInClient;
beforeAll(async () => {
  ({ app, staff, admin, organizer } = await signedInApp(EACH_ROLE));
});
afterAll(() => app.close());

type Option = { id: string; kind: InquiryOptionKind; label: string; position: number; version: number };

const choices = async () => {
  const response = await app.inject({ method: 'GET', url: '/api/public/inquiry-options' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { sources: string[]; types: string[]; platforms: string[] };
};

const options = async (kind: InquiryOptionKind) => {
  const response = await staff.get('/api/inquiry-options');
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().items as Option[]).filter((o) => o.kind === kind);
};

const option = async (kind: InquiryOptionKind, label: string) =>
  (await options(kind)).find((o) => o.label === label)!;

async function add(kind: InquiryOptionKind, label: string, client = staff) {
  const response = await client.post('/api/inquiry-options', { kind, label });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().option as Option;
}

const patch = (o: { id: string; version: number }, body: Record<string, unknown>) =>
  staff.patch(`/api/inquiry-options/${o.id}`, { version: o.version, ...body });
const remove = (o: { id: string; version: number }) =>
  staff.delete(`/api/inquiry-options/${o.id}?version=${o.version}`);

let ipCounter = 0;
let seq = 0;
const submit = (fields: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: '/api/public/inquiries',
    remoteAddress: `10.8.0.${++ipCounter}`,
    payload: {
      firstName: 'Maya',
      lastName: `Options${++seq}`,
      email: `maya${seq}@options.test`,
      source: 'Website',
      inquiryType: 'Campaign',
      platforms: [],
      message: 'Hello',
      ...fields,
    },
  });

const storedInquiry = (lastName: string) =>
  app.db
    .selectFrom('inquiries')
    .select(['id', 'source', 'inquiryType', 'platforms'])
    .where('lastName', '=', lastName)
    .executeTakeFirstOrThrow();

describe('access', () => {
  it.each([
    ['GET', '/api/inquiry-options'],
    ['POST', '/api/inquiry-options'],
    ['PATCH', '/api/inquiry-options/x'],
    ['DELETE', '/api/inquiry-options/x?version=1'],
  ] as const)('%s %s: organizers 403, anonymous 401', async (method, url) => {
    const body = method === 'GET' ? undefined : { kind: 'source', label: 'Nope', version: 1 };
    expect((await organizer.request(method, url, body)).statusCode).toBe(403);
    expect((await new TestClient(app).request(method, url, body)).statusCode).toBe(401);
  });

  it('lets anyone read the lists the contact form offers', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/public/inquiry-options' });
    expect(response.statusCode).toBe(200);
  });
});

describe('the lists as seeded', () => {
  it('offer the former fixed lists, in their order, so nothing changed for users', async () => {
    expect(await choices()).toEqual({
      sources: [...INQUIRY_SOURCES],
      types: [...INQUIRY_TYPES],
      platforms: [...INQUIRY_PLATFORMS],
    });
    for (const o of await options('source')) expect(inquiryOptionSchema.strict().parse(o).version).toBe(1);
  });
});

describe('staff edit a list', () => {
  it('adds at the end (trimmed), audited; admins too; the form offers it', async () => {
    const podcast = await add('source', '  Podcast ');
    expect(podcast).toMatchObject({ kind: 'source', label: 'Podcast', version: 1 });
    await add('platform', 'Twitch', admin);
    const { sources, platforms } = await choices();
    expect(sources.at(-1)).toBe('Podcast');
    expect(platforms.at(-1)).toBe('Twitch');
    const audit = await app.db
      .selectFrom('auditLog')
      .select(['action', 'changes'])
      .where('entity', '=', 'inquiryOption')
      .where('entityId', '=', podcast.id)
      .execute();
    expect(audit).toEqual([
      { action: 'created', changes: JSON.stringify({ kind: 'source', label: 'Podcast' }) },
    ]);
  });

  it('refuses a label the list has (whatever the case), an empty or too long label, an unknown kind', async () => {
    const taken = await staff.post('/api/inquiry-options', { kind: 'source', label: ' website ' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().fieldErrors).toEqual({ label: [INQUIRY_OPTION_MESSAGES.labelTaken] });
    // Another list may hold the same label.
    expect(
      (await staff.post('/api/inquiry-options', { kind: 'platform', label: 'Website' })).statusCode,
    ).toBe(201);
    const empty = await staff.post('/api/inquiry-options', { kind: 'type', label: '   ' });
    expect(empty.json().fieldErrors.label).toEqual([INQUIRY_MESSAGES.optionLabelRequired]);
    const long = await staff.post('/api/inquiry-options', { kind: 'type', label: 'x'.repeat(81) });
    expect(long.json().fieldErrors.label).toEqual([INQUIRY_MESSAGES.optionLabelTooLong]);
    expect((await staff.post('/api/inquiry-options', { kind: 'colour', label: 'Red' })).statusCode).toBe(400);
  });

  it('renames with the version; a stale version is 409 with the option as it is; a taken label 400', async () => {
    const event = await option('source', 'Event');
    const renamed = await patch(event, { label: 'Live event' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().option).toMatchObject({ id: event.id, label: 'Live event', version: 2 });

    const stale = await patch(event, { label: 'Stale' });
    expect(stale.statusCode).toBe(409);
    expect(inquiryOptionSchema.strict().parse(stale.json().current)).toMatchObject({
      label: 'Live event',
      version: 2,
    });

    const taken = await patch({ id: event.id, version: 2 }, { label: 'REFERRAL' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().fieldErrors).toEqual({ label: [INQUIRY_OPTION_MESSAGES.labelTaken] });
    // Its own label in another case is no clash.
    expect((await patch({ id: event.id, version: 2 }, { label: 'LIVE EVENT' })).statusCode).toBe(200);
    expect((await patch({ id: event.id, version: 3 }, {})).statusCode).toBe(400);
    expect((await staff.patch('/api/inquiry-options/missing', { version: 1, label: 'X' })).statusCode).toBe(
      404,
    );
  });

  it('moves an option to a position: the others close up, keeping their versions', async () => {
    const before = await options('type');
    const other = before.find((o) => o.label === 'Other')!;
    const moved = await patch(other, { position: 0 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await choices()).types).toEqual(['Other', 'Campaign', 'Pricing', 'Partnership']);
    const after = await options('type');
    expect(after.map((o) => o.position)).toEqual([0, 1, 2, 3]);
    for (const o of after.filter((o) => o.id !== other.id))
      expect(o.version).toBe(before.find((b) => b.id === o.id)!.version);
    // Past the end means the end.
    await patch(await option('type', 'Other'), { position: 49 });
    expect((await choices()).types).toEqual(['Campaign', 'Pricing', 'Partnership', 'Other']);
    expect(
      (await staff.patch(`/api/inquiry-options/${other.id}`, { version: 3, position: 50 })).statusCode,
    ).toBe(400);
  });

  it('removes softly with the version: gone from the form, kept in the table, audited', async () => {
    const twitch = await option('platform', 'Twitch');
    expect((await remove({ id: twitch.id, version: 9 })).statusCode).toBe(409);
    const removed = await remove(twitch);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await choices()).platforms).not.toContain('Twitch');
    const row = await app.db
      .selectFrom('inquiryOptions')
      .select(['deleted', 'version'])
      .where('id', '=', twitch.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ deleted: 1, version: 2 });
    expect((await remove({ id: twitch.id, version: 2 })).statusCode).toBe(404);
    // The label is free again.
    await add('platform', 'Twitch');
  });
});

describe('the contact form checks the lists', () => {
  it('takes a newly added option (as the list spells it), refuses unknown and removed ones', async () => {
    await add('type', 'Tour');
    const accepted = await submit({
      source: 'podcast',
      inquiryType: 'Tour',
      platforms: ['twitch', 'Twitch'],
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(await storedInquiry(`Options${seq}`)).toMatchObject({
      source: 'Podcast',
      inquiryType: 'Tour',
      platforms: 'Twitch',
    });

    const unknown = await submit({ source: 'Billboard', inquiryType: 'Bogus', platforms: ['MySpace'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fieldErrors).toEqual({
      source: [INQUIRY_MESSAGES.sourceInvalid],
      inquiryType: [INQUIRY_MESSAGES.typeInvalid],
      platforms: [INQUIRY_MESSAGES.platformInvalid],
    });

    const tour = await option('type', 'Tour');
    expect((await remove(tour)).statusCode).toBe(200);
    const removed = await submit({ inquiryType: 'Tour' });
    expect(removed.statusCode).toBe(400);
    expect(removed.json().fieldErrors).toEqual({ inquiryType: [INQUIRY_MESSAGES.typeInvalid] });
    expect(
      await app.db.selectFrom('inquiries').select('id').where('lastName', '=', `Options${seq}`).execute(),
    ).toEqual([]);
  });

  it('so does Add Inquiry', async () => {
    const response = await staff.post('/api/inquiries', {
      firstName: 'Maya',
      lastName: 'Staff',
      email: 'maya@staff.test',
      source: 'Nowhere',
      inquiryType: 'Campaign',
      message: 'Hi',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ source: [INQUIRY_MESSAGES.sourceInvalid] });
  });

  it('a rename or removal leaves the text of old inquiries alone', async () => {
    expect((await submit({ source: 'Referral', platforms: ['YouTube'] })).statusCode).toBe(201);
    const lastName = `Options${seq}`;
    expect((await patch(await option('source', 'Referral'), { label: 'Word of mouth' })).statusCode).toBe(
      200,
    );
    expect((await remove(await option('platform', 'YouTube'))).statusCode).toBe(200);
    const stored = await storedInquiry(lastName);
    expect(stored).toMatchObject({ source: 'Referral', platforms: 'YouTube' });
    const shown = (await staff.get(`/api/inquiries/${stored.id}`)).json().inquiry;
    expect(shown).toMatchObject({ source: 'Referral', platforms: 'YouTube' });
  });
});

describe('limits', () => {
  it('two adds of one label at once make one option (a unique index backs the check)', async () => {
    const [a, b] = await Promise.all([
      staff.post('/api/inquiry-options', { kind: 'source', label: 'Newsletter' }),
      admin.post('/api/inquiry-options', { kind: 'source', label: 'NEWSLETTER' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 400]);
    const row = { version: 1, createdAt: 1, updatedAt: 1, kind: 'source' as const, position: 99 };
    await expect(
      app.db
        .insertInto('inquiryOptions')
        .values({ ...row, id: 'dup', deleted: 0, label: 'newsletter' })
        .execute(),
    ).rejects.toThrow(/unique|duplicate/i);
    // A removed option does not hold its label.
    await app.db
      .insertInto('inquiryOptions')
      .values({ ...row, id: 'gone', deleted: 1, label: 'newsletter' })
      .execute();
  });

  it('a list holds at most 50 live options', async () => {
    const live = (await options('platform')).length;
    for (let i = live; i < 50; i++) await add('platform', `Platform ${i}`);
    const full = await staff.post('/api/inquiry-options', { kind: 'platform', label: 'One too many' });
    expect(full.statusCode).toBe(400);
    expect(full.json().fieldErrors).toEqual({ label: [INQUIRY_OPTION_MESSAGES.listFull] });
    // Removing one makes room again.
    expect((await remove(await option('platform', 'Platform 49'))).statusCode).toBe(200);
    await add('platform', 'One too many');
  });

  it('source and type keep at least one option (the form requires them); platforms may be empty', async () => {
    const sources = await options('source');
    for (const o of sources.slice(1)) expect((await remove(o)).statusCode).toBe(200);
    const last = await remove(sources[0]!);
    expect(last.statusCode).toBe(400);
    expect(last.json().fieldErrors).toEqual({ kind: [INQUIRY_OPTION_MESSAGES.lastRequired] });
    expect((await choices()).sources).toEqual([sources[0]!.label]);
    for (const o of await options('platform')) expect((await remove(o)).statusCode).toBe(200);
    expect((await choices()).platforms).toEqual([]);
  });
});
