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
