import { WINNER_EMAIL_TAKEN, type WinnerFlag } from '@preffy/api';
import { sql } from 'kysely';
import type { Database, Dialect } from '../../db/database.ts';
import { newRecord } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/types.ts';
import { recordAudit } from '../audit/index.ts';
import {
  creditWinner,
  deleteWinnerRecord,
  findLiveWinnerByEmail,
  findWinnerById,
  hasWinnerRecord,
  insertDirectoryWinner,
  insertWinner,
  toPublicWinner,
  updateUnsubscribed,
  updateWinnerRecord,
} from './winners.repository.ts';

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

/** A change to the winners directory, in the audit log. */
const auditWinner = (db: Database, actor: SessionUser, id: string, action: string, changes: unknown) =>
  recordAudit(db, { actorId: actor.id, entity: 'winner', entityId: id, action, changes });

const emailTaken = () =>
  new AppError(409, 'WINNER_EMAIL_TAKEN', WINNER_EMAIL_TAKEN, {
    fieldErrors: { email: [WINNER_EMAIL_TAKEN] },
  });

const flag = (on: boolean) => (on ? (1 as const) : (0 as const));

/**
 * Holds the address until the transaction ends: the table has no unique index (legacy rows may
 * repeat an address), so PostgreSQL serialises its check-then-insert per address with an advisory
 * lock; SQLite runs one write transaction at a time.
 */
async function lockAddress(trx: Database, dialect: Dialect, email: string) {
  if (dialect === 'postgres')
    await sql`select pg_advisory_xact_lock(hashtext(${`winners:${email}`}))`.execute(trx);
}

/**
 * Paying a creator makes them a winner in the directory (decision 0105), inside the caller's
 * transaction: a new record with the address they are paid at, or the existing one's balance
 * raised by what they are paid (whole dollars) and its PayPal address filled when empty. The
 * caller's transaction writes each payment once, so the balance counts each payment once.
 */
export async function recordPaidWinners(
  trx: Database,
  dialect: Dialect,
  paid: readonly { email: string; paymentEmail: string; amount: number }[],
) {
  const byAddress = new Map<string, { paymentEmail: string; amount: number }>();
  for (const p of paid) {
    const address = p.email.trim().toLowerCase();
    const before = byAddress.get(address);
    byAddress.set(address, { paymentEmail: p.paymentEmail, amount: (before?.amount ?? 0) + p.amount });
  }
  // Sorted: two submits locking the same addresses take them in one order.
  for (const [address, { paymentEmail, amount }] of [...byAddress].sort(([a], [b]) => a.localeCompare(b))) {
    await lockAddress(trx, dialect, address);
    const existing = await findLiveWinnerByEmail(trx, address);
    const balance = Math.round(amount);
    if (existing)
      await creditWinner(trx, existing.id, balance, existing.paypal?.trim() ? null : paymentEmail);
    else
      await insertDirectoryWinner(trx, {
        ...newRecord(),
        email: address,
        paypal: paymentEmail,
        isBanned: 0,
        isUnsubscribed: 0,
        isVetted: 0,
        balance,
      });
  }
}

/** Add A Winner. One record per address: the check and the insert run in one transaction, locked per address. */
export async function createWinner(
  db: Database,
  dialect: Dialect,
  actor: SessionUser,
  input: { email: string; paypal?: string | null; isBanned: boolean },
) {
  const email = input.email.trim().toLowerCase();
  const paypal = input.paypal?.trim() || null;
  return db.transaction().execute(async (trx) => {
    await lockAddress(trx, dialect, email);
    if (await hasWinnerRecord(trx, email)) throw emailTaken();
    const row = {
      ...newRecord(),
      email,
      paypal,
      isBanned: flag(input.isBanned),
      isUnsubscribed: 0 as const,
      isVetted: 0 as const,
      balance: 0,
    };
    await insertDirectoryWinner(trx, row);
    await auditWinner(trx, actor, row.id, 'create', { email, paypal, isBanned: input.isBanned });
    return toPublicWinner(row);
  });
}

/**
 * Toggles flags with the version read (409 with the current winner when stale). A ban counts at
 * once: the review flags read it on every check (isBannedEmail).
 */
export async function updateWinnerFlags(
  db: Database,
  actor: SessionUser,
  id: string,
  input: { version: number } & Partial<Record<WinnerFlag, boolean>>,
) {
  return db.transaction().execute(async (trx) => {
    const patch = {
      ...(input.isBanned !== undefined && { isBanned: flag(input.isBanned) }),
      ...(input.isVetted !== undefined && { isVetted: flag(input.isVetted) }),
      ...(input.isUnsubscribed !== undefined && { isUnsubscribed: flag(input.isUnsubscribed) }),
    };
    await updateWinnerRecord(trx, id, input.version, patch);
    const { version: _version, ...changes } = input;
    await auditWinner(trx, actor, id, 'update', changes);
    const row = await findWinnerById(trx, id);
    if (!row) throw notFound('Winner');
    return toPublicWinner(row);
  });
}

/** Deletes a winner (soft: the row stays for the audit) with the version read. */
export async function deleteWinner(db: Database, actor: SessionUser, id: string, version: number) {
  await db.transaction().execute(async (trx) => {
    if (!(await findWinnerById(trx, id))) throw notFound('Winner');
    await deleteWinnerRecord(trx, id, version);
    await auditWinner(trx, actor, id, 'delete', { version });
  });
}
