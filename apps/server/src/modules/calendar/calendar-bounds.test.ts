import { FORM_MESSAGES } from '@preffy/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInApp, type SignedInClient } from '../../../test/fixtures/signed-in.ts';

let app: FastifyInstance;
let organizer: SignedInClient;

beforeAll(async () => {
  const members = { organizer: 'organizer' } as const;
  ({ app, organizer } = await signedInApp(members, { businessTimeZone: 'America/New_York' }));
});
afterAll(() => app.close());

const reserve = (extra: Record<string, unknown>) =>
  organizer.post('/api/calendar/reservations', {
    day: '2031-05-05',
    organizer: 'Luna Vega',
    invoiceAmount: 3000,
    ...extra,
  });

describe('bounded calendar input (issue #11 item 4)', () => {
  it('answers months and days outside the date window with 400 and a field message, not 500', async () => {
    for (const [url, field] of [
      ['/api/calendar/months/9999-12', 'month'],
      ['/api/calendar/months/2019-12', 'month'],
      ['/api/calendar/days/9999-12-31', 'day'],
      ['/api/calendar/days/0001-01-01', 'day'],
    ] as const) {
      const response = await organizer.get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().fieldErrors, url).toEqual({ [field]: [FORM_MESSAGES.dateOutOfWindow] });
    }
    // The window's edges still work, 7-day holds running past the last day included.
    expect((await organizer.get('/api/calendar/months/2100-12')).statusCode).toBe(200);
    expect((await organizer.get('/api/calendar/days/2100-12-31')).statusCode).toBe(200);
    expect((await organizer.get('/api/calendar/months/2020-01')).statusCode).toBe(200);
  });

  it('refuses a reservation on 9999-12-31 and unbounded reservation fields', async () => {
    const far = await reserve({ day: '9999-12-31' });
    expect(far.statusCode).toBe(400);
    expect(far.json().fieldErrors).toEqual({ day: [FORM_MESSAGES.dateOutOfWindow] });
    for (const [change, field, message] of [
      [{ invoiceAmount: 1e308 }, 'invoiceAmount', FORM_MESSAGES.amountInvalid],
      [{ invoiceAmount: 10.001 }, 'invoiceAmount', FORM_MESSAGES.amountInvalid],
      [{ organizer: 'x'.repeat(200_000) }, 'organizer', FORM_MESSAGES.textTooLong],
      [{ songName: 'x'.repeat(201) }, 'songName', FORM_MESSAGES.textTooLong],
      [{ notes: 'x'.repeat(10_001) }, 'notes', FORM_MESSAGES.textTooLong],
      [{ territories: 'x'.repeat(2_001) }, 'territories', FORM_MESSAGES.textTooLong],
    ] as const) {
      const response = await reserve(change);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().fieldErrors, field).toEqual({ [field]: [message] });
    }
    const last = await reserve({ day: '2100-12-31' });
    expect(last.statusCode).toBe(201);
    expect((await organizer.get('/api/competitions?pageSize=100')).json().total).toBe(1);
  });
});
