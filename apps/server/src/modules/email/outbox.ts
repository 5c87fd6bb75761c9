import type { Database } from '../../db/database.ts';
import { newId, now } from '../../lib/clock.ts';
import { suppressedAddresses } from '../winners/index.ts';
import { CHUNK, insertMessage, insertRecipients } from './outbox.repository.ts';
import { EMAIL_KINDS, type EmailData, type EmailKind, renderEmail } from './templates/messages.ts';
import { type EmailLanguage, languageOf } from './templates/render.ts';

export type Recipient = { email: string; name?: string | null };

export type EnqueueResult = { messageId: string; queued: number; skipped: number };

/**
 * Writes a message and its recipients to the outbox; the email worker delivers them. Call it
 * with the transaction of the change that caused the email, so both happen or neither does.
 * Marketing kinds skip unsubscribed and banned addresses (recorded as 'skipped' with the reason).
 */
export async function enqueueEmail<K extends EmailKind>(
  db: Database,
  input: {
    kind: K;
    data: EmailData<K>;
    to: Recipient[];
    language?: string | null;
    related?: { entity: string; id: string };
    createdBy?: string | null;
  },
): Promise<EnqueueResult> {
  const language: EmailLanguage = languageOf(input.language);
  const rendered = renderEmail(input.kind, input.data, language);
  const marketing = EMAIL_KINDS[input.kind].marketing;
  const messageId = newId();
  const at = now();
  await insertMessage(db, {
    id: messageId,
    createdAt: at,
    createdBy: input.createdBy ?? null,
    kind: input.kind,
    isMarketing: marketing ? 1 : 0,
    language,
    subject: rendered.subject,
    html: rendered.html,
    text: rendered.text,
    relatedEntity: input.related?.entity ?? null,
    relatedId: input.related?.id ?? null,
  });

  // One row per address, however often it was listed.
  const recipients = [...new Map(input.to.map((r) => [r.email.trim().toLowerCase(), r])).entries()];
  const suppressed = marketing
    ? await suppressedAddresses(
        db,
        recipients.map(([email]) => email),
      )
    : new Map<string, string>();
  let queued = 0;
  for (let i = 0; i < recipients.length; i += CHUNK) {
    const rows = recipients.slice(i, i + CHUNK).map(([email, r]) => {
      const reason = suppressed.get(email) ?? null;
      if (!reason) queued += 1;
      return {
        id: newId(),
        messageId,
        email,
        name: r.name ?? null,
        status: reason ? ('skipped' as const) : ('queued' as const),
        reason,
        attempts: 0,
        nextAttemptAt: at,
        claimedBy: null,
        claimedUntil: null,
        sentAt: null,
        transport: null,
      };
    });
    if (rows.length) await insertRecipients(db, rows);
  }
  return { messageId, queued, skipped: recipients.length - queued };
}
