import { createHmac, timingSafeEqual } from 'node:crypto';

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
