import type { PageQuery } from '@preffy/api';
import type { Insertable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { PartnerApiKeysTable } from '../../db/schema.ts';
import { now } from '../../lib/clock.ts';
import { matchesSearch, paged } from '../../lib/paging.ts';
import { softDelete } from '../../lib/versioned.ts';
import { toPartnerKey } from './partner-key.dto.ts';

/** Live partner keys, newest first, searched by name. */
export async function listPartnerKeys(db: Database, q: PageQuery) {
  let base = db.selectFrom('partnerApiKeys').where('deleted', '=', 0);
  if (q.search) base = base.where((eb) => matchesSearch(eb, ['name'], q.search!));
  return paged(q, base, (keys) => keys.selectAll().orderBy('createdAt', 'desc'), toPartnerKey);
}

export async function insertPartnerKey(db: Database, row: Insertable<PartnerApiKeysTable>) {
  await db.insertInto('partnerApiKeys').values(row).execute();
}

/** The live key with this hash, if any. */
export const findPartnerKeyByHash = (db: Database, keyHash: string) =>
  db
    .selectFrom('partnerApiKeys')
    .select('id')
    .where('keyHash', '=', keyHash)
    .where('deleted', '=', 0)
    .executeTakeFirst();

export async function markPartnerKeyUsed(db: Database, id: string) {
  await db.updateTable('partnerApiKeys').set({ lastUsedAt: now() }).where('id', '=', id).execute();
}

/** Revokes a key (soft delete, so the audit keeps what it was) at the version the admin read. */
export const revokePartnerKeyRecord = (db: Database, id: string, version: number) =>
  softDelete(db, 'partnerApiKeys', id, version);
