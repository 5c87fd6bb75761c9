import type { ListOutboxQuery, OutboxMessage, OutboxMessageDetail, StatusCounts } from '@preffy/api';
import type { Database } from '../../db/database.ts';
import { now } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/index.ts';
import { requeueUnknown } from './delivery.repository.ts';
import { SECRET_LINK_KINDS } from './email-worker.ts';
import { SECRET_LINK_HIDDEN, withoutSecretLinks } from './secret-links.ts';
import { findMessage, listMessages, messagesToAdministrators, statusCounts } from './outbox.repository.ts';

/** A message's text as the outbox shows it: no working secret link addressed to an admin. */
const shown = (text: string, toAdministrator: boolean) =>
  toAdministrator ? withoutSecretLinks(text, SECRET_LINK_HIDDEN) : text;

const recipientsIn = (counts: StatusCounts) => Object.values(counts).reduce((a, b) => a + b, 0);

/** The Outbox page's list: each message with its delivery counts. */
export async function listOutboxMessages(db: Database, q: ListOutboxQuery) {
  const page = await listMessages(db, q);
  const ids = page.items.map((m) => m.id);
  const [counts, toAdministrators] = await Promise.all([
    statusCounts(db, ids),
    messagesToAdministrators(db, ids),
  ]);
  return {
    total: page.total,
    items: page.items.map((m): OutboxMessage => {
      const c = counts.get(m.id)!;
      return {
        ...m,
        subject: shown(m.subject, toAdministrators.has(m.id)),
        isMarketing: m.isMarketing === 1,
        firstRecipient: m.firstRecipient ?? null,
        counts: c,
        recipients: recipientsIn(c),
      };
    }),
  };
}

/** One message, rendered, with its delivery counts; 404 when there is none. */
export async function getOutboxMessage(db: Database, id: string): Promise<OutboxMessageDetail> {
  const m = await findMessage(db, id);
  if (!m) throw notFound('Message');
  const c = (await statusCounts(db, [m.id])).get(m.id)!;
  const toAdministrator = (await messagesToAdministrators(db, [m.id])).has(m.id);
  return {
    ...m,
    subject: shown(m.subject, toAdministrator),
    html: shown(m.html, toAdministrator),
    text: shown(m.text, toAdministrator),
    isMarketing: m.isMarketing === 1,
    counts: c,
    recipients: recipientsIn(c),
  };
}

/**
 * An admin's decision to send a message again to its recipients left `unknown` by a crash
 * (decision 0125), audited. A sign-in, reset or invitation link is not sent again: its stored
 * copy has lost the link, and the person asks for a new one.
 */
export async function resendUnknown(db: Database, actorId: string, id: string) {
  const message = await findMessage(db, id);
  if (!message) throw notFound('Message');
  if ((SECRET_LINK_KINDS as readonly string[]).includes(message.kind)) return { requeued: 0 };
  return db.transaction().execute(async (trx) => {
    const requeued = await requeueUnknown(trx, id, now());
    if (requeued > 0)
      await recordAudit(trx, {
        actorId,
        entity: 'email-message',
        entityId: id,
        action: 'resend-unknown',
        changes: { requeued },
      });
    return { requeued };
  });
}
