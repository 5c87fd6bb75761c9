import type { Database } from '../../db/database.ts';
import type { ImportedTable } from './mapping/mapped-record.ts';

/**
 * What the import reads of the tables it fills (decision 0128), a batch at a time: which ids
 * exist, and the values other records must not share (a campaign number, a live video).
 */

export async function existingIds(db: Database, table: ImportedTable, ids: string[]) {
  if (!ids.length) return new Set<string>();
  const rows = await db.selectFrom(table).select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

/** Competitions holding any of these campaign numbers: number → competition id. */
export async function campaignOwners(db: Database, campaignIds: number[]) {
  if (!campaignIds.length) return new Map<number, string>();
  const rows = await db
    .selectFrom('competitions')
    .select(['id', 'campaignId'])
    .where('campaignId', 'in', campaignIds)
    .execute();
  return new Map(rows.map((r) => [Number(r.campaignId), r.id]));
}

/** Live posts of these competitions with these platform ids: 'competition|platform|postId' → post id. */
export async function liveVideos(db: Database, competitionIds: string[], postIds: string[]) {
  if (!competitionIds.length || !postIds.length) return new Map<string, string>();
  const rows = await db
    .selectFrom('posts')
    .select(['id', 'competitionId', 'platform', 'postId'])
    .where('deleted', '=', 0)
    .where('competitionId', 'in', competitionIds)
    .where('postId', 'in', postIds)
    .execute();
  return new Map(rows.map((r) => [`${r.competitionId}|${r.platform}|${r.postId}`, r.id]));
}

/** The competitions whose posts changed since `since`: their leaderboards are brought up to date. */
export async function competitionsWithPostsChangedSince(db: Database, since: number) {
  const rows = await db
    .selectFrom('posts')
    .select('competitionId')
    .distinct()
    .where('updatedAt', '>=', since)
    .execute();
  return rows.map((r) => r.competitionId);
}
