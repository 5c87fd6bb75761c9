import { PAYPAL_MESSAGES, type PaypalPayout } from '@preffy/api';
import { PAYPAL_PAYOUT_MAX_ITEMS, chunkRows, payoutCsvAmount } from '@preffy/domain';
import type { Database } from '../../db/database.ts';
import { newRecord } from '../../lib/clock.ts';
import { AppError, VersionConflict } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/types.ts';
import { recordAudit } from '../audit/index.ts';
import { findReadableCompetition, findVisibleCompetition } from '../competitions/index.ts';
import { loadFinish, findFinishRow, updateFinishRow } from '../finish/index.ts';
import { startJob } from '../../plugins/jobs/jobs.repository.ts';
import type { PaypalClient, PaypalSettings, WebhookTransmission } from './paypal-client.ts';
import { PAYPAL_PAYOUT } from './paypal-payout-job.ts';
import { applyBatchStatus, applyItemStatus } from './paypal-status.ts';
import {
  insertPayout,
  paymentsToSend,
  recentPayouts,
  setPayoutJob,
  toPaypalPayout,
} from './paypal.repository.ts';
import { assignPayments } from '../payments/index.ts';

export const {
  notConfigured: PAYPAL_NOT_CONFIGURED,
  nothingToSend: NOTHING_TO_SEND,
  alreadySending: ALREADY_SENDING,
} = PAYPAL_MESSAGES;
export const WEBHOOKS_OFF = 'PayPal webhooks are not configured on this server';
export const BAD_SIGNATURE = 'The PayPal webhook signature could not be verified';

/** The state shows this many of the competition's payouts, newest first. */
const STATE_PAYOUTS = 20;

/** Whether PayPal is configured, and the competition's newest payouts with their item counts. */
export async function paypalState(
  db: Database,
  settings: PaypalSettings | null,
  user: SessionUser,
  competitionId: string,
) {
  // A deleted competition's wizard stays readable for staff (decision 0124), its payouts with it.
  await findReadableCompetition(db, user, competitionId);
  return { configured: settings !== null, payouts: await recentPayouts(db, competitionId, STATE_PAYOUTS) };
}

/**
 * Send via PayPal: the competition's To Be Paid payments not in a payout yet become payouts of
 * at most 15,000 items (PayPal's limit per call), each with its own stable sender_batch_id, in one
 * transaction that also takes the payments (a concurrent send finds none left, or is rolled back).
 * The payout job then talks to PayPal; it is queued after the commit (the job runner's startJob
 * has its own transaction), and should the server stop in between, the follow schedule queues it.
 * `version` is the finish wizard's, as read by the caller (0 before its first save); checked
 * before the configuration, so a stale wizard is reloaded first.
 */
export async function sendViaPaypal(
  db: Database,
  settings: PaypalSettings | null,
  actor: SessionUser,
  competitionId: string,
  input: { version: number },
): Promise<PaypalPayout> {
  await findVisibleCompetition(db, actor, competitionId);
  // The wizard the caller saw must still be the current one (sending does not change it, so a
  // plain read suffices); the 409 carries the wizard as the API shows it.
  const finish = await findFinishRow(db, competitionId);
  if ((finish?.version ?? 0) !== input.version)
    throw new VersionConflict('competitionFinishes', (await loadFinish(db, competitionId)).finish);
  if (!settings) throw new AppError(400, 'PAYPAL_NOT_CONFIGURED', PAYPAL_NOT_CONFIGURED);
  const payouts = await db.transaction().execute(async (trx) => {
    const payments = await paymentsToSend(trx, competitionId);
    if (payments.length === 0) throw new AppError(400, 'NOTHING_TO_SEND', NOTHING_TO_SEND);
    const rows = [];
    for (const chunk of chunkRows(payments, PAYPAL_PAYOUT_MAX_ITEMS)) {
      const record = newRecord();
      const paymentIds = chunk.map((payment) => payment.id);
      const row = {
        ...record,
        competitionId,
        // Ours and stable: every retry of this payout, by any worker, sends the same id.
        senderBatchId: `preffy-${record.id}`,
        payoutBatchId: null,
        batchStatus: 'NEW',
        paymentIds: JSON.stringify(paymentIds),
        jobId: null,
        lastError: null,
        createdBy: actor.id,
      };
      await insertPayout(trx, row);
      if ((await assignPayments(trx, row.id, paymentIds)) !== paymentIds.length)
        throw new AppError(409, 'PAYPAL_ALREADY_SENDING', ALREADY_SENDING);
      const total = chunk.reduce(
        (sum, p) => sum + (p.prize === null ? Number(p.amount) : payoutCsvAmount(Number(p.prize), p.source)),
        0,
      );
      await recordAudit(trx, {
        actorId: actor.id,
        entity: 'paypalPayout',
        entityId: row.id,
        action: 'send',
        changes: { competitionId, payments: paymentIds.length, total: Math.round(total * 100) / 100 },
      });
      rows.push(row);
    }
    // Sent through PayPal, the wizard's next step is Mark As Completed, as after a download
    // (decision 0028): otherwise a contest paid only through PayPal could never be completed.
    if (
      finish?.step === 'pay' &&
      !(await updateFinishRow(trx, competitionId, input.version, { step: 'complete' }, { submitted: true }))
    )
      throw new VersionConflict('competitionFinishes', (await loadFinish(trx, competitionId)).finish);
    return rows;
  });
  const jobId = await startJob(db, { competitionId, kind: PAYPAL_PAYOUT, createdBy: actor.id });
  await setPayoutJob(
    db,
    payouts.map((payout) => payout.id),
    jobId,
  );
  return toPaypalPayout({ ...payouts[0]!, jobId }, {}, actor.name);
}

/** A PayPal webhook event, as the contract accepts it. */
export type WebhookEvent = { id: string; event_type: string; resource: Record<string, unknown> };

const text = (value: unknown) => (typeof value === 'string' && value.length <= 200 ? value : null);

/**
 * A PayPal webhook: refused unless PayPal confirms its signature (through its verify call, with our
 * webhook id), then applied exactly as the poll applies what it reads. Events for batches or items
 * that are not ours are acknowledged and ignored, so PayPal does not deliver them again.
 */
export async function receiveWebhook(
  db: Database,
  settings: PaypalSettings | null,
  client: PaypalClient | null,
  transmission: WebhookTransmission | null,
  rawEvent: string,
  event: WebhookEvent,
) {
  if (!settings?.webhookId || !client) throw new AppError(400, 'PAYPAL_WEBHOOKS_OFF', WEBHOOKS_OFF);
  if (!transmission || !(await client.verifyWebhookSignature(transmission, rawEvent)))
    throw new AppError(401, 'BAD_SIGNATURE', BAD_SIGNATURE);
  const resource = event.resource;
  if (event.event_type.startsWith('PAYMENT.PAYOUTSBATCH.')) {
    const header = resource.batch_header as Record<string, unknown> | undefined;
    const payoutBatchId = text(header?.payout_batch_id);
    const batchStatus = text(header?.batch_status);
    if (payoutBatchId && batchStatus) return applyBatchStatus(db, payoutBatchId, batchStatus);
  } else if (event.event_type.startsWith('PAYMENT.PAYOUTS-ITEM.')) {
    const payoutBatchId = text(resource.payout_batch_id);
    const payoutItemId = text(resource.payout_item_id);
    const status = text(resource.transaction_status);
    const item = resource.payout_item as Record<string, unknown> | undefined;
    if (payoutBatchId && payoutItemId && status)
      return applyItemStatus(db, {
        payoutBatchId,
        payoutItemId,
        status,
        senderItemId: text(item?.sender_item_id),
      });
  }
  return 'unknown';
}
