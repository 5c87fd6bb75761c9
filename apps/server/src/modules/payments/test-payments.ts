import type { Database } from '../../db/database.ts';
import { newId, now } from '../../lib/clock.ts';

/**
 * A payment row for tests, written straight to the table (the finish wizard is what makes them
 * for real). Without a creator it is a bare amount, as the totals tests need; with one it pays
 * that entry, with its prize slot, as Notify Winners records it.
 */
export async function insertPayment(
  db: Database,
  competitionId: string,
  p: {
    amount: number;
    status: string;
    deleted?: 0 | 1;
    creator?: string;
    platform?: string;
    /** null: a legacy payment, made before prize slots were recorded (it pays `amount`). */
    prize?: number | null;
    prizeLabel?: string | null;
  },
) {
  const at = now();
  const who = p.creator ?? 'ann';
  await db
    .insertInto('payments')
    .values({
      id: newId(),
      version: 1,
      deleted: p.deleted ?? 0,
      createdAt: at,
      updatedAt: at,
      competitionId,
      contactEmail: `${who}@creators.test`,
      contactId: null,
      vendorId: null,
      source: 'Preffy',
      paymentEmail: `${who}@paypal.test`,
      amount: p.amount,
      status: p.status,
      creator: p.creator ?? null,
      platform: p.platform ?? null,
      winnerKey: p.creator ? `${p.creator}|${p.platform ?? ''}` : null,
      prize: p.prize ?? null,
      prizeLabel: p.prizeLabel ?? null,
    })
    .execute();
}
