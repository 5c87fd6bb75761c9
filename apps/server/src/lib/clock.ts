import { randomUUID } from 'node:crypto';

/** Epoch milliseconds: the one time format stored in the database. */
export const now = (): number => Date.now();
export const newId = (): string => randomUUID();
