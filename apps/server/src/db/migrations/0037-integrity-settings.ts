import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The integrity detectors' thresholds (issue 42, decision 0134): one settings record, 'integrity',
 * holding an administrator's thresholds per platform. It starts empty: every platform reads as
 * the domain's defaults until an administrator saves.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const at = Date.now();
  await db
    .insertInto('appSettings')
    .values({ id: 'integrity', version: 1, deleted: 0, createdAt: at, updatedAt: at, value: '{}' })
    .execute();
}
