import type { Database } from '../../db/database.ts';
import type { EmailRecipientStatus } from '../../db/schema.ts';

export const RECIPIENT_STATUSES: EmailRecipientStatus[] = [
  'queued',
  'sending',
  'sent',
  'rejected',
  'failed',
  'skipped',
];
export type StatusCounts = Record<EmailRecipientStatus, number>;

/** Delivery counts per status for the given messages, in one grouped query. */
export async function statusCounts(db: Database, messageIds: string[]): Promise<Map<string, StatusCounts>> {
  const out = new Map<string, StatusCounts>();
  for (const id of messageIds)
    out.set(id, Object.fromEntries(RECIPIENT_STATUSES.map((s) => [s, 0])) as StatusCounts);
  if (messageIds.length === 0) return out;
  const rows = await db
    .selectFrom('emailRecipients')
    .select(['messageId', 'status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('messageId', 'in', messageIds)
    .groupBy(['messageId', 'status'])
    .execute();
  for (const row of rows) out.get(row.messageId)![row.status] = Number(row.n);
  return out;
}

/**
 * Which of the given messages have an administrator among their recipients (by the account's
 * role now, not when the message was written). Their sign-in, reset and invitation links are
 * never shown in the outbox: one admin session must not be enough to become another admin.
 */
export async function messagesToAdministrators(db: Database, messageIds: string[]): Promise<Set<string>> {
  if (messageIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('emailRecipients')
    .innerJoin('users', 'users.email', 'emailRecipients.email')
    .select('emailRecipients.messageId')
    .distinct()
    .where('emailRecipients.messageId', 'in', messageIds)
    .where('users.role', '=', 'admin')
    .execute();
  return new Set(rows.map((row) => row.messageId));
}
