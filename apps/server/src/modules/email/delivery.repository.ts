import type { Database } from '../../db/database.ts';
import type { EmailRecipientsTable } from '../../db/schema.ts';

/** What a recipient's delivery ends as, or its next try. */
export type DeliveryOutcome = Pick<EmailRecipientsTable, 'status' | 'reason' | 'transport'> &
  Partial<Pick<EmailRecipientsTable, 'sentAt' | 'nextAttemptAt'>>;

export const INTERRUPTED_REASON =
  'Delivery was interrupted (the server stopped while handing it over): it may or may not have left';

/**
 * Claims up to `limit` due recipients for `claim` with one conditional UPDATE (two instances
 * never claim the same row), each held until `until` unless its claimer's heartbeat extends it,
 * and answers them with their message. On PostgreSQL claimers that pick the same row at once
 * all but one find it taken and claim nothing: they try again while anything is due.
 */
export async function claimDue(db: Database, claim: string, at: number, until: number, limit: number) {
  const due = () =>
    db
      .selectFrom('emailRecipients')
      .select('id')
      .where('status', '=', 'queued')
      .where('nextAttemptAt', '<=', at)
      .orderBy('nextAttemptAt')
      .limit(limit);
  for (let tries = 0; tries < 10; tries++) {
    const result = await db
      .updateTable('emailRecipients')
      .set((eb) => ({
        status: 'sending',
        claimedBy: claim,
        claimedUntil: until,
        attempts: eb('attempts', '+', 1),
      }))
      .where('id', 'in', due())
      .where('status', '=', 'queued')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0 || !(await due().executeTakeFirst())) break;
  }
  return db
    .selectFrom('emailRecipients')
    .innerJoin('emailMessages', 'emailMessages.id', 'emailRecipients.messageId')
    .select([
      'emailRecipients.id',
      'emailRecipients.email',
      'emailRecipients.name',
      'emailRecipients.attempts',
      'emailMessages.id as messageId',
      'emailMessages.kind',
      'emailMessages.isMarketing',
      'emailMessages.subject',
      'emailMessages.html',
      'emailMessages.text',
    ])
    .where('emailRecipients.claimedBy', '=', claim)
    .where('emailRecipients.status', '=', 'sending')
    .execute();
}

/** The claimer's heartbeat: its rows still being handed over stay its own until `until`. */
export const extendClaim = (db: Database, claim: string, until: number) =>
  db
    .updateTable('emailRecipients')
    .set({ claimedUntil: until })
    .where('claimedBy', '=', claim)
    .where('status', '=', 'sending')
    .execute();

/** Records how a claimed recipient's delivery went (only while it is still being handed over). */
export const recordOutcome = (db: Database, id: string, outcome: DeliveryOutcome) =>
  db
    .updateTable('emailRecipients')
    .set({ ...outcome, claimedBy: null, claimedUntil: null })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .execute();

/**
 * Rows whose claimer stopped beating (a crash) become `unknown`: whether they left cannot be
 * known, and a message must never reach a recipient twice without an admin deciding it.
 */
export async function markInterrupted(db: Database, at: number) {
  const result = await db
    .updateTable('emailRecipients')
    .set({ status: 'unknown', reason: INTERRUPTED_REASON, claimedBy: null, claimedUntil: null })
    .where('status', '=', 'sending')
    .where('claimedUntil', '<', at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Queues a message's unknown recipients again, due now (an admin's decision). */
export async function requeueUnknown(db: Database, messageId: string, at: number) {
  const result = await db
    .updateTable('emailRecipients')
    .set({ status: 'queued', reason: null, nextAttemptAt: at })
    .where('messageId', '=', messageId)
    .where('status', '=', 'unknown')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Stores a message's text and HTML without its secret links. */
export const storeMessageBody = (db: Database, id: string, html: string, text: string) =>
  db.updateTable('emailMessages').set({ html, text }).where('id', '=', id).execute();
