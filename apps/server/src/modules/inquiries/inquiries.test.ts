import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INQUIRY_SERVER_MESSAGES, inquirySchema } from '@preffy/api';
import { FORM_MESSAGES, INQUIRY_MESSAGES } from '@preffy/domain';
import { newCompetition } from '../../../test/fixtures/competitions.ts';
import { EACH_ROLE, signedInApp, type SignedInClient } from '../../../test/fixtures/signed-in.ts';
import { TestClient } from '../../../test/test-app.ts';
import { INQUIRY_ASSIGNEE_INVALID, INQUIRY_HOLD_MISSING, INQUIRY_NOTE_EMPTY } from './inquiries.service.ts';

let app: FastifyInstance;
let staff: SignedInClient, admin: SignedInClient, organizer: SignedInClient;
beforeAll(async () => {
  ({ app, staff, admin, organizer } = await signedInApp(EACH_ROLE));
});
afterAll(() => app.close());

let ipCounter = 0;
const submit = (body: Record<string, unknown>, ip = `10.9.0.${++ipCounter}`) =>
  app.inject({ method: 'POST', url: '/api/public/inquiries', payload: body, remoteAddress: ip });

let seq = 0;
const form = (fields: Record<string, unknown> = {}) => ({
  firstName: 'Maya',
  lastName: `Chen${++seq}`,
  email: `maya${seq}@label.test`,
  phone: '+1 415 555 2671',
  source: 'Website',
  inquiryType: 'Campaign',
  platforms: ['TikTok', 'Instagram'],
  message: 'We would like a campaign',
  ...fields,
});

type Item = { id: string; fullName: string; status: string; version: number; email: string };

async function create(fields: Record<string, unknown> = {}) {
  const response = await staff.post('/api/inquiries', form(fields));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().inquiry as Item & Record<string, unknown>;
}

const list = async (query: string, client = staff) => {
  const response = await client.get(`/api/inquiries?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { items: Item[]; total: number };
};

const update = (item: { id: string; version: number }, fields: Record<string, unknown>) =>
  staff.put(`/api/inquiries/${item.id}`, {
    version: item.version,
    firstName: 'Maya',
    lastName: 'Chen',
    email: 'maya@label.test',
    status: 'Unseen',
    ...fields,
  });

const assignmentEmails = (id: string) =>
  app.db
    .selectFrom('emailRecipients')
    .innerJoin('emailMessages', 'emailMessages.id', 'emailRecipients.messageId')
    .select(['emailRecipients.email', 'emailMessages.kind'])
    .where('emailMessages.relatedEntity', '=', 'inquiry')
    .where('emailMessages.relatedId', '=', id)
    .execute();

describe('access', () => {
  const staffCalls: [string, string][] = [
    ['GET', '/api/inquiries'],
    ['GET', '/api/inquiries/unseen-count'],
    ['GET', '/api/inquiries/assignees'],
    ['POST', '/api/inquiries'],
    ['GET', '/api/inquiries/x'],
    ['PUT', '/api/inquiries/x'],
    ['DELETE', '/api/inquiries/x?version=1'],
    ['GET', '/api/inquiries/x/notes'],
    ['POST', '/api/inquiries/x/notes'],
    ['GET', '/api/inquiries/x/activity'],
    ['POST', '/api/inquiries/x/hold'],
  ];
  it.each(staffCalls)('%s %s: organizers 403, anonymous 401', async (method, url) => {
    const asOrganizer = await organizer.request(method as 'GET', url, method === 'GET' ? undefined : {});
    expect(asOrganizer.statusCode).toBe(403);
    const anonymous = await new TestClient(app).request(
      method as 'GET',
      url,
      method === 'GET' ? undefined : {},
    );
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the public form', () => {
  it('stores a new inquiry, Unseen, with its platforms joined, audited with no actor', async () => {
    const fields = form();
    const response = await submit(fields);
    expect(response.statusCode, response.body).toBe(201);
    const page = await list(`status=unseen&search=${fields.lastName}`);
    expect(page.total).toBe(1);
    const item = page.items[0] as Item & Record<string, unknown>;
    expect(inquirySchema.parse(item)).toMatchObject({
      status: 'Unseen',
      platforms: 'TikTok, Instagram',
      assignedToEmail: null,
      source: 'Website',
    });
    const activity = (await staff.get(`/api/inquiries/${item.id}/activity`)).json();
    expect(activity.items).toMatchObject([{ action: 'created', actorName: null }]);
  });

  it('answers 201 to a filled honeypot and stores nothing', async () => {
    const fields = form({ website: 'http://spam.example' });
    expect((await submit(fields)).statusCode).toBe(201);
    expect((await list(`search=${fields.lastName}`)).total).toBe(0);
  });

  it('refuses each invalid field with its message', async () => {
    const response = await submit({
      firstName: '',
      lastName: ' ',
      email: 'nope',
      phone: '12',
      // Unknown options are refused by the lists' check (inquiry-options.test.ts); blanks here.
      source: '',
      inquiryType: ' ',
      platforms: [''],
      message: '',
    });
    expect(response.statusCode).toBe(400);
    const { fieldErrors } = response.json();
    expect(fieldErrors.firstName).toContain(FORM_MESSAGES.firstNameInvalid);
    expect(fieldErrors.lastName).toContain(FORM_MESSAGES.lastNameInvalid);
    expect(fieldErrors.email).toContain(FORM_MESSAGES.inquiryEmailInvalid);
    expect(fieldErrors.phone).toContain(FORM_MESSAGES.phoneInvalid);
    expect(fieldErrors.source).toContain(INQUIRY_MESSAGES.sourceInvalid);
    expect(fieldErrors.inquiryType).toContain(INQUIRY_MESSAGES.typeInvalid);
    expect(JSON.stringify(fieldErrors)).toContain(INQUIRY_MESSAGES.platformInvalid);
    expect(fieldErrors.message).toContain(INQUIRY_MESSAGES.messageRequired);
  });

  it('allows 10 per hour from one address, then 429', async () => {
    const ip = '10.99.99.99';
    for (let i = 0; i < 10; i++) expect((await submit(form({ website: 'x' }), ip)).statusCode).toBe(201);
    expect((await submit(form(), ip)).statusCode).toBe(429);
  });
});

describe('the inbox', () => {
  it('filters by status (unknown = all), by mine, searches, sorts and pages; counts Unseen', async () => {
    const tag = `Filt${Date.now()}`;
    const unseen = await create({ lastName: `${tag}a` });
    const progress = await create({ lastName: `${tag}b` });
    const done = await create({ lastName: `${tag}c`, source: 'Event' });
    expect(
      (
        await update(progress, {
          lastName: `${tag}b`,
          status: 'In Progress',
          assignedToEmail: staff.user.email,
        })
      ).statusCode,
    ).toBe(200);
    expect((await update(done, { lastName: `${tag}c`, status: 'Completed' })).statusCode).toBe(200);
    const names = async (q: string) =>
      (await list(`search=${tag}&sortBy=fullName&sortDirection=asc&${q}`)).items.map((i) => i.fullName);
    expect(await names('status=unseen')).toEqual([`Maya ${tag}a`]);
    expect(await names('status=InProgress')).toEqual([`Maya ${tag}b`]);
    expect(await names('status=completed')).toEqual([`Maya ${tag}c`]);
    expect(await names('status=whatever')).toEqual([`Maya ${tag}a`, `Maya ${tag}b`, `Maya ${tag}c`]);
    expect(await names('')).toHaveLength(3);
    expect(await names('mine=true')).toEqual([`Maya ${tag}b`]);
    expect((await list(`search=${tag}&mine=true`, admin)).total).toBe(0);
    const desc = await list(`search=${tag}&sortBy=fullName&sortDirection=desc&pageSize=2&page=1`);
    expect(desc.total).toBe(3);
    expect(desc.items.map((i) => i.fullName)).toEqual([`Maya ${tag}c`, `Maya ${tag}b`]);
    const second = await list(`search=${tag}&sortBy=fullName&sortDirection=desc&pageSize=2&page=2`);
    expect(second.items.map((i) => i.fullName)).toEqual([`Maya ${tag}a`]);
    // search on email, source, type
    expect((await list(`search=${unseen.email}`)).items.map((i) => i.id)).toEqual([unseen.id]);
    expect((await list(`search=${tag}`)).total).toBe(3);
    expect((await list(`search=Event&status=completed`)).items.map((i) => i.id)).toContain(done.id);
    const count = (await staff.get('/api/inquiries/unseen-count')).json().count;
    expect(count).toBeGreaterThanOrEqual(1);
    await create();
    expect((await staff.get('/api/inquiries/unseen-count')).json().count).toBe(count + 1);
  });

  it('refuses bad list queries', async () => {
    expect((await staff.get('/api/inquiries?sortBy=password')).statusCode).toBe(400);
    expect((await staff.get('/api/inquiries?mine=maybe')).statusCode).toBe(400);
    expect((await staff.get(`/api/inquiries?status=${'x'.repeat(51)}`)).statusCode).toBe(400);
  });

  it('lists staff and admins as assignees, not organizers', async () => {
    const emails = (await staff.get('/api/inquiries/assignees'))
      .json()
      .items.map((u: { email: string }) => u.email);
    expect(emails).toEqual(expect.arrayContaining([staff.user.email, admin.user.email]));
    expect(emails).not.toContain(organizer.user.email);
  });
});

describe('Update Inquiry', () => {
  it('refuses each invalid field with the legacy messages', async () => {
    const item = await create();
    const response = await update(item, {
      firstName: '',
      lastName: '',
      email: 'x',
      phone: 'abc',
      status: 'Paid',
    });
    expect(response.statusCode).toBe(400);
    const { fieldErrors } = response.json();
    expect(fieldErrors.firstName).toContain('Invalid First Name');
    expect(fieldErrors.lastName).toContain('Invalid Last Name');
    expect(fieldErrors.email).toContain('Invalid email');
    expect(fieldErrors.phone).toContain('Invalid phone');
    expect(fieldErrors.status).toContain('Invalid Inquiry Status');
  });

  it('answers a stale version with 409 and the inquiry as it is', async () => {
    const item = await create();
    expect((await update(item, { status: 'In Progress' })).statusCode).toBe(200);
    const stale = await update(item, { status: 'Completed' });
    expect(stale.statusCode).toBe(409);
    expect(inquirySchema.parse(stale.json().current)).toMatchObject({
      id: item.id,
      status: 'In Progress',
      version: 2,
    });
  });

  it('refuses an assignee who is not active staff', async () => {
    const item = await create();
    for (const email of [organizer.user.email, 'nobody@preffy.test']) {
      const response = await update(item, { assignedToEmail: email });
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors.assignedToEmail).toEqual([INQUIRY_ASSIGNEE_INVALID]);
    }
  });

  it('queues the assignment email only when the assignee changes; audits status/assigned/updated', async () => {
    const item = await create();
    let response = await update(item, { assignedToEmail: staff.user.email });
    expect(response.statusCode, response.body).toBe(200);
    let current = response.json().inquiry;
    expect(current).toMatchObject({ assignedToEmail: staff.user.email, assignedToName: 'Test staff' });
    expect(await assignmentEmails(item.id)).toEqual([
      { email: staff.user.email, kind: 'inquiry-assignment' },
    ]);
    response = await update(current, { assignedToEmail: staff.user.email, status: 'In Progress' });
    current = response.json().inquiry;
    expect(await assignmentEmails(item.id)).toHaveLength(1);
    response = await update(current, {
      assignedToEmail: staff.user.email,
      status: 'In Progress',
      firstName: 'May',
    });
    current = response.json().inquiry;
    response = await update(current, {
      assignedToEmail: admin.user.email,
      status: 'In Progress',
      firstName: 'May',
    });
    expect(await assignmentEmails(item.id)).toHaveLength(2);
    const note = await staff.post(`/api/inquiries/${item.id}/notes`, {
      message: '<p>Called <b>them</b></p>',
    });
    expect(note.statusCode).toBe(201);
    const activity = (await staff.get(`/api/inquiries/${item.id}/activity`)).json();
    expect(activity.items.map((a: { action: string }) => a.action)).toEqual([
      'note',
      'assigned',
      'updated',
      'status',
      'assigned',
      'created',
    ]);
    expect(activity.items[0].actorName).toBe('Test staff');
    expect(activity.items[3].changes).toEqual({ status: { from: 'Unseen', to: 'In Progress' } });
    const paged = (await staff.get(`/api/inquiries/${item.id}/activity?pageSize=2&page=3`)).json();
    expect(paged.total).toBe(6);
    expect(paged.items.map((a: { action: string }) => a.action)).toEqual(['assigned', 'created']);
  });
});

describe('notes', () => {
  it('sanitises the message (a script is dropped), newest first, with the author', async () => {
    const item = await create();
    const first = await staff.post(`/api/inquiries/${item.id}/notes`, {
      message: '<p>Hello<script>alert(1)</script></p>',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json().note.message).toBe('<p>Hello</p>');
    await new Promise((r) => setTimeout(r, 5));
    await admin.post(`/api/inquiries/${item.id}/notes`, { message: 'Second' });
    const notes = (await staff.get(`/api/inquiries/${item.id}/notes`)).json();
    expect(notes.total).toBe(2);
    expect(notes.items.map((n: { authorName: string }) => n.authorName)).toEqual([
      'Test admin',
      'Test staff',
    ]);
    expect(JSON.stringify(notes)).not.toContain('script');
  });

  it('shows each author’s profile picture as it is now (null: initials)', async () => {
    const item = await create();
    await admin.post(`/api/inquiries/${item.id}/notes`, { message: 'Before the picture' });
    await app.db
      .updateTable('users')
      .set({ avatarUrl: '/images/avatar-a.png' })
      .where('email', '=', admin.user.email)
      .execute();
    const added = await admin.post(`/api/inquiries/${item.id}/notes`, { message: 'After' });
    expect(added.json().note.authorAvatarUrl).toBe('/images/avatar-a.png');
    await staff.post(`/api/inquiries/${item.id}/notes`, { message: 'No picture' });
    const notes = (await staff.get(`/api/inquiries/${item.id}/notes`)).json();
    const pictures = Object.fromEntries(
      notes.items.map((n: { message: string; authorAvatarUrl: string | null }) => [
        n.message,
        n.authorAvatarUrl,
      ]),
    );
    expect(pictures).toEqual({
      'Before the picture': '/images/avatar-a.png',
      After: '/images/avatar-a.png',
      'No picture': null,
    });
    await app.db
      .updateTable('users')
      .set({ avatarUrl: null })
      .where('email', '=', admin.user.email)
      .execute();
  });

  it('refuses a note that is empty once sanitised, and notes of a missing inquiry', async () => {
    const item = await create();
    const empty = await staff.post(`/api/inquiries/${item.id}/notes`, { message: '<script>x</script>' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors.message).toEqual([INQUIRY_NOTE_EMPTY]);
    expect((await staff.post('/api/inquiries/missing/notes', { message: 'x' })).statusCode).toBe(404);
    expect((await staff.get('/api/inquiries/missing/notes')).statusCode).toBe(404);
    expect((await staff.get('/api/inquiries/missing/activity')).statusCode).toBe(404);
  });
});

describe('delete and hold', () => {
  it('deletes softly with the version: gone from the list and get 404, audited', async () => {
    const item = await create();
    expect((await staff.delete(`/api/inquiries/${item.id}?version=${item.version + 1}`)).statusCode).toBe(
      409,
    );
    expect((await staff.delete(`/api/inquiries/${item.id}?version=${item.version}`)).statusCode).toBe(200);
    expect((await list(`search=${item.email}`)).total).toBe(0);
    expect((await staff.get(`/api/inquiries/${item.id}`)).statusCode).toBe(404);
    const row = await app.db
      .selectFrom('inquiries')
      .select('deleted')
      .where('id', '=', item.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.deleted)).toBe(1);
    const audit = await app.db
      .selectFrom('auditLog')
      .select('action')
      .where('entity', '=', 'inquiry')
      .where('entityId', '=', item.id)
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['created', 'deleted']);
  });

  it('links a live competition as its hold, with the version', async () => {
    const item = await create();
    const missing = await staff.post(`/api/inquiries/${item.id}/hold`, {
      version: item.version,
      competitionId: 'nope',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors.competitionId).toEqual([INQUIRY_HOLD_MISSING]);
    const competitionId = await newCompetition(app, staff);
    const linked = await staff.post(`/api/inquiries/${item.id}/hold`, {
      version: item.version,
      competitionId,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().inquiry).toMatchObject({ competitionId, version: item.version + 1 });
    const stale = await staff.post(`/api/inquiries/${item.id}/hold`, {
      version: item.version,
      competitionId,
    });
    expect(stale.statusCode).toBe(409);
    // A second hold, reserved at the same time by someone else, never replaces the first link.
    const second = await newCompetition(app, staff);
    const replace = await staff.post(`/api/inquiries/${item.id}/hold`, {
      version: item.version + 1,
      competitionId: second,
    });
    expect(replace.statusCode).toBe(409);
    expect(replace.json()).toMatchObject({
      code: 'HOLD_LINKED',
      message: INQUIRY_SERVER_MESSAGES.holdLinked,
    });
    const kept = (await staff.get(`/api/inquiries/${item.id}`)).json();
    expect(kept.inquiry.competitionId).toBe(competitionId);
    const activity = (await staff.get(`/api/inquiries/${item.id}/activity`)).json();
    expect(activity.items[0]).toMatchObject({ action: 'hold', actorName: 'Test staff' });
  });
});
