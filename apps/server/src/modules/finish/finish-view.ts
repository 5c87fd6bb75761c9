import { type Finish, type FinishSlot, FINISH_MESSAGES } from '@preffy/api';
import { expandPrizeSlots } from '@preffy/domain';
import type { Database } from '../../db/database.ts';
import { AppError, VersionConflict, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { payeesOf } from '../winners/index.ts';
import { readinessOf } from './finish-readiness.ts';
import {
  type FinishCompetition,
  type FinishRow,
  type StoredWinners,
  findFinishCompetition,
  findFinishRow,
  newestPayoutFiles,
  userNames,
} from './finish.repository.ts';

/** The competition's prize slots (its prize lines expanded: one per place). */
export const prizeSlotsOf = (competition: Pick<FinishCompetition, 'prizes'>) =>
  expandPrizeSlots(JSON.parse(competition.prizes) as string[]);

export async function requireCompetition(
  db: Database,
  competitionId: string,
  options: { withDeleted?: boolean } = {},
) {
  const competition = await findFinishCompetition(db, competitionId, options);
  if (!competition) throw notFound('Competition');
  return competition;
}

/**
 * The slots with the chosen winners merged on by index (a winner beyond the slots, after the
 * prizes were shortened, is dropped), each marked when its email is banned in the directory now.
 */
export async function slotsWithWinners(
  db: Database,
  competition: Pick<FinishCompetition, 'prizes'>,
  winners: StoredWinners,
  reasons: (string | null)[] = [],
): Promise<FinishSlot[]> {
  const slots = prizeSlotsOf(competition);
  const chosen = slots.flatMap((s) => winners[s.index]?.email ?? []);
  const payees = chosen.length ? await payeesOf(db, chosen) : new Map();
  return slots.map((slot) => {
    const winner = winners[slot.index] ?? null;
    return {
      index: slot.index,
      label: slot.label,
      amount: slot.amount,
      kind: slot.kind,
      winner,
      reason: reasons[slot.index] ?? null,
      banned: winner ? (payees.get(winner.email)?.isBanned ?? false) : false,
    };
  });
}

/** The wizard as the API shows it; before the first save, step 'winners' at version 0. */
export async function finishView(
  db: Database,
  competition: FinishCompetition,
  row: FinishRow | undefined,
): Promise<Finish> {
  const winners = row ? (JSON.parse(row.winners) as StoredWinners) : [];
  const reasons = row ? (JSON.parse(row.reasons) as (string | null)[]) : [];
  const names = await userNames(db, [row?.submittedBy ?? null, row?.completedBy ?? null]);
  const nameOf = (id: string | null | undefined) => (id ? (names.get(id) ?? null) : null);
  return {
    id: competition.id,
    competitionId: competition.id,
    competitionName: competition.name,
    organizer: competition.organizer,
    competitionDeleted: competition.deleted === 1,
    step: row?.step ?? 'winners',
    version: row?.version ?? 0,
    slots: await slotsWithWinners(db, competition, winners, reasons),
    submittedAt: row?.submittedAt == null ? null : Number(row.submittedAt),
    submittedByName: nameOf(row?.submittedBy),
    completedAt: row?.completedAt == null ? null : Number(row.completedAt),
    completedByName: nameOf(row?.completedBy),
    files: await newestPayoutFiles(db, competition.id),
    readiness: await readinessOf(db, competition),
  };
}

/**
 * The wizard of a live competition (404 for an unknown or deleted one); `withDeleted` for the
 * wizard's read, which shows a deleted competition's wizard read-only (decision 0124).
 */
export async function loadFinish(
  db: Database,
  competitionId: string,
  options: { withDeleted?: boolean } = {},
) {
  const competition = await requireCompetition(db, competitionId, options);
  const row = await findFinishRow(db, competitionId);
  return { competition, row, finish: await finishView(db, competition, row) };
}

/** The wizard while its winners can still change: 409 once they are submitted. */
export async function loadUnsubmittedFinish(db: Database, competitionId: string) {
  const loaded = await loadFinish(db, competitionId);
  if (loaded.row?.submittedAt != null)
    throw new FinishStepConflict(FINISH_MESSAGES.alreadySubmitted, loaded.finish);
  return loaded;
}

/** 409 for a write the wizard's step no longer allows, with the wizard as it is now. */
export class FinishStepConflict extends AppError {
  constructor(
    message: string,
    readonly current: Finish,
  ) {
    super(409, 'FINISH_STEP', message);
    // The error handler spreads `details` into the answer: the web reloads from `current`.
    Object.assign(this.details, { current });
  }
}

/**
 * Why a write of the finish row found nothing to change: the winners are (not) submitted yet,
 * or someone saved first (409 with the wizard as it is now either way).
 */
export async function finishConflict(db: Database, competitionId: string, needsSubmitted: boolean) {
  const { row, finish } = await loadFinish(db, competitionId);
  const submitted = row?.submittedAt != null;
  if (submitted !== needsSubmitted)
    return new FinishStepConflict(
      submitted ? FINISH_MESSAGES.alreadySubmitted : FINISH_MESSAGES.notSubmitted,
      finish,
    );
  return new VersionConflict('competitionFinishes', finish);
}

/** Thrown inside a transaction whose finish row write found nothing to change (it rolls back). */
export class StaleFinish extends Error {}

/**
 * Runs a transaction that writes the finish row; when it lost a race (a stale version, the
 * unique row of a first save taken meanwhile, or the step moved on) the caller gets the 409
 * that says why, read after the rollback.
 */
export async function inFinishTransaction<T>(
  db: Database,
  target: { competitionId: string; version: number; needsSubmitted: boolean },
  work: (trx: Database) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction().execute(work);
  } catch (error) {
    if (error instanceof StaleFinish || (target.version === 0 && isUniqueViolation(error)))
      throw await finishConflict(db, target.competitionId, target.needsSubmitted);
    throw error;
  }
}
