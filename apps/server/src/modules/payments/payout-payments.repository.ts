import type { Insertable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { PaymentsTable } from '../../db/schema.ts';
import { now } from '../../lib/clock.ts';
import type { PaymentRow } from './payments.repository.ts';

/**
 * The finish wizard's writes and reads of `payments` (modules/finish calls them): it creates
 * them (Notify Winners), hands them out in payout files and marks them Paid (Mark As Completed).
 * The payments admin lists and moves them one by one.
 */

/** Ids per statement, as the finish wizard reads them: well below any bind-parameter limit. */
const CHUNK = 500;

/** A payment row has about 20 columns: 200 rows stay far below any bind-parameter limit. */
const INSERT_CHUNK = 200;

export async function insertPayments(db: Database, rows: Insertable<PaymentsTable>[]) {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK)
    await db
      .insertInto('payments')
      .values(rows.slice(i, i + INSERT_CHUNK))
      .execute();
}

/** Whether the competition has any live payment (made by the wizard, by hand or before it). */
export async function hasLivePayments(db: Database, competitionId: string) {
  const row = await db
    .selectFrom('payments')
    .select('id')
    .where('competitionId', '=', competitionId)
    .where('deleted', '=', 0)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The competition's live 'To Be Paid' payments, oldest first (the payout file's row order),
 * leaving out those a PayPal payout holds: a payment goes through one channel (decision 0029).
 */
export const paymentsToPay = (db: Database, competitionId: string) =>
  db
    .selectFrom('payments')
    .select(['id', 'paymentEmail', 'amount', 'prize', 'source', 'competitionId', 'payoutFileId'])
    .where('competitionId', '=', competitionId)
    .where('status', '=', 'To Be Paid')
    .where('deleted', '=', 0)
    .where('paypalPayoutId', 'is', null)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();

/**
 * Download CSV's claim: every payment `paymentsToPay` would list that is in no payout file yet
 * gets `claim` as its payout file, in one UPDATE. One already in a file stays there: a second
 * file of it, uploaded as well, would pay it twice. On PostgreSQL a concurrent claim of the same
 * rows ('Send via PayPal' or another download) waits for the row locks and then finds them
 * taken, so no payment is in two files, nor in a file and a PayPal batch.
 */
export async function claimForPayoutFile(db: Database, competitionId: string, claim: string) {
  await db
    .updateTable('payments')
    .set({ payoutFileId: claim })
    .where('competitionId', '=', competitionId)
    .where('status', '=', 'To Be Paid')
    .where('deleted', '=', 0)
    .where('paypalPayoutId', 'is', null)
    .where('payoutFileId', 'is', null)
    .execute();
  return db
    .selectFrom('payments')
    .select(['id', 'paymentEmail', 'amount', 'prize', 'source', 'competitionId'])
    .where('competitionId', '=', competitionId)
    .where('payoutFileId', '=', claim)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

/** Records which file of the download holds each payment. */
export async function setPayoutFile(db: Database, fileId: string, paymentIds: readonly string[]) {
  for (let i = 0; i < paymentIds.length; i += CHUNK)
    await db
      .updateTable('payments')
      .set({ payoutFileId: fileId })
      .where('id', 'in', paymentIds.slice(i, i + CHUNK))
      .execute();
}

/**
 * Marks the payments Paid, each only while it is still 'To Be Paid' (one Sent meanwhile by the
 * payments admin is not moved twice): the ids this call changed.
 */
export async function markPaid(db: Database, ids: readonly string[]): Promise<string[]> {
  const marked: string[] = [];
  const at = now();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await db
      .updateTable('payments')
      .set((eb) => ({ status: 'Paid', version: eb('version', '+', 1), updatedAt: at }))
      .where('id', 'in', ids.slice(i, i + CHUNK))
      .where('status', '=', 'To Be Paid')
      .where('deleted', '=', 0)
      .returning('id')
      .execute();
    marked.push(...rows.map((r) => r.id));
  }
  return marked;
}

/** Payments by id with their competition's name (the public shape), in the order given. */
export async function paymentsByIds(db: Database, ids: readonly string[]): Promise<PaymentRow[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('payments')
    .innerJoin('competitions', 'competitions.id', 'payments.competitionId')
    .selectAll('payments')
    .select('competitions.name as competitionName')
    .where('payments.id', 'in', ids.slice(0, CHUNK))
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
