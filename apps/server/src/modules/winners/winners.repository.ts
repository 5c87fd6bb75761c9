import type { ListSubscribersQuery, ListWinnersQuery, Subscriber, Winner } from '@preffy/api';
import { chunkRows } from '@preffy/domain';
import type { Database } from '../../db/database.ts';
import type { Insertable, Selectable } from 'kysely';
import type { WinnersTable } from '../../db/schema.ts';
import { newRecord, now } from '../../lib/clock.ts';
import { matchesIndexedSearch, paged } from '../../lib/paging.ts';
import { sortExpression } from '../../lib/natural-order.ts';
import { type VersionedPatch, softDelete, updateVersioned } from '../../lib/versioned.ts';
import { type ImportedWrites, writeImported } from '../../lib/imported-records.ts';

/** Every query on `winners` lives here (a lint rule keeps other modules out of the table). */

export type WinnerRow = Selectable<WinnersTable>;
type NewWinner = Insertable<WinnersTable>;

/** Rows per IN list: well under every dialect's bind-parameter limit. */
const CHUNK = 500;

/** The live winner records of some addresses (at most CHUNK of them: one IN list). */
const liveWinnersAmong = (db: Database, emails: readonly string[]) =>
  db.selectFrom('winners').where('deleted', '=', 0).where('email', 'in', emails);

/** Subscribers: winners who are not unsubscribed, banned or deleted. */
function subscribersQuery(db: Database, search?: string) {
  let q = db
    .selectFrom('winners')
    .where('deleted', '=', 0)
    .where('isUnsubscribed', '=', 0)
    .where('isBanned', '=', 0);
  if (search) q = q.where((eb) => matchesIndexedSearch(db, eb, 'winners', search));
  return q;
}

/** The Email page's list of subscribers, paged and sorted. */
export async function listSubscribers(db: Database, q: ListSubscribersQuery) {
  return paged(
    q,
    subscribersQuery(db, q.search),
    (subscribers) =>
      subscribers
        .select(['id', 'email', 'paypal', 'balance', 'isVetted'])
        .orderBy(sortExpression(q.sortBy, ['email']), q.sortDirection)
        .orderBy('id'),
    (w): Subscriber => ({ ...w, isVetted: w.isVetted === 1 }),
  );
}

/** The addresses of every subscriber matching the search (a bulk send to "all"). */
export async function subscriberEmails(db: Database, search?: string): Promise<string[]> {
  const rows = await subscribersQuery(db, search).select('email').execute();
  return rows.map((w) => w.email);
}

/** Addresses that must get no marketing mail, with the reason. */
export async function suppressedAddresses(db: Database, emails: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const chunk of chunkRows(emails, CHUNK)) {
    const rows = await liveWinnersAmong(db, chunk)
      .select(['email', 'isBanned', 'isUnsubscribed'])
      .where((eb) => eb.or([eb('isBanned', '=', 1), eb('isUnsubscribed', '=', 1)]))
      .execute();
    for (const row of rows) out.set(row.email, row.isUnsubscribed ? 'unsubscribed' : 'banned');
  }
  return out;
}

/** The banned winners among the authors of a competition's posts (left out of its ranking). */
export async function bannedPostAuthors(db: Database, competitionId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('winners')
    .innerJoin('posts', 'posts.email', 'winners.email')
    .select('winners.email')
    .distinct()
    .where('posts.competitionId', '=', competitionId)
    .where('winners.deleted', '=', 0)
    .where('winners.isBanned', '=', 1)
    .execute();
  return rows.map((row) => row.email);
}

/**
 * Where each address is paid (the legacy get_paypal_email): the winner's PayPal address from
 * the directory, else the address itself. Also says which of them are banned, so the finish
 * wizard reads both in one query per chunk.
 */
export async function payeesOf(
  db: Database,
  emails: readonly string[],
): Promise<Map<string, { paymentEmail: string; isBanned: boolean }>> {
  const addresses = [...new Set(emails.map((e) => e.trim().toLowerCase()))];
  const out = new Map(addresses.map((email) => [email, { paymentEmail: email, isBanned: false }]));
  for (const chunk of chunkRows(addresses, CHUNK)) {
    const rows = await liveWinnersAmong(db, chunk).select(['email', 'paypal', 'isBanned']).execute();
    for (const row of rows)
      out.set(row.email, {
        paymentEmail: row.paypal?.trim().toLowerCase() || row.email,
        isBanned: row.isBanned === 1,
      });
  }
  return out;
}

/** Whether the address is a banned winner (the automatic flag 'Banned User'). */
export async function isBannedEmail(db: Database, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('winners')
    .select('id')
    .where('email', '=', email.trim().toLowerCase())
    .where('deleted', '=', 0)
    .where('isBanned', '=', 1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Which of these addresses (any case) are banned: their lower-case forms. */
export async function bannedAmong(db: Database, emails: readonly string[]): Promise<Set<string>> {
  const wanted = [...new Set(emails.map((e) => e.trim().toLowerCase()))];
  if (!wanted.length) return new Set();
  const rows = await db
    .selectFrom('winners')
    .select('email')
    .where('email', 'in', wanted)
    .where('deleted', '=', 0)
    .where('isBanned', '=', 1)
    .execute();
  return new Set(rows.map((r) => r.email));
}

/** Whether the address (lower case) has a winner record that is not deleted. */
export async function hasWinnerRecord(db: Database, address: string): Promise<boolean> {
  const existing = await db
    .selectFrom('winners')
    .select('id')
    .where('email', '=', address)
    .where('deleted', '=', 0)
    .execute();
  return existing.length > 0;
}

/** A winner record for an address that has none: known only by its email until it wins. */
export async function insertWinner(db: Database, address: string, flags: { isUnsubscribed: 0 | 1 }) {
  await db
    .insertInto('winners')
    .values({
      ...newRecord(),
      email: address,
      paypal: null,
      isBanned: 0,
      isUnsubscribed: flags.isUnsubscribed,
      isVetted: 0,
      balance: 0,
    })
    .execute();
}

/**
 * Sets isUnsubscribed on the address's winner records. The person asked: this wins over any
 * concurrent edit of the flag, so no version check.
 */
export async function updateUnsubscribed(db: Database, address: string, flag: 0 | 1) {
  await db
    .updateTable('winners')
    .set((eb) => ({ isUnsubscribed: flag, updatedAt: now(), version: eb('version', '+', 1) }))
    .where('email', '=', address)
    .where('deleted', '=', 0)
    .execute();
}

/** What the API shows of a winner (@preffy/api's winnerSchema). */
export const toPublicWinner = (row: WinnerRow): Winner => ({
  id: row.id,
  email: row.email,
  paypal: row.paypal,
  balance: row.balance,
  isBanned: row.isBanned === 1,
  isVetted: row.isVetted === 1,
  isUnsubscribed: row.isUnsubscribed === 1,
  version: row.version,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

/** The winners directory: every winner not deleted, searched by email, sorted and paged. */
export async function listWinners(db: Database, q: ListWinnersQuery) {
  let base = db.selectFrom('winners').where('deleted', '=', 0);
  if (q.search) base = base.where((eb) => matchesIndexedSearch(db, eb, 'winners', q.search!));
  return paged(
    q,
    base,
    (rows) =>
      rows
        .selectAll()
        .orderBy(sortExpression(q.sortBy, ['email', 'paypal']), q.sortDirection)
        .orderBy('id'),
    toPublicWinner,
  );
}

export const findWinnerById = (db: Database, id: string) =>
  db.selectFrom('winners').selectAll().where('id', '=', id).where('deleted', '=', 0).executeTakeFirst();

/** Adds a winner from the Add A Winner form (the address already in lower case). */
export async function insertDirectoryWinner(db: Database, row: NewWinner) {
  await db.insertInto('winners').values(row).execute();
}

/** The live winner record of an address (the oldest, should legacy rows repeat it). */
export const findLiveWinnerByEmail = (db: Database, address: string) =>
  db
    .selectFrom('winners')
    .select(['id', 'paypal'])
    .where('email', '=', address)
    .where('deleted', '=', 0)
    .orderBy('createdAt')
    .orderBy('id')
    .executeTakeFirst();

/** Adds a payment to a winner's balance and fills their PayPal address when they had none. */
export async function creditWinner(db: Database, id: string, amount: number, paypal: string | null) {
  await db
    .updateTable('winners')
    .set((eb) => ({
      balance: eb('balance', '+', amount),
      ...(paypal === null ? {} : { paypal }),
      updatedAt: now(),
      version: eb('version', '+', 1),
    }))
    .where('id', '=', id)
    .execute();
}

/** A winner's flags on the version the caller read: 409 on a stale one (lib/versioned.ts). */
export const updateWinnerRecord = (
  db: Database,
  id: string,
  version: number,
  patch: VersionedPatch<'winners'>,
) => updateVersioned(db, 'winners', id, version, patch);

/** Deletes a winner (soft: the row stays for the audit) on the version the caller read. */
export const deleteWinnerRecord = (db: Database, id: string, version: number) =>
  softDelete(db, 'winners', id, version);

/** A legacy record imported into the table (legacy-import, decision 0128). */
export const writeImportedWinner = (db: Database, write: ImportedWrites) =>
  writeImported(db, 'winners', write);
