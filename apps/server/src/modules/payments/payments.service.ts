import type { PaymentStatus } from '@preffy/api';
import type { Database } from '../../db/database.ts';
import { AppError, VersionConflict, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/types.ts';
import { recordAudit } from '../audit/index.ts';
import { findPayment, moveStatus, toPayment } from './payments.repository.ts';

export const ALREADY_SENT_MESSAGE = 'This payment is already marked as sent';
export const NOT_SENT_MESSAGE = 'This payment is not marked as sent';

/** Sent and Unsend: each leaves one status for the other (doc 2 section 4 'Payment'). */
const MOVES = {
  send: { from: 'To Be Paid', to: 'Paid', action: 'send', refused: ALREADY_SENT_MESSAGE },
  unsend: { from: 'Paid', to: 'To Be Paid', action: 'unsend', refused: NOT_SENT_MESSAGE },
} as const satisfies Record<
  string,
  { from: PaymentStatus; to: PaymentStatus; action: string; refused: string }
>;

/**
 * Marks a payment Sent (To Be Paid → Paid) or Unsend (Paid → To Be Paid), in one transaction
 * with its audit entry. The write only happens at the version the caller read and from the
 * status it leaves, so two concurrent clicks change it once: the other gets 409 with the payment.
 */
export async function movePayment(
  db: Database,
  actor: SessionUser,
  id: string,
  move: keyof typeof MOVES,
  input: { version: number },
) {
  const { from, to, action, refused } = MOVES[move];
  return db.transaction().execute(async (trx) => {
    if (!(await moveStatus(trx, id, input.version, from, to))) {
      const current = await findPayment(trx, id);
      if (!current) throw notFound('Payment');
      if (current.version !== input.version) throw new VersionConflict('payments', current);
      throw new AppError(409, 'PAYMENT_STATUS', refused);
    }
    await recordAudit(trx, {
      actorId: actor.id,
      entity: 'payment',
      entityId: id,
      action,
      changes: { status: { from, to } },
    });
    const row = await findPayment(trx, id);
    if (!row) throw notFound('Payment');
    return toPayment(row);
  });
}
