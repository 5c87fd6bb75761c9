import type { PaypalPayout } from '@preffy/api';
import type { Insertable, Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { PaypalPayoutsTable } from '../../db/schema.ts';
import { chunkRows } from '@preffy/domain';
import { now } from '../../lib/clock.ts';

/**
 * SQL of the PayPal Payouts API: `paypalPayouts` (its own table) and the PayPal columns of
 * `payments` (paypalPayoutId, paypalItemId, paypalItemStatus) and the status moves a PayPal
 * item causes, always conditional on what was read, so concurrent writers change a row once.
 */

/** PayPal's batch statuses after which nothing in the batch will be paid any more. */
export const FINAL_BATCH_STATUSES = ['SUCCESS', 'DENIED', 'CANCELED', 'REFUSED'] as const;
/** Item statuses that may still change (an UNCLAIMED item is paid when claimed, or RETURNED after 30 days). */
export const OPEN_ITEM_STATUSES = ['PENDING', 'UNCLAIMED', 'ONHOLD'] as const;
/** PayPal keeps an unclaimed item open for 30 days: batches are followed that long (and a day). */
export const FOLLOW_FOR_MS = 31 * 24 * 3600_000;
/** Ids per `in (…)` list: well under SQLite's and PostgreSQL's bound-parameter limits. */
const ID_CHUNK = 1000;

export type PayoutRow = Selectable<PaypalPayoutsTable>;

/**
 * The payments of a competition that Send via PayPal would pay: live, To Be Paid, in no payout
 * and in no downloaded payout file (a payment goes through one channel: that file pays it).
 */
export const paymentsToSend = (db: Database, competitionId: string) =>
  db
    .selectFrom('payments')
    .select(['id', 'paymentEmail', 'amount', 'prize', 'source'])
    .where('competitionId', '=', competitionId)
    .where('status', '=', 'To Be Paid')
    .where('deleted', '=', 0)
    .where('paypalPayoutId', 'is', null)
    .where('payoutFileId', 'is', null)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();

export const insertPayout = (db: Database, row: Insertable<PaypalPayoutsTable>) =>
  db.insertInto('paypalPayouts').values(row).execute();

export const setPayoutJob = (db: Database, payoutIds: string[], jobId: string) =>
  db.updateTable('paypalPayouts').set({ jobId, updatedAt: now() }).where('id', 'in', payoutIds).execute();

export const findPayout = (db: Database, id: string) =>
  db.selectFrom('paypalPayouts').selectAll().where('id', '=', id).executeTakeFirst();

/**
 * Before PayPal accepted a payout: NEW until its first create attempt, SENDING from then on (an
 * attempt may have made the batch without our hearing of it). NEEDS_REVIEW: PayPal refused a
 * later attempt, so whether a batch exists must be checked in PayPal by a person.
 */
export const UNSENT_BATCH_STATUSES = ['NEW', 'SENDING'] as const;
export const NEEDS_REVIEW = 'NEEDS_REVIEW';

/** The competition's payouts not yet accepted by PayPal, oldest first (the job creates them). */
export const payoutsToCreate = (db: Database, competitionId: string) =>
  db
    .selectFrom('paypalPayouts')
    .selectAll()
    .where('competitionId', '=', competitionId)
    .where('payoutBatchId', 'is', null)
    .where('batchStatus', 'in', [...UNSENT_BATCH_STATUSES])
    .where('deleted', '=', 0)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();

/**
 * The competition's batches still worth asking PayPal about: accepted, and either not finished
 * or holding items that may still change, within PayPal's 30 days.
 */
export const payoutsToFollow = (db: Database, competitionId: string) =>
  followedPayouts(db)
    .selectAll('paypalPayouts')
    .where('paypalPayouts.competitionId', '=', competitionId)
    .orderBy('paypalPayouts.createdAt')
    .execute();

function followedPayouts(db: Database) {
  return db
    .selectFrom('paypalPayouts')
    .where('paypalPayouts.payoutBatchId', 'is not', null)
    .where('paypalPayouts.deleted', '=', 0)
    .where('paypalPayouts.createdAt', '>', now() - FOLLOW_FOR_MS)
    .where((eb) =>
      eb.or([
        eb('paypalPayouts.batchStatus', 'not in', [...FINAL_BATCH_STATUSES]),
        eb.exists(
          eb
            .selectFrom('payments')
            .select('payments.id')
            .whereRef('payments.paypalPayoutId', '=', 'paypalPayouts.id')
            .where('payments.deleted', '=', 0)
            .where('payments.paypalItemStatus', 'in', [...OPEN_ITEM_STATUSES]),
        ),
      ]),
    );
}

/** Competitions with work for the payout job: a payout PayPal has not accepted, or one to follow. */
export async function competitionsWithOpenPayouts(db: Database) {
  const unsent = await db
    .selectFrom('paypalPayouts')
    .select('competitionId')
    .distinct()
    .where('payoutBatchId', 'is', null)
    .where('batchStatus', 'in', [...UNSENT_BATCH_STATUSES])
    .where('deleted', '=', 0)
    .execute();
  const followed = await followedPayouts(db).select('paypalPayouts.competitionId').distinct().execute();
  return [...new Set([...unsent, ...followed].map((row) => row.competitionId))];
}

/** The payments a payout still pays: in it, live and To Be Paid (one marked Paid by hand is left out). */
export async function paymentsOfPayout(db: Database, payout: PayoutRow) {
  const ids = JSON.parse(payout.paymentIds) as string[];
  const rows = [];
  for (const chunk of chunkRows(ids, ID_CHUNK))
    rows.push(
      ...(await db
        .selectFrom('payments')
        .select(['id', 'paymentEmail', 'amount', 'prize', 'source'])
        .where('id', 'in', chunk)
        .where('paypalPayoutId', '=', payout.id)
        .where('status', '=', 'To Be Paid')
        .where('deleted', '=', 0)
        .execute()),
    );
  return rows;
}

export const updatePayout = (
  db: Database,
  id: string,
  patch: Partial<Pick<PayoutRow, 'payoutBatchId' | 'batchStatus' | 'lastError'>>,
) =>
  db
    .updateTable('paypalPayouts')
    .set((eb) => ({ ...patch, version: eb('version', '+', 1), updatedAt: now() }))
    .where('id', '=', id)
    .execute();

/** A batch's status from PayPal, written only when it changed: answers whether it did. */
export async function setBatchStatus(db: Database, payoutBatchId: string, batchStatus: string) {
  const result = await db
    .updateTable('paypalPayouts')
    .set((eb) => ({ batchStatus, version: eb('version', '+', 1), updatedAt: now() }))
    .where('payoutBatchId', '=', payoutBatchId)
    .where('batchStatus', '!=', batchStatus)
    .where('deleted', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export const payoutByBatchId = (db: Database, payoutBatchId: string) =>
  db
    .selectFrom('paypalPayouts')
    .selectAll()
    .where('payoutBatchId', '=', payoutBatchId)
    .where('deleted', '=', 0)
    .executeTakeFirst();

/**
 * The lookups of paymentsOfItems: by our payment id (the primary key) and by PayPal's item id
 * within the payout (paymentsPaypalIdx), two queries rather than one OR, which SQLite would answer
 * by reading every payment of the payout.
 */
export function itemLookups(
  db: Database,
  payoutId: string,
  reports: { senderItemId: string | null; payoutItemId: string }[],
) {
  const ids = reports.flatMap((report) => (report.senderItemId ? [report.senderItemId] : []));
  const itemIds = reports.map((report) => report.payoutItemId);
  const ofPayout = () =>
    db
      .selectFrom('payments')
      .select(['id', 'status', 'paypalItemId', 'paypalItemStatus'])
      .where('paypalPayoutId', '=', payoutId)
      .where('deleted', '=', 0);
  return [
    ...(ids.length ? [ofPayout().where('id', 'in', ids)] : []),
    ...(itemIds.length ? [ofPayout().where('paypalItemId', 'in', itemIds)] : []),
  ];
}

/** The payout's payments that reports name, by our payment id or by PayPal's item id. */
export async function paymentsOfItems(
  db: Database,
  payoutId: string,
  reports: { senderItemId: string | null; payoutItemId: string }[],
) {
  const found = new Map<
    string,
    { id: string; status: string; paypalItemId: string | null; paypalItemStatus: string | null }
  >();
  for (const query of itemLookups(db, payoutId, reports))
    for (const row of await query.execute()) found.set(row.id, row);
  return [...found.values()];
}

/** The competition's newest payouts with who sent them and how many items are in each status. */
export async function recentPayouts(
  db: Database,
  competitionId: string,
  limit: number,
): Promise<PaypalPayout[]> {
  const rows = await db
    .selectFrom('paypalPayouts')
    .leftJoin('users', 'users.id', 'paypalPayouts.createdBy')
    .selectAll('paypalPayouts')
    .select('users.name as createdByName')
    .where('paypalPayouts.competitionId', '=', competitionId)
    .where('paypalPayouts.deleted', '=', 0)
    .orderBy('paypalPayouts.createdAt', 'desc')
    .orderBy('paypalPayouts.id', 'desc')
    .limit(limit)
    .execute();
  if (rows.length === 0) return [];
  const counts = await db
    .selectFrom('payments')
    .select(['paypalPayoutId', 'paypalItemStatus', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where(
      'paypalPayoutId',
      'in',
      rows.map((row) => row.id),
    )
    .where('paypalItemStatus', 'is not', null)
    .where('deleted', '=', 0)
    .groupBy(['paypalPayoutId', 'paypalItemStatus'])
    .execute();
  return rows.map((row) => {
    const itemStatuses: Record<string, number> = {};
    for (const count of counts)
      if (count.paypalPayoutId === row.id && count.paypalItemStatus)
        itemStatuses[count.paypalItemStatus] = Number(count.n);
    return toPaypalPayout(row, itemStatuses, row.createdByName ?? null);
  });
}

export const toPaypalPayout = (
  row: PayoutRow,
  itemStatuses: Record<string, number>,
  createdByName: string | null,
): PaypalPayout => ({
  id: row.id,
  senderBatchId: row.senderBatchId,
  payoutBatchId: row.payoutBatchId,
  batchStatus: row.batchStatus,
  itemCount: (JSON.parse(row.paymentIds) as unknown[]).length,
  itemStatuses,
  lastError: row.lastError,
  createdAt: Number(row.createdAt),
  createdByName,
});
