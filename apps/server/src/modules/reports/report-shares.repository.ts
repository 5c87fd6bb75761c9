import type { ReportShare } from '@preffy/api';
import type { Insertable, Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { ReportSharesTable } from '../../db/schema.ts';
import { now } from '../../lib/clock.ts';
import { updateVersioned } from '../../lib/versioned.ts';

/** Every query on `reportShares` lives here (issue 16). */

/** The staff list shows the latest links only. */
export const REPORT_SHARES_LISTED = 50;

/** A stored link with its maker's name: what the API shows and what a 409 carries. */
export type ReportShareRow = Selectable<ReportSharesTable> & { createdByName: string | null };

/** Live: not revoked, not yet expired (a link ends at `expiresAt`, exclusive). */
export const isLiveShare = (row: { expiresAt: number; revokedAt: number | null }, at = now()) =>
  row.revokedAt === null && Number(row.expiresAt) > at;

/** The public shape: never the token's hash (the token itself is never stored). */
export function toReportShare(row: ReportShareRow): ReportShare {
  return {
    id: row.id,
    version: row.version,
    createdAt: Number(row.createdAt),
    createdByName: row.createdByName ?? null,
    expiresAt: Number(row.expiresAt),
    revokedAt: row.revokedAt === null ? null : Number(row.revokedAt),
    live: isLiveShare({ expiresAt: Number(row.expiresAt), revokedAt: row.revokedAt }),
  };
}

const withMaker = (db: Database) =>
  db
    .selectFrom('reportShares')
    .leftJoin('users', 'users.id', 'reportShares.createdBy')
    .selectAll('reportShares')
    .select('users.name as createdByName')
    .where('reportShares.deleted', '=', 0);

export const findShare = (db: Database, id: string): Promise<ReportShareRow | undefined> =>
  withMaker(db).where('reportShares.id', '=', id).executeTakeFirst();

/** The latest links of a competition, newest first. */
export async function listShares(db: Database, competitionId: string) {
  const rows = await withMaker(db)
    .where('reportShares.competitionId', '=', competitionId)
    .orderBy('reportShares.createdAt', 'desc')
    .orderBy('reportShares.id', 'desc')
    .limit(REPORT_SHARES_LISTED)
    .execute();
  return rows.map(toReportShare);
}

/** How many links of a competition still work now. */
export async function countLiveShares(db: Database, competitionId: string, at: number) {
  const row = await db
    .selectFrom('reportShares')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('competitionId', '=', competitionId)
    .where('deleted', '=', 0)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', at)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertShare(db: Database, row: Insertable<ReportSharesTable>) {
  await db.insertInto('reportShares').values(row).execute();
}

/**
 * The live link whose token has this hash, on a live competition; undefined for an unknown,
 * expired or revoked one alike (one indexed lookup, the same work for each).
 */
export const findLiveShareByHash = (db: Database, tokenHash: string, at: number) =>
  db
    .selectFrom('reportShares')
    .innerJoin('competitions', 'competitions.id', 'reportShares.competitionId')
    .select(['reportShares.id', 'reportShares.competitionId', 'reportShares.expiresAt'])
    .where('reportShares.tokenHash', '=', tokenHash)
    .where('reportShares.deleted', '=', 0)
    .where('reportShares.revokedAt', 'is', null)
    .where('reportShares.expiresAt', '>', at)
    .where('competitions.deleted', '=', 0)
    .executeTakeFirst();

/** Revokes at the version read: true when this call changed the link. */
export async function revokeShareAt(
  db: Database,
  input: { id: string; version: number; revokedBy: string; at: number },
) {
  const patch = { revokedAt: input.at, revokedBy: input.revokedBy };
  return updateVersioned(db, 'reportShares', input.id, input.version, patch, {
    where: (update) => update.where('revokedAt', 'is', null),
    at: input.at,
    onMiss: 'resolve false',
  });
}
