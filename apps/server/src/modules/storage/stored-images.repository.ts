import { createHash } from 'node:crypto';
import type { Database } from '../../db/database.ts';

/**
 * Keeps an image once: a key already stored keeps its first bytes (its name comes from their
 * hash, so a second upload of the same picture brings the same bytes).
 */
export async function insertStoredImage(db: Database, key: string, bytes: Buffer, contentType: string) {
  await db
    .insertInto('storedImages')
    .values({
      key,
      contentType,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      size: bytes.length,
      bytes,
      createdAt: Date.now(),
    })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
}

export function findStoredImage(db: Database, key: string) {
  return db
    .selectFrom('storedImages')
    .select(['contentType', 'sha256', 'size', 'bytes'])
    .where('key', '=', key)
    .executeTakeFirst();
}

/** One page of the stored images' keys and sizes, in key order after `after` (no bytes). */
export function storedImageKeys(db: Database, after: string, limit: number) {
  return db
    .selectFrom('storedImages')
    .select(['key', 'size'])
    .where('key', '>', after)
    .orderBy('key')
    .limit(limit)
    .execute();
}

export async function countStoredImages(db: Database) {
  const { count } = await db
    .selectFrom('storedImages')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Which of these keys the table holds already. */
export async function storedKeysAmong(db: Database, keys: string[]) {
  if (keys.length === 0) return new Set<string>();
  const rows = await db.selectFrom('storedImages').select('key').where('key', 'in', keys).execute();
  return new Set(rows.map((row) => row.key));
}
