import { DEFAULT_PAYOUT_NOTE, PAYOUT_CURRENCY, payoutCsvAmount } from '@preffy/domain';
import type { Database } from '../../db/database.ts';
import type { JobHandler } from '../../plugins/jobs/job-runner.ts';
import { startJob } from '../../plugins/jobs/jobs.repository.ts';
import { PaypalClient, PaypalError, type PaypalSettings } from './paypal-client.ts';
import { applyBatchStatus, applyItemReports, auditPayout, releasePayout } from './paypal-status.ts';
import {
  FINAL_BATCH_STATUSES,
  NEEDS_REVIEW,
  type PayoutRow,
  competitionsWithOpenPayouts,
  paymentsOfPayout,
  payoutsToCreate,
  payoutsToFollow,
  updatePayout,
} from './paypal.repository.ts';

/** The job kind that sends a competition's payouts to PayPal and follows them (decision 0029). */
export const PAYPAL_PAYOUT = 'paypal-payout';
/** The schedule that picks up payouts a stopped job left, and items that may still change. */
export const FOLLOW_PAYPAL_PAYOUTS = 'follow paypal payouts';
export const FOLLOW_EVERY_MS = 15 * 60_000;

export const PAYOUT_EMAIL_SUBJECT = 'You have a payout from Preffy';
export const NOTHING_LEFT_ERROR = 'None of its payments is still To Be Paid';
/** Why a payout waits for a person: PayPal may hold its batch although no attempt was confirmed. */
export const reviewError = (payout: PayoutRow, reason: string) =>
  `${reason}. An earlier attempt got no clear answer, so PayPal may have made batch ${payout.senderBatchId}: check PayPal before paying its payments another way`;

const DEFAULT_POLL_INTERVAL_MS = 5000;
const DEFAULT_MAX_POLLS = 12;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isFinal = (batchStatus: string) => (FINAL_BATCH_STATUSES as readonly string[]).includes(batchStatus);

/** What PayPal pays for a payment: the payout file's amount (genni winners the full prize). */
const amountOf = (payment: { amount: number; prize: number | null; source: string }) =>
  payment.prize === null ? Number(payment.amount) : payoutCsvAmount(Number(payment.prize), payment.source);

/**
 * Creates one payout's batch at PayPal under its stable sender_batch_id. The payout is SENDING
 * from before its first attempt. Temporary failures were already retried by the client with the
 * same id; if they persist the payout stays SENDING (with the error shown) for the next run, and a
 * run after a lost answer gets PayPal's duplicate answer, which names the batch made the first
 * time: a payout is never paid twice. A refusal (4xx) proves no batch only when no attempt before
 * it went unanswered: then the payout is REFUSED and its payments released to be sent again;
 * otherwise (an earlier run left it SENDING, or the client retried after silence or a 5xx) it
 * NEEDS_REVIEW and keeps its payments. Likewise a payout whose payments were all paid meanwhile
 * is CANCELED only if it was never attempted.
 */
async function createBatch(db: Database, client: PaypalClient, payout: PayoutRow) {
  const attemptedBefore = payout.batchStatus !== 'NEW';
  const payments = await paymentsOfPayout(db, payout);
  if (payments.length === 0) {
    await updatePayout(
      db,
      payout.id,
      attemptedBefore
        ? { batchStatus: NEEDS_REVIEW, lastError: reviewError(payout, NOTHING_LEFT_ERROR) }
        : { batchStatus: 'CANCELED', lastError: NOTHING_LEFT_ERROR },
    );
    return;
  }
  if (!attemptedBefore) await updatePayout(db, payout.id, { batchStatus: 'SENDING' });
  try {
    const created = await client.createPayout({
      senderBatchId: payout.senderBatchId,
      emailSubject: PAYOUT_EMAIL_SUBJECT,
      emailMessage: DEFAULT_PAYOUT_NOTE,
      items: payments.map((payment) => ({
        paymentId: payment.id,
        receiver: payment.paymentEmail,
        amount: amountOf(payment),
        currency: PAYOUT_CURRENCY,
        note: DEFAULT_PAYOUT_NOTE,
      })),
    });
    await updatePayout(db, payout.id, {
      payoutBatchId: created.payoutBatchId,
      batchStatus: created.batchStatus,
      lastError: null,
    });
  } catch (error) {
    const message = error instanceof PaypalError ? error.message : 'The payout could not be sent to PayPal';
    if (error instanceof PaypalError && !error.temporary && (attemptedBefore || error.uncertain)) {
      await db.transaction().execute(async (trx) => {
        await updatePayout(trx, payout.id, {
          batchStatus: NEEDS_REVIEW,
          lastError: reviewError(payout, message),
        });
        await auditPayout(trx, payout.id, 'needs-review', { error: message });
      });
      return;
    }
    if (error instanceof PaypalError && !error.temporary) {
      await db.transaction().execute(async (trx) => {
        await updatePayout(trx, payout.id, { batchStatus: 'REFUSED', lastError: message });
        await releasePayout(trx, payout.id, 'refused', { error: message });
      });
      return;
    }
    // Only a failure that surely made no batch (no token, 429s) lets the payout be NEW again.
    const surelyNoBatch = error instanceof PaypalError && !error.uncertain && !attemptedBefore;
    await updatePayout(db, payout.id, {
      lastError: message,
      ...(surelyNoBatch ? { batchStatus: 'NEW' } : {}),
    });
    throw error;
  }
}

/** Reads a batch at PayPal and applies its status and every item's. */
async function pollBatch(db: Database, client: PaypalClient, payout: PayoutRow) {
  const batch = await client.getPayout(payout.payoutBatchId!);
  await applyBatchStatus(db, batch.payoutBatchId, batch.batchStatus);
  await applyItemReports(
    db,
    payout,
    batch.items.map((item) => ({
      payoutBatchId: batch.payoutBatchId,
      payoutItemId: item.payoutItemId,
      senderItemId: item.senderItemId,
      status: item.transactionStatus,
    })),
  );
  return batch.batchStatus;
}

/**
 * Reads a batch, and shows on the payout why it could not be read (the other batches are read
 * all the same; the next round or the schedule tries again). Answers the batch status.
 */
async function readBatch(db: Database, client: PaypalClient, payout: PayoutRow) {
  try {
    const status = await pollBatch(db, client, payout);
    if (payout.lastError) await updatePayout(db, payout.id, { lastError: null });
    return status;
  } catch (error) {
    if (!(error instanceof PaypalError)) throw error;
    await updatePayout(db, payout.id, { lastError: error.message });
    return payout.batchStatus;
  }
}

/**
 * One run for a competition: creates every payout PayPal has not accepted yet, then reads each
 * batch worth following; batches still in progress are read again every `pollIntervalMs`, up to
 * `maxPolls` rounds (the schedule and the webhooks follow them afterwards). Each round first
 * creates payouts sent meanwhile (a send while this job runs is answered with this job).
 */
export async function workPayouts(
  db: Database,
  client: PaypalClient,
  settings: PaypalSettings,
  competitionId: string,
  options: { followUp: boolean },
) {
  // A scheduled follow-up reads once: the runner works one such job at a time, and waiting on
  // PayPal there would hold up Update Views every quarter of an hour.
  const rounds = options.followUp ? 1 : Math.max(1, settings.maxPolls ?? DEFAULT_MAX_POLLS);
  for (let round = 0; round < rounds; round++) {
    if (round > 0) await wait(settings.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS);
    for (const payout of await payoutsToCreate(db, competitionId)) await createBatch(db, client, payout);
    // The first round reads every batch worth following (a finished one may hold unclaimed items);
    // later rounds only those PayPal is still processing.
    const followed = await payoutsToFollow(db, competitionId);
    const toRead = round === 0 ? followed : followed.filter((payout) => !isFinal(payout.batchStatus));
    let inProgress = false;
    for (const payout of toRead) if (!isFinal(await readBatch(db, client, payout))) inProgress = true;
    if (!inProgress) return;
  }
}

/** The job kind, for the job runner. Without PayPal settings its jobs fail with a clear reason. */
export function paypalPayoutHandler(settings: PaypalSettings | null): JobHandler {
  const client = settings ? new PaypalClient(settings) : null;
  return {
    kind: PAYPAL_PAYOUT,
    run: async (job, { db }) => {
      if (!settings || !client) throw new Error('PayPal is not configured on this server');
      // The schedule queues its jobs without a user; a send queues them as the sender.
      await workPayouts(db, client, settings, job.competitionId, { followUp: job.createdBy === null });
    },
  };
}

/** Queues the payout job of every competition with a payout to create or follow. */
export async function followPaypalPayouts(db: Database) {
  const competitionIds = await competitionsWithOpenPayouts(db);
  for (const competitionId of competitionIds)
    await startJob(db, { competitionId, kind: PAYPAL_PAYOUT, createdBy: null });
  return competitionIds.length;
}
