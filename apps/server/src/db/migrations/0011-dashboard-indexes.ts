import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The dashboard (issue 16). Its competitions table reads the ended or active competitions,
 * latest end first; its holds tile the unconfirmed ones; its flagged tile the posts removed as
 * 'flagged' across competitions (the existing posts indexes lead with the competition or with
 * createdAt). The charts use existing indexes: posts by (deleted, createdAt) and by competition,
 * and analytics' (lower(trim(platform)), lower(trim(creator)), createdAt) for first posts (0012).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const indexes: [string, string, string[]][] = [
    ['competitionsEndIdx', 'competitions', ['deleted', 'endDate']],
    ['competitionsHoldsIdx', 'competitions', ['deleted', 'isConfirmed', 'startDate']],
    ['postsRemovedReasonIdx', 'posts', ['deleted', 'deletedReason', 'competitionId']],
  ];
  for (const [name, table, columns] of indexes)
    await db.schema.createIndex(name).on(table).columns(columns).execute();
}
