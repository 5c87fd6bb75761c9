import { randomUUID } from 'node:crypto';

/** Epoch milliseconds: the one time format stored in the database. */
export const now = (): number => Date.now();
export const newId = (): string => randomUUID();

/** The columns every new business record starts with: a new id, version 1, not deleted, its times. */
export const newRecord = (at: number = now()) => ({
  id: newId(),
  version: 1,
  deleted: 0 as const,
  createdAt: at,
  updatedAt: at,
});
