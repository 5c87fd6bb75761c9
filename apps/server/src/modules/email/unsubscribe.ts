import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../db/database.ts';
import { newId, now } from '../../lib/clock.ts';

/** A link that unsubscribes one address; signed so nobody can unsubscribe others. */
export function unsubscribeUrl(publicUrl: string, secret: string, email: string): string {
  const e = Buffer.from(email.toLowerCase()).toString('base64url');
  return `${publicUrl}/api/email/unsubscribe?e=${e}&t=${sign(secret, email)}`;
}

const sign = (secret: string, email: string) =>
  createHmac('sha256', secret).update(`unsubscribe:${email.toLowerCase()}`).digest('base64url');

/** The address a link was made for, or null when the signature does not match. */
export function verifyUnsubscribe(secret: string, e: string, t: string): string | null {
  const email = Buffer.from(e, 'base64url').toString('utf8');
  const expected = Buffer.from(sign(secret, email));
  const given = Buffer.from(t);
  return expected.length === given.length && timingSafeEqual(expected, given) ? email : null;
}

/**
 * Sets isUnsubscribed on the address's winner record, creating one when the address has
 * none, so the suppression holds for every later bulk send.
 */
export async function setUnsubscribed(db: Database, email: string, unsubscribed: boolean) {
  const address = email.trim().toLowerCase();
  const at = now();
  const flag = unsubscribed ? (1 as const) : (0 as const);
  const existing = await db
    .selectFrom('winners')
    .select(['id', 'version'])
    .where('email', '=', address)
    .where('deleted', '=', 0)
    .execute();
  if (existing.length === 0) {
    await db
      .insertInto('winners')
      .values({
        id: newId(),
        version: 1,
        deleted: 0,
        createdAt: at,
        updatedAt: at,
        email: address,
        paypal: null,
        isBanned: 0,
        isUnsubscribed: flag,
        isVetted: 0,
        balance: 0,
      })
      .execute();
    return;
  }
  // The person asked: this wins over any concurrent edit of the flag, so no version check.
  await db
    .updateTable('winners')
    .set((eb) => ({ isUnsubscribed: flag, updatedAt: at, version: eb('version', '+', 1) }))
    .where('email', '=', address)
    .where('deleted', '=', 0)
    .execute();
}
