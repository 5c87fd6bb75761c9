import { COMPLETED_COMPETITION_MESSAGE, DAY_MS, FORM_MESSAGES } from '@preffy/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInApp, type SignedInClient } from '../../../test/fixtures/signed-in.ts';

let app: FastifyInstance;
let staff: SignedInClient, organizer: SignedInClient;

beforeAll(async () => {
  ({ app, staff, organizer } = await signedInApp({ staff: 'staff', organizer: 'organizer' }));
});
afterAll(() => app.close());

const startForm = () => ({
  email: organizer.user.email,
  name: 'Own Song',
  organizer: 'Own Artist',
  audio: 'https://soundcloud.com/own/song',
  startDate: Date.now(),
  endDate: Date.now() + 8 * DAY_MS,
  invoiceAmount: 0,
  prizes: ['1st Place: $200'],
  isClosed: false,
});

/** What the Update form sends: every field of the record as read, with its version. */
const updateForm = (c: Record<string, unknown>) => {
  const { id: _i, createdAt: _c, updatedAt: _u, campaignId: _n, lastUpdated: _l, state: _s, ...rest } = c;
  const { prizeTotal: _p, isActive: _a, hasEnded: _h, isConfirmed: _f, reservation: _r, ...form } = rest;
  return form;
};

describe('competition field permissions (issue #11 item 2)', () => {
  it("never confirms an organizer's competition: Is Closed? is refused with 403 naming it", async () => {
    const closed = await organizer.post('/api/competitions', { ...startForm(), isClosed: true });
    expect(closed.statusCode).toBe(403);
    expect(closed.json()).toMatchObject({
      code: 'FORBIDDEN_FIELD',
      fieldErrors: { isClosed: [FORM_MESSAGES.staffOnlyField] },
    });
    expect(closed.json().message).toContain('isClosed');
    const money = await organizer.post('/api/competitions', { ...startForm(), invoiceAmount: 999999 });
    expect(money.statusCode).toBe(403);
    expect(Object.keys(money.json().fieldErrors)).toEqual(['invoiceAmount']);

    const plain = await organizer.post('/api/competitions', startForm());
    expect(plain.statusCode).toBe(201);
    expect(plain.json().competition).toMatchObject({ isConfirmed: false, isClosed: false, invoiceAmount: 0 });
    const mine = (await organizer.get('/api/competitions?pageSize=100')).json().items;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((c: { isConfirmed: boolean }) => !c.isConfirmed)).toBe(true);
  });

  it('refuses an organizer changing money fields and flags on update, naming each; an echo saves', async () => {
    const created = (
      await staff.post('/api/competitions', { ...startForm(), invoiceAmount: 3000, name: 'Their Deal' })
    ).json().competition;
    const form = updateForm(created);

    for (const [field, value] of [
      ['takePct', 0],
      ['invoiceAmount', 999999],
      ['isDirect', true],
      ['is555', true],
      ['isClosed', true],
    ] as const) {
      const response = await organizer.put(`/api/competitions/${created.id}`, { ...form, [field]: value });
      expect(response.statusCode, field).toBe(403);
      expect(response.json().fieldErrors, field).toEqual({ [field]: [FORM_MESSAGES.staffOnlyField] });
      expect(response.json().message, field).toContain(field);
    }
    const stored = (await staff.get(`/api/competitions/${created.id}`)).json().competition;
    expect(stored).toMatchObject({
      version: 1,
      takePct: 1,
      invoiceAmount: 3000,
      isDirect: false,
      is555: false,
    });

    // The form sends every field: the stored values unchanged, with an allowed change, save.
    const echo = await organizer.put(`/api/competitions/${created.id}`, { ...form, name: 'Renamed' });
    expect(echo.statusCode).toBe(200);
    expect(echo.json().competition).toMatchObject({ name: 'Renamed', takePct: 1, invoiceAmount: 3000 });

    const byStaff = await staff.put(`/api/competitions/${created.id}`, {
      ...updateForm(echo.json().competition),
      takePct: 0.8,
      isDirect: true,
    });
    expect(byStaff.statusCode).toBe(200);
    expect(byStaff.json().competition).toMatchObject({ takePct: 0.8, isDirect: true });
  });

  it('lets only staff and admins confirm holds or set the state', async () => {
    const own = (await organizer.post('/api/competitions', startForm())).json().competition;
    const confirm = await organizer.post(`/api/competitions/${own.id}/confirm`, { version: own.version });
    expect(confirm.statusCode).toBe(403);
    const state = await organizer.post(`/api/competitions/${own.id}/state`, {
      version: own.version,
      state: 'active',
    });
    expect(state.statusCode).toBe(403);
    expect((await organizer.get(`/api/competitions/${own.id}`)).json().competition).toMatchObject({
      isConfirmed: false,
      state: 'preview',
      version: 1,
    });
    const byStaff = await staff.post(`/api/competitions/${own.id}/confirm`, { version: own.version });
    expect(byStaff.json().competition.isConfirmed).toBe(true);
  });

  it('refuses an organizer any change to a completed competition, and its deletion; staff still change it', async () => {
    const created = (await staff.post('/api/competitions', { ...startForm(), name: 'Paid Song' })).json()
      .competition;
    const completed = (
      await staff.post(`/api/competitions/${created.id}/state`, {
        version: created.version,
        state: 'completed',
      })
    ).json().competition;
    expect(completed.state).toBe('completed');
    const form = updateForm(completed);

    const renamed = await organizer.put(`/api/competitions/${completed.id}`, {
      ...form,
      name: 'Renamed Song',
      version: completed.version,
    });
    expect(renamed.statusCode, renamed.body).toBe(403);
    expect(renamed.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: COMPLETED_COMPETITION_MESSAGE,
      reason: 'completedCompetition',
    });
    const prizes = await organizer.put(`/api/competitions/${completed.id}`, {
      ...form,
      prizes: ['1st Place: $900'],
      version: completed.version,
    });
    expect(prizes.statusCode).toBe(403);
    const removed = await organizer.delete(`/api/competitions/${completed.id}?version=${completed.version}`);
    expect(removed.statusCode).toBe(403);
    expect(removed.json()).toMatchObject({ message: COMPLETED_COMPETITION_MESSAGE });
    expect((await organizer.get(`/api/competitions/${completed.id}`)).json().competition).toMatchObject({
      name: 'Paid Song',
      version: completed.version,
    });

    // Sent back as read, nothing changes: no refusal.
    const echo = await organizer.put(`/api/competitions/${completed.id}`, {
      ...form,
      version: completed.version,
    });
    expect(echo.statusCode, echo.body).toBe(200);
    const byStaff = await staff.put(`/api/competitions/${completed.id}`, {
      ...form,
      name: 'Renamed By Staff',
      version: echo.json().competition.version,
    });
    expect(byStaff.statusCode, byStaff.body).toBe(200);
  });
});
