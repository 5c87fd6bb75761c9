import type { CreatorMetric, PageQuery } from '@preffy/api';
import type { Database } from '../../db/database.ts';
import { VersionConflict, isUniqueViolation, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/types.ts';
import { recordAudit } from '../audit/index.ts';
import { findVisibleCompetition } from '../competitions/index.ts';
import {
  type CreatorMetricRow,
  findCreatorMetric,
  insertCreatorMetric,
  listCreatorMetrics,
  listCreators,
  toCreatorMetric,
  updateCreatorMetric,
} from './creators.repository.ts';
import { forVisibleCompetition } from './leaderboard.service.ts';

/** The competition's ranking metric (Update Leaderboard reads it the same way). */
export const rankingMetric = (metric: string): 'likes' | 'views' => (metric === 'views' ? 'views' : 'likes');

async function visibleCompetition(db: Database, user: SessionUser, competitionId: string) {
  const competition = await findVisibleCompetition(db, user, competitionId);
  return { id: competition.id, metric: rankingMetric(competition.metric) };
}

/** A competition's creators, for a user who may see it. */
export const competitionCreators = forVisibleCompetition(listCreators);

export async function competitionCreatorMetrics(
  db: Database,
  user: SessionUser,
  competitionId: string,
  q: PageQuery,
) {
  return listCreatorMetrics(db, await visibleCompetition(db, user, competitionId), q);
}

/**
 * Sets a creator's metric (decision 0025). Version 0 means "none stored yet" and creates it;
 * any other version updates the stored one only if it still has that version. Either way a
 * stale version is a 409 with the creator's metric as it is now.
 */
export async function setCreatorMetric(
  db: Database,
  user: SessionUser,
  competitionId: string,
  input: { creator: string; platform: string; metric: number; version: number },
): Promise<CreatorMetric> {
  const competition = await visibleCompetition(db, user, competitionId);
  // Platforms are stored in lower case (parsePostLink); handles exactly as the creator gave them.
  const read = () => findCreatorMetric(db, competition, input.creator, input.platform.toLowerCase());
  const conflict = (row: CreatorMetricRow | undefined) =>
    row ? new VersionConflict('creatorMetrics', row) : notFound('Creator');
  const before = await read();
  // Only a creator with a live post in this competition has a metric to set.
  if (!before) throw notFound('Creator');
  if ((before.version ?? 0) !== input.version) throw conflict(before);
  const save = db.transaction().execute(async (trx) => {
    if (before.id === null) {
      await insertCreatorMetric(trx, {
        competitionId: competition.id,
        creator: before.creator,
        platform: before.platform,
        metric: input.metric,
        updatedBy: user.id,
      });
    } else if (
      !(await updateCreatorMetric(trx, before.id, input.version, {
        metric: input.metric,
        updatedBy: user.id,
      }))
    )
      return undefined;
    const row = (await findCreatorMetric(trx, competition, before.creator, before.platform))!;
    await recordAudit(trx, {
      actorId: user.id,
      entity: 'creatorMetrics',
      entityId: row.id!,
      action: 'set-metric',
      changes: {
        competitionId: competition.id,
        creator: row.creator,
        platform: row.platform,
        metric: { from: before.metric === null ? null : Number(before.metric), to: input.metric },
      },
    });
    return row;
  });
  // Someone else saved first (a concurrent first save loses to the unique index).
  const after = await save.catch((error: unknown) => {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  });
  if (!after) throw conflict(await read());
  return toCreatorMetric(after);
}
