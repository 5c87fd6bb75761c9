import type { Database } from '../../db/database.ts';
import { newId, now } from '../../lib/clock.ts';

export type OutgoingEmail = {
  kind: string;
  toEmail: string;
  toName?: string | null;
  subject: string;
  html: string;
  text: string;
};

/**
 * Every outbound email is first a row in the outbox, written in the same transaction as the
 * change that caused it; transports deliver from there. Pass the transaction as `db`.
 */
export async function enqueueEmail(db: Database, email: OutgoingEmail): Promise<string> {
  const id = newId();
  await db
    .insertInto('emailOutbox')
    .values({
      id,
      createdAt: now(),
      kind: email.kind,
      toEmail: email.toEmail,
      toName: email.toName ?? null,
      subject: email.subject,
      html: email.html,
      text: email.text,
      status: 'pending',
      attempts: 0,
      lastError: null,
      sentAt: null,
    })
    .execute();
  return id;
}
