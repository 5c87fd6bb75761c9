import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Reposts and account size (issue 42, decision 0135):
 * - posts.coverHash: the cover's 64-bit difference hash, 16 hex digits, null until a refresh
 *   found the cover; coverBand0–2: its three bands (22, 21, 21 bits), each indexed, so the posts
 *   with a band near a new cover's are found by index among a million (a repost is near in one).
 * - posts.followers: the account's followers when the provider gives them (the size-aware high
 *   engagement check); null when unknown.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('posts').addColumn('followers', 'bigint').execute();
  await db.schema.alterTable('posts').addColumn('coverHash', 'text').execute();
  for (const band of [0, 1, 2]) {
    await db.schema.alterTable('posts').addColumn(`coverBand${band}`, 'integer').execute();
    await db.schema.createIndex(`postsCoverBand${band}Idx`).on('posts').column(`coverBand${band}`).execute();
  }
}
