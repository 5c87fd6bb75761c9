import { FINISH_MESSAGES, type Finish, type FinishReadiness, isEarlyFinish } from '@preffy/api';
import { DAY_MS } from '@preffy/domain';
import type { Database } from '../../db/database.ts';
import { now } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/types.ts';
import { recordAudit } from '../audit/index.ts';
import { leaderboardComputedAt } from '../leaderboard/index.ts';
import { lastReviewDecisionAt, postTallyOf } from '../posts/index.ts';
import type { FinishCompetition } from './finish.repository.ts';

/**
 * Where the competition stands for finishing (decision 0104): still running (days left), live
 * posts not reviewed, and a stored leaderboard older than the last review decision.
 */
export async function readinessOf(
  db: Database,
  competition: Pick<FinishCompetition, 'id' | 'endDate' | 'hasEnded'>,
): Promise<FinishReadiness> {
  const [unreviewedPosts, computedAt, lastReviewAt] = await Promise.all([
    postTallyOf(db, competition.id, 'unscored'),
    leaderboardComputedAt(db, competition.id),
    lastReviewDecisionAt(db, competition.id),
  ]);
  const endDate = Number(competition.endDate);
  const left = endDate - now();
  return {
    endDate,
    // Whole days, as the public page counts them ("Ends in 7 days and 0 hours"); under a day is 1.
    daysLeft: competition.hasEnded === 0 && left > 0 ? Math.max(1, Math.floor(left / DAY_MS)) : null,
    unreviewedPosts,
    leaderboardComputedAt: computedAt,
    lastReviewAt,
    leaderboardStale: lastReviewAt !== null && (computedAt === null || computedAt < lastReviewAt),
  };
}

/** 409: finishing now is early and the request did not confirm it; carries the wizard as it is now. */
class FinishEarlyNotConfirmed extends AppError {
  constructor(current: Finish) {
    super(409, 'FINISH_EARLY', FINISH_MESSAGES.finishEarly);
    Object.assign(this.details, { current, readiness: current.readiness });
  }
}

/**
 * Refuses an early finish that staff did not confirm (`finishEarly`); answers whether it is
 * early, so the step's transaction audits the confirmation with what was wrong.
 */
export function requireConfirmedIfEarly(finish: Finish, finishEarly: boolean | undefined): boolean {
  const early = isEarlyFinish(finish.readiness);
  if (early && !finishEarly) throw new FinishEarlyNotConfirmed(finish);
  return early;
}

/** The audit entry of a confirmed early finish: which step, and what was not ready. */
export const auditEarlyFinish = (
  db: Database,
  actor: SessionUser,
  competitionId: string,
  step: 'submit' | 'complete',
  readiness: FinishReadiness,
) =>
  recordAudit(db, {
    actorId: actor.id,
    entity: 'finish',
    entityId: competitionId,
    action: 'finish-early',
    changes: { step, ...readiness },
  });
