import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCompetition } from '../../../test/fixtures/competitions.ts';
import { insertPayments } from '../../../test/fixtures/payments.ts';
import { signedInApp, type SignedInClient } from '../../../test/fixtures/signed-in.ts';
import { now } from '../../lib/clock.ts';

const DAY_MS = 24 * 3600_000;

let app: FastifyInstance;
let staff: SignedInClient;
beforeAll(async () => {
  // Analytics keeps its figures a minute here, as in production: the money must not wait for it.
  ({ app, staff } = await signedInApp({ staff: 'staff' }, { aggregatesCacheMs: 60_000 }));
});
afterAll(() => app.close());

const json = async (path: string) => {
  const response = await staff.get(path);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

/** The money paid as each of the four screens' endpoints reports it. */
const paidEverywhere = async (competitionId: string) => ({
  payments: (await json('/api/payments/totals')).paid.amount,
  analytics: (await json('/api/analytics?preset=last7')).prizeMoney.paid,
  dashboard: (await json('/api/dashboard/tiles')).payments.paid,
  report: (await json(`/api/reports/${competitionId}`)).report.money.paid,
});

describe('prize money paid (decision 0106)', () => {
  it('is the same figure on Payments, Analytics, the dashboard and the report, right after paying', async () => {
    const id = await newCompetition(app, staff, { name: 'Paid Song' });
    await app.db
      .updateTable('competitions')
      .set({ endDate: now() - DAY_MS })
      .where('id', '=', id)
      .execute();
    // Notify Winners' payments: 80 % of $500.125, $300.25 and $200, as sent; and a deleted one.
    const rows = await insertPayments(app.db, id, [
      { amount: 400.1 },
      { amount: 240.2 },
      { amount: 160 },
      { amount: 999, status: 'Paid', deleted: 1 },
    ]);
    expect(await paidEverywhere(id)).toEqual({ payments: 0, analytics: 0, dashboard: 0, report: 0 });

    for (const row of rows.slice(0, 3)) {
      const sent = await staff.post(`/api/payments/${row.id}/send`, { version: row.version });
      expect(sent.statusCode, sent.body).toBe(200);
    }
    // Each payment once, to the cent (400.1 + 240.2 + 160 summed as doubles is 800.3000000000001).
    expect(await paidEverywhere(id)).toEqual({
      payments: 800.3,
      analytics: 800.3,
      dashboard: 800.3,
      report: 800.3,
    });
    expect((await json('/api/analytics?preset=last7')).prizeMoney.owed).toBe(0);
    expect((await json(`/api/reports/${id}`)).report.money.owed).toBe(0);
  });
});
