import type { PaymentStatus } from '@preffy/api';
import type { Database } from '../../db/database.ts';
import { recordAudit, recordAudits } from '../audit/index.ts';
import { chunkRows } from '@preffy/domain';
import { type PayoutRow, paymentsOfItems, payoutByBatchId, setBatchStatus } from './paypal.repository.ts';
import { type Transition, applyTransition, releasePayments } from '../payments/index.ts';

/**
 * What PayPal says about a batch or an item, applied to our records. The poll of the payout job
 * and the webhooks go through these same functions, so both sources agree, and applying the same
 * status twice changes nothing.
 */

/** Statuses that take money back from a paid item: the payment is owed again. */
export const REVERSAL_STATUSES = new Set(['REFUNDED', 'REVERSED', 'RETURNED']);
/** Item statuses after which the item pays nothing: a payment still owed can be sent again. */
const UNPAID_ITEM_STATUSES = new Set(['FAILED', 'BLOCKED', ...REVERSAL_STATUSES]);
/** Batches that will pay nothing: their payments are released to be sent again. */
const NOTHING_PAID_BATCH_STATUSES = new Set(['DENIED', 'CANCELED']);
/** A status PayPal could send; anything else (a hostile or broken value) is ignored. */
const STATUS_PATTERN = /^[A-Z_]{1,40}$/;

/** Audits what became of a payout through PayPal's answers (the job or a webhook: no person acted). */
export const auditPayout = (db: Database, payoutId: string, action: string, changes: unknown) =>
  recordAudit(db, { actorId: null, entity: 'paypalPayout', entityId: payoutId, action, changes });

/** A payout that will pay nothing: its payments still To Be Paid leave it, to be sent again. */
export async function releasePayout(db: Database, payoutId: string, action: string, changes: unknown) {
  await releasePayments(db, payoutId);
  await auditPayout(db, payoutId, action, changes);
}

type PaymentState = { status: string; paypalItemStatus: string | null };
export type ItemChange = {
  paypalItemStatus: string;
  status?: PaymentStatus;
  action?: 'paypal-paid' | 'paypal-reversed';
  /** The payment, To Be Paid, leaves the payout (its item status stays shown) to be sent again. */
  release?: true;
};

/**
 * How a payment changes when PayPal reports `next` for its item (null: nothing to do):
 * - SUCCESS pays it: To Be Paid → Paid;
 * - a reversal (REFUNDED, REVERSED, RETURNED) of a Paid payment makes it To Be Paid again, so the
 *   money owed shows again;
 * - any other status is only recorded (UNCLAIMED, PENDING, ONHOLD, FAILED, BLOCKED…: still owed);
 * - an item that will pay nothing (FAILED, BLOCKED, or a reversal) releases its payment when that
 *   is (or becomes) To Be Paid: it leaves the payout, so Send via PayPal can pick it up again;
 * - once SUCCESS, only a reversal replaces it: a late PENDING (a webhook delivered out of
 *   order) never hides that the item was paid;
 * - once reversed, a late or repeated SUCCESS changes nothing: the money went back.
 */
export function itemChange(current: PaymentState, next: string): ItemChange | null {
  if (current.paypalItemStatus === next) return null;
  if (current.paypalItemStatus === 'SUCCESS' && !REVERSAL_STATUSES.has(next)) return null;
  if (next === 'SUCCESS' && REVERSAL_STATUSES.has(current.paypalItemStatus ?? '')) return null;
  const release = UNPAID_ITEM_STATUSES.has(next) ? ({ release: true } as const) : {};
  if (next === 'SUCCESS' && current.status === 'To Be Paid')
    return { paypalItemStatus: next, status: 'Paid', action: 'paypal-paid' };
  if (REVERSAL_STATUSES.has(next) && current.status === 'Paid')
    return { paypalItemStatus: next, status: 'To Be Paid', action: 'paypal-reversed', ...release };
  return current.status === 'To Be Paid'
    ? { paypalItemStatus: next, ...release }
    : { paypalItemStatus: next };
}

export type ItemReport = {
  payoutBatchId: string;
  payoutItemId: string;
  senderItemId: string | null;
  status: string;
};

/** Reports applied per transaction: a 15,000-item batch is thirty short transactions. */
const REPORTS_PER_TRANSACTION = 500;

/**
 * Applies item reports of one payout to their payments, with the audit entry of each status move.
 * A report finds its payment by sender_item_id (our payment id) or, without one (some webhooks), by
 * PayPal's item id, and only among the payout's own payments: an item of another batch, or of no
 * batch of ours, is ignored. Each change is written only while the payment still has the state it
 * was computed from, so a concurrent Sent, Unsend or twin report wins and nothing is applied twice.
 * Answers how many payments changed.
 */
export async function applyItemReports(db: Database, payout: PayoutRow, reports: ItemReport[]) {
  let changed = 0;
  const valid = reports.filter((report) => STATUS_PATTERN.test(report.status));
  for (const chunk of chunkRows(valid, REPORTS_PER_TRANSACTION))
    changed += await db.transaction().execute(async (trx) => {
      const payments = await paymentsOfItems(trx, payout.id, chunk);
      const byId = new Map(payments.map((payment) => [payment.id, payment]));
      const byItemId = new Map(payments.map((payment) => [payment.paypalItemId, payment]));
      // One UPDATE per kind of change (from and to the same states), not one per payment.
      const groups = new Map<
        string,
        { transition: Transition; items: { id: string; paypalItemId: string }[] }
      >();
      for (const report of chunk) {
        const payment =
          (report.senderItemId ? byId.get(report.senderItemId) : undefined) ??
          byItemId.get(report.payoutItemId);
        if (!payment) continue;
        const change = itemChange(payment, report.status);
        if (!change) continue;
        const transition = {
          from: { status: payment.status, paypalItemStatus: payment.paypalItemStatus },
          ...change,
        };
        const key = JSON.stringify(transition);
        const group = groups.get(key) ?? { transition, items: [] };
        group.items.push({ id: payment.id, paypalItemId: report.payoutItemId });
        groups.set(key, group);
        // A second report of the same item in this chunk starts from the state this one leaves.
        payment.status = change.status ?? payment.status;
        payment.paypalItemStatus = change.paypalItemStatus;
      }
      let count = 0;
      for (const { transition, items } of groups.values()) {
        const moved = await applyTransition(trx, payout.id, transition, items);
        count += moved.length;
        if (transition.action && moved.length > 0)
          await recordAudits(
            trx,
            moved.map((id) => ({
              actorId: null,
              entity: 'payment',
              entityId: id,
              action: transition.action!,
              changes: {
                status: { from: transition.from.status, to: transition.status },
                paypalStatus: { from: transition.from.paypalItemStatus, to: transition.paypalItemStatus },
                payoutBatchId: payout.payoutBatchId,
              },
            })),
          );
      }
      return count;
    });
  return changed;
}

/** One item's status from a webhook: 'unknown' when the batch or the item is not ours. */
export async function applyItemStatus(
  db: Database,
  report: ItemReport,
): Promise<'changed' | 'unchanged' | 'unknown'> {
  const payout = await payoutByBatchId(db, report.payoutBatchId);
  if (!payout) return 'unknown';
  return (await applyItemReports(db, payout, [report])) > 0 ? 'changed' : 'unchanged';
}

/**
 * Records a batch's status. A batch PayPal denied or cancelled pays nothing: its payments still
 * To Be Paid leave it, so they can be sent again.
 */
export async function applyBatchStatus(db: Database, payoutBatchId: string, batchStatus: string) {
  if (!STATUS_PATTERN.test(batchStatus)) return 'unknown';
  const payout = await payoutByBatchId(db, payoutBatchId);
  if (!payout) return 'unknown';
  return db.transaction().execute(async (trx) => {
    if (!(await setBatchStatus(trx, payoutBatchId, batchStatus))) return 'unchanged';
    if (NOTHING_PAID_BATCH_STATUSES.has(batchStatus))
      await releasePayout(trx, payout.id, 'released', {
        batchStatus: { from: payout.batchStatus, to: batchStatus },
      });
    return 'changed';
  });
}
