import { createHash, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@preffy/api';
import { Secret, TOTP } from 'otpauth';
import type { Database } from '../../db/database.ts';
import { now } from '../../lib/clock.ts';
import { findFactor, recordUsedStep, replaceRecoveryCodes } from './two-step.repository.ts';

/**
 * Two-step verification with an authenticator app (TOTP, RFC 6238: SHA-1, 6 digits, 30 s, the
 * parameters every app supports) and single-use recovery codes (decision 0040).
 */

const ISSUER = 'Preffy Admin';
/** A code of the step before or after is accepted too: phones' clocks drift. */
const WINDOW = 1;

const totpOf = (secret: string, label = '') =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  });

/** A new 160-bit secret (base32) and the otpauth:// address a QR code carries to the app. */
export function newTotpSecret(accountName: string): { secret: string; otpauthUri: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, otpauthUri: totpOf(secret, accountName).toString() };
}

/**
 * The 30-second step a code is right for, or null. Digits only, spaces allowed ('123 456'); a
 * step at or before `lastStep` was used already and is refused, so an overheard code is no use.
 */
export function acceptedStep(secret: string, code: string, lastStep: number | null): number | null {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const timestamp = now();
  const totp = totpOf(secret);
  const delta = totp.validate({ token, timestamp, window: WINDOW });
  if (delta === null) return null;
  const step = totp.counter({ timestamp }) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

// Recovery codes: 8 characters of an alphabet without look-alikes (0/O, 1/l/I), about 40 bits,
// shown as 'abcd-efgh'. Only their sha256 is stored: they are random, so a slow hash adds nothing.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const normalised = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');
const hashCode = (code: string) => createHash('sha256').update(normalised(code)).digest('base64url');

export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4)}`;
  });
  return { codes, hashes: codes.map(hashCode) };
}

/** The stored hashes without the one `code` matches, or null when it matches none. */
export function withoutRecoveryCode(storedHashes: string[], code: string): string[] | null {
  if (normalised(code).length !== 8) return null;
  const hash = hashCode(code);
  return storedHashes.includes(hash) ? storedHashes.filter((h) => h !== hash) : null;
}

/**
 * Checks a sign-in code against an enabled factor: a TOTP code (remembered as used) or a
 * recovery code (used up). The write is conditional on what was read, so two requests with the
 * same code cannot both pass. Answers whether it was right.
 */
export async function useCode(db: Database, userId: string, code: string): Promise<boolean> {
  const factor = await findFactor(db, userId);
  if (!factor?.secret || !factor.enabledAt) return false;
  const step = acceptedStep(factor.secret, code, factor.lastStep);
  if (step !== null) return recordUsedStep(db, userId, step, factor.lastStep);
  const left = withoutRecoveryCode(factor.recoveryCodes, code);
  if (!left) return false;
  return replaceRecoveryCodes(db, userId, left, factor.recoveryCodes);
}
