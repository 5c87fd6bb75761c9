import type { Database } from '../../db/database.ts';
import { hasWinnerRecord, insertWinner, updateUnsubscribed } from './winners.repository.ts';

/**
 * Sets isUnsubscribed on the address's winner record, creating one when the address has
 * none, so the suppression holds for every later bulk send.
 */
export async function setUnsubscribed(db: Database, email: string, unsubscribed: boolean) {
  const address = email.trim().toLowerCase();
  const flag = unsubscribed ? (1 as const) : (0 as const);
  if (await hasWinnerRecord(db, address)) await updateUnsubscribed(db, address, flag);
  else await insertWinner(db, address, { isUnsubscribed: flag });
}
