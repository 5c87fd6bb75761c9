import {
  type ListOutboxQuery,
  type ListRecipientsQuery,
  RECIPIENT_STATUSES,
  type StatusCounts,
} from '@preffy/api';
import type { Insertable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { EmailMessagesTable, EmailRecipientsTable } from '../../db/schema.ts';
import { matchesSearch, paged, searchPattern } from '../../lib/paging.ts';

/** One page of outbox messages, newest first, searched by subject or recipient. */
export async function listMessages(db: Database, q: ListOutboxQuery) {
  let base = db.selectFrom('emailMessages');
  if (q.kind) base = base.where('kind', '=', q.kind);
  if (q.search) {
    const pattern = searchPattern(q.search);
    base = base.where((eb) =>
      eb.or([
        matchesSearch(eb, ['subject'], q.search!),
        eb.exists(
          eb
            .selectFrom('emailRecipients')
            .select('emailRecipients.id')
            .whereRef('emailRecipients.messageId', '=', 'emailMessages.id')
            .where('emailRecipients.email', 'like', pattern),
        ),
      ]),
    );
  }
  return paged(q, base, (messages) =>
    messages
      .select(['id', 'createdAt', 'kind', 'subject', 'isMarketing', 'language'])
      .select((eb) => [
        eb
          .selectFrom('emailRecipients')
          .select((e) => e.fn.min('email').as('m'))
          .whereRef('messageId', '=', 'emailMessages.id')
          .as('firstRecipient'),
      ])
      .orderBy('createdAt', 'desc')
      .orderBy('id'),
  );
}

/** One message with its first recipient (by address), or undefined. */
export async function findMessage(db: Database, id: string) {
  const message = await db.selectFrom('emailMessages').selectAll().where('id', '=', id).executeTakeFirst();
  if (!message) return undefined;
  const first = await db
    .selectFrom('emailRecipients')
    .select('email')
    .where('messageId', '=', id)
    .orderBy('email')
    .limit(1)
    .executeTakeFirst();
  return { ...message, firstRecipient: first?.email ?? null };
}

/** One page of a message's recipients, by address, optionally of one status. */
export function listRecipients(db: Database, messageId: string, q: ListRecipientsQuery) {
  let base = db.selectFrom('emailRecipients').where('messageId', '=', messageId);
  if (q.status) base = base.where('status', '=', q.status);
  return paged(q, base, (recipients) =>
    recipients
      .select(['email', 'name', 'status', 'reason', 'attempts', 'sentAt', 'transport'])
      .orderBy('email'),
  );
}

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

/** Rows per insert or IN list: well under every dialect's bind-parameter limit. */
export const CHUNK = 500;

export async function insertMessage(db: Database, message: Insertable<EmailMessagesTable>) {
  await db.insertInto('emailMessages').values(message).execute();
}

export async function insertRecipients(db: Database, recipients: Insertable<EmailRecipientsTable>[]) {
  await db.insertInto('emailRecipients').values(recipients).execute();
}
