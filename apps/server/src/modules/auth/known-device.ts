import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * A device that signed in to an account before (decision 0123): a cookie set at a successful
 * sign-in, signed with the cookie secret so that nobody can make one, holding a random device
 * id and a tag of the account it signed in to. It grants no access, only its own allowance of
 * sign-in attempts for that account: strangers who used up the account's allowance, or their
 * address's, do not lock its owner out on a device they signed in with before.
 */
export const DEVICE_COOKIE = 'preffy_device';
const COOKIE_PATH = '/api/auth';
const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** The account as a tag: the cookie says which account it is for without showing the email. */
const accountTag = (account: string) => createHash('sha256').update(account).digest('base64url').slice(0, 22);

/** The device id, when the request carries a valid device cookie for `account`; null otherwise. */
export function knownDevice(request: FastifyRequest, account: string): string | null {
  const cookie = request.cookies[DEVICE_COOKIE];
  if (!cookie) return null;
  const { valid, value } = request.unsignCookie(cookie);
  if (!valid || !value) return null;
  const [device, tag] = value.split('.');
  return device && tag === accountTag(account) ? device : null;
}

/** Marks the device as one that signed in to `account` (the latest account, when there are several). */
export function rememberDevice(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  account: string,
) {
  const device = knownDevice(request, account) ?? randomBytes(16).toString('base64url');
  reply.setCookie(DEVICE_COOKIE, `${device}.${accountTag(account)}`, {
    signed: true,
    httpOnly: true,
    sameSite: 'strict',
    secure: app.config.publicUrl.startsWith('https://'),
    path: COOKIE_PATH,
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  });
}
