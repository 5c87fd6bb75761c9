import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The last review decision in a competition (decision 0107): every review write bumps its post's
 * updatedAt, and the leaderboard asks for the latest one on each read, so the index answers it
 * at once however many posts the competition has.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('postsChangedIdx')
    .on('posts')
    .columns(['competitionId', 'updatedAt'])
    .execute();
}
