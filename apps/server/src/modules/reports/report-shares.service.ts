import { REPORT_MESSAGES, REPORT_SHARE_MAX_LIVE, type ReportShare } from '@preffy/api';
import { DAY_MS } from '@preffy/domain';
import { sql } from 'kysely';
import type { Database, Dialect } from '../../db/database.ts';
import { newRecord, now } from '../../lib/clock.ts';
import { AppError, VersionConflict } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/types.ts';
import { recordAudit } from '../audit/index.ts';
import { hashToken, newSecretToken } from '../auth/index.ts';
import { findVisibleCompetition } from '../competitions/index.ts';
import {
  countLiveShares,
  findLiveShareByHash,
  findShare,
  insertShare,
  isLiveShare,
  listShares,
  revokeShareAt,
  toReportShare,
} from './report-shares.repository.ts';

/**
 * Sharing a report with the artist (issue 16): a read-only link /r/:token. The token is the
 * credential and is shown once, when made; only its hash is stored (like the calendar feed).
 * A link lives 1 to REPORT_SHARE_MAX_DAYS days, stops at once when revoked, and is never renewed.
 */

const audit = (db: Database, actorId: string, id: string, action: string, changes: unknown) =>
  recordAudit(db, { actorId, entity: 'report-share', entityId: id, action, changes });

/** The link's address: the web app's /r/:token page. */
export const shareUrl = (publicUrl: string, token: string) => `${publicUrl}/r/${token}`;

export const shareNotFound = () => new AppError(404, 'NOT_FOUND', REPORT_MESSAGES.shareNotFound);
const unknownShare = () => new AppError(404, 'NOT_FOUND', REPORT_MESSAGES.notFound);

export async function listReportShares(db: Database, user: SessionUser, competitionId: string) {
  const competition = await findVisibleCompetition(db, user, competitionId);
  return listShares(db, competition.id);
}

/**
 * A new link, expiring `expiresInDays` from now. At most REPORT_SHARE_MAX_LIVE live links per
 * competition: the count and the insert run in one transaction, which PostgreSQL serialises per
 * competition with an advisory lock (SQLite runs one write transaction at a time).
 */
export async function createReportShare(
  db: Database,
  dialect: Dialect,
  input: { actor: SessionUser; competitionId: string; expiresInDays: number; publicUrl: string },
): Promise<{ share: ReportShare; url: string }> {
  const competition = await findVisibleCompetition(db, input.actor, input.competitionId);
  const token = newSecretToken();
  return db.transaction().execute(async (trx) => {
    if (dialect === 'postgres')
      await sql`select pg_advisory_xact_lock(hashtext(${`report-shares:${competition.id}`}))`.execute(trx);
    const at = now();
    if ((await countLiveShares(trx, competition.id, at)) >= REPORT_SHARE_MAX_LIVE)
      throw new AppError(409, 'TOO_MANY_SHARES', REPORT_MESSAGES.tooManyShares);
    const row = {
      ...newRecord(at),
      competitionId: competition.id,
      tokenHash: hashToken(token),
      expiresAt: at + input.expiresInDays * DAY_MS,
      revokedAt: null,
      revokedBy: null,
      createdBy: input.actor.id,
    };
    await insertShare(trx, row);
    await audit(trx, input.actor.id, row.id, 'created', {
      competitionId: competition.id,
      expiresAt: row.expiresAt,
    });
    return {
      share: toReportShare({ ...row, createdByName: input.actor.name }),
      url: shareUrl(input.publicUrl, token),
    };
  });
}

/**
 * Revoke at the version read: the link stops working at once. A link already revoked is left as
 * it is and answered as stored, whatever version was sent (what the caller wanted is true, and a
 * second revocation would only move its date); a stale version of a live link is a 409.
 */
export async function revokeReportShare(db: Database, actor: SessionUser, id: string, version: number) {
  return db.transaction().execute(async (trx) => {
    const before = await findShare(trx, id);
    if (!before) throw unknownShare();
    if (before.revokedAt !== null) return toReportShare(before);
    if (before.version !== version) throw new VersionConflict('reportShares', before);
    const at = now();
    if (!(await revokeShareAt(trx, { id, version, revokedBy: actor.id, at }))) {
      const current = await findShare(trx, id);
      if (!current) throw unknownShare();
      if (current.revokedAt !== null) return toReportShare(current);
      throw new VersionConflict('reportShares', current);
    }
    await audit(trx, actor.id, id, 'revoked', { wasLive: isLiveShare(before, at) });
    return toReportShare((await findShare(trx, id))!);
  });
}

/** The live link a token opens, or 404 (REPORT_MESSAGES.shareNotFound) for an unknown, expired or revoked one. */
export async function liveShareOf(db: Database, token: string) {
  const share = await findLiveShareByHash(db, hashToken(token), now());
  if (!share) throw shareNotFound();
  return { competitionId: share.competitionId, expiresAt: Number(share.expiresAt) };
}
