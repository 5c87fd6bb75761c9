import { DAY_MS, FORM_MESSAGES } from '@preffy/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInApp, type SignedInClient } from '../../../test/fixtures/signed-in.ts';
import { TestClient } from '../../../test/test-app.ts';

let app: FastifyInstance;
let staff: SignedInClient;

beforeAll(async () => {
  ({ app, staff } = await signedInApp({ staff: 'staff' }));
});
afterAll(() => app.close());

const startForm = () => ({
  email: 'artist@label.test',
  name: 'Bounded Song',
  organizer: 'Luna Vega',
  audio: 'https://soundcloud.com/luna/bounded',
  startDate: Date.now(),
  endDate: Date.now() + 8 * DAY_MS,
  invoiceAmount: 3000,
  prizes: ['1st Place: $200'],
  isClosed: false,
});
const updateForm = (c: { version: number }) => ({
  ...startForm(),
  version: c.version,
  platforms: ['TikTok'],
  competitionType: 'Hybrid',
  continents: ['Europe'],
  countries: null,
  isDirect: false,
  is555: false,
});

describe('bounded competition input (issue #11 item 4)', () => {
  it('answers the end dates that used to cause a 500 with 400 and a field message', async () => {
    const c = (await staff.post('/api/competitions', startForm())).json().competition;
    for (const endDate of [1e308, 8640000000000001, -1]) {
      const created = await staff.post('/api/competitions', { ...startForm(), endDate });
      expect(created.statusCode, String(endDate)).toBe(400);
      expect(created.json().fieldErrors, String(endDate)).toEqual({
        endDate: [FORM_MESSAGES.dateOutOfWindow],
      });
      const updated = await staff.put(`/api/competitions/${c.id}`, { ...updateForm(c), endDate });
      expect(updated.statusCode, String(endDate)).toBe(400);
      expect(updated.json().fieldErrors.endDate).toEqual([FORM_MESSAGES.dateOutOfWindow]);
    }
    const stored = await staff.put(`/api/competitions/${c.id}`, {
      ...updateForm(c),
      startDate: 0,
      endDate: 8640000000000001,
    });
    expect(stored.statusCode).toBe(400);
    expect(Object.keys(stored.json().fieldErrors).sort()).toEqual(['endDate', 'startDate']);
  });

  it('refuses a 200,000-character name, a country like "<s", and unbounded money and prizes', async () => {
    const long = await staff.post('/api/competitions', { ...startForm(), name: 'x'.repeat(200_000) });
    expect(long.statusCode).toBe(400);
    expect(long.json().fieldErrors).toEqual({ name: [FORM_MESSAGES.textTooLong] });

    const c = (await staff.post('/api/competitions', startForm())).json().competition;
    const country = await staff.put(`/api/competitions/${c.id}`, { ...updateForm(c), countries: ['<s'] });
    expect(country.statusCode).toBe(400);
    expect(country.json().fieldErrors).toEqual({ 'countries.0': [FORM_MESSAGES.countryInvalid] });
    const continent = await staff.put(`/api/competitions/${c.id}`, { ...updateForm(c), continents: ['<b>'] });
    expect(continent.json().fieldErrors).toEqual({ 'continents.0': [FORM_MESSAGES.continentInvalid] });

    for (const invoiceAmount of [10_000_000.01, 12.345])
      expect(
        (await staff.post('/api/competitions', { ...startForm(), invoiceAmount })).json().fieldErrors,
      ).toEqual({ invoiceAmount: [FORM_MESSAGES.amountInvalid] });
    const prizes = Array.from({ length: 51 }, (_, i) => `Prize ${i + 1}: $1`);
    expect((await staff.post('/api/competitions', { ...startForm(), prizes })).json().fieldErrors).toEqual({
      prizes: [FORM_MESSAGES.tooManyPrizes],
    });
    expect((await staff.get(`/api/competitions/${c.id}`)).json().competition.version).toBe(1);
  });

  it('keeps the list, the edit data and the iCal feed working over a row stored before the bounds', async () => {
    const c = (await staff.post('/api/competitions', { ...startForm(), name: 'Broken Dates' })).json()
      .competition;
    const good = (await staff.post('/api/competitions', { ...startForm(), name: 'Good Dates' })).json()
      .competition;
    // The attack's row, written straight to the database as the old API let it be stored.
    await app.db
      .updateTable('competitions')
      .set({ startDate: 0, endDate: 8640000000000001 })
      .where('id', '=', c.id)
      .execute();

    const list = await staff.get('/api/competitions?pageSize=100');
    expect(list.statusCode).toBe(200);
    expect(list.json().items.find((i: { id: string }) => i.id === c.id)).toMatchObject({
      startDate: 0,
      endDate: 8640000000000001,
    });
    const edit = await staff.get(`/api/competitions/${c.id}`);
    expect(edit.statusCode).toBe(200);
    // The update form can repair it.
    const repaired = await staff.put(`/api/competitions/${c.id}`, { ...updateForm(c), name: 'Broken Dates' });
    expect(repaired.statusCode).toBe(200);
    await app.db
      .updateTable('competitions')
      .set({ startDate: 0, endDate: 8640000000000001 })
      .where('id', '=', c.id)
      .execute();

    const { url } = (await staff.post('/api/calendar/feed')).json();
    const feed = await new TestClient(app).get(new URL(url).pathname);
    expect(feed.statusCode).toBe(200);
    expect(feed.body).not.toContain('NaN');
    expect(feed.body).toContain(`${good.id}@preffy`);
    expect(feed.body).not.toContain(`${c.id}@preffy`);
  });
});
