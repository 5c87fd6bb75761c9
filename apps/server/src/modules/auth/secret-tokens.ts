import { createHash, randomBytes } from 'node:crypto';

/** A random token for a cookie or link; only its hash is stored, so the table cannot be replayed. */
export const newSecretToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
