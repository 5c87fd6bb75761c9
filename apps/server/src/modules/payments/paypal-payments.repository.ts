import { chunkRows } from '@preffy/domain';
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { now } from '../../lib/clock.ts';

/**
 * PayPal's writes of `payments` (modules/paypal sends them and follows their items): a payment
 * is in one payout at a time, and each item's status moves it on.
 */

/** Ids per statement: well below any bind-parameter limit. */
const ID_CHUNK = 1000;

/**
 * Puts payments in a payout, only those still in none (and in no payout file): answers how many
 * it took, so a concurrent send or file download (which took some first) is noticed and its twin
 * rolled back. The status of an earlier payout's item (FAILED, RETURNED…) is dropped with it: the
 * new payout's items report afresh.
 */
export async function assignPayments(db: Database, payoutId: string, paymentIds: string[]) {
  let taken = 0;
  for (const ids of chunkRows(paymentIds, ID_CHUNK)) {
    const result = await db
      .updateTable('payments')
      .set({ paypalPayoutId: payoutId, paypalItemId: null, paypalItemStatus: null })
      .where('id', 'in', ids)
      .where('paypalPayoutId', 'is', null)
      .where('payoutFileId', 'is', null)
      .where('status', '=', 'To Be Paid')
      .where('deleted', '=', 0)
      .executeTakeFirst();
    taken += Number(result.numUpdatedRows);
  }
  return taken;
}

/**
 * Takes the payments of a batch that will pay nothing (refused, denied, cancelled) back out of
 * it, so they can be sent again (by PayPal, the CSV or by hand). Only those still To Be Paid.
 */
export const releasePayments = (db: Database, payoutId: string) =>
  db
    .updateTable('payments')
    .set((eb) => ({
      paypalPayoutId: null,
      paypalItemId: null,
      paypalItemStatus: null,
      version: eb('version', '+', 1),
      updatedAt: now(),
    }))
    .where('paypalPayoutId', '=', payoutId)
    .where('status', '=', 'To Be Paid')
    .where('deleted', '=', 0)
    .execute();

/** A change of payments from one state to another (paypal-status.ts itemChange). */
export type Transition = {
  from: { status: string; paypalItemStatus: string | null };
  paypalItemStatus: string;
  status?: string;
  action?: string;
  /** The item will pay nothing: the payment leaves the payout, to be sent again. */
  release?: boolean;
};

/**
 * Moves the payments from `transition.from` to its new state, each with its PayPal item id, only
 * those still in that state (and in the payout); answers the ids moved.
 */
export async function applyTransition(
  db: Database,
  payoutId: string,
  transition: Transition,
  items: { id: string; paypalItemId: string }[],
) {
  const itemIdOf = sql<string>`case ${sql.ref('id')} ${sql.join(
    items.map((item) => sql`when ${item.id} then ${item.paypalItemId}`),
    sql` `,
  )} end`;
  const rows = await db
    .updateTable('payments')
    .set((eb) => ({
      paypalItemStatus: transition.paypalItemStatus,
      paypalItemId: itemIdOf,
      ...(transition.status ? { status: transition.status } : {}),
      ...(transition.release ? { paypalPayoutId: null } : {}),
      version: eb('version', '+', 1),
      updatedAt: now(),
    }))
    .where(
      'id',
      'in',
      items.map((item) => item.id),
    )
    .where('paypalPayoutId', '=', payoutId)
    .where('deleted', '=', 0)
    .where('status', '=', transition.from.status)
    .where((eb) =>
      transition.from.paypalItemStatus === null
        ? eb('paypalItemStatus', 'is', null)
        : eb('paypalItemStatus', '=', transition.from.paypalItemStatus),
    )
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}
