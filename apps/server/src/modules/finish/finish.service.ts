import { FINISH_MESSAGES, type FinishSlot, type WinnerCandidate, type WinnerChoice } from '@preffy/api';
import { mergeEntries, suggestWinners } from '@preffy/domain';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/types.ts';
import { recordAudit } from '../audit/index.ts';
import { loadRankingInput } from '../leaderboard/index.ts';
import { payeesOf } from '../winners/index.ts';
import { insertFinishRow, updateFinishRow, winnerCandidates } from './finish.repository.ts';
import {
  StaleFinish,
  inFinishTransaction,
  loadFinish,
  loadUnsubmittedFinish,
  prizeSlotsOf,
  requireCompetition,
  slotsWithWinners,
} from './finish-view.ts';

export type WinnersInput = { version: number; winners: (WinnerChoice | null)[] };
type DraftInput = WinnersInput & { reasons?: (string | null)[] };

/** One entry per prize slot (null = empty): anything else is refused on the field. */
export function checkSlotCount(winners: readonly unknown[], slotCount: number) {
  if (winners.length !== slotCount)
    throw new AppError(400, 'VALIDATION', FINISH_MESSAGES.slotCount, {
      fieldErrors: { winners: [FINISH_MESSAGES.slotCount] },
    });
}

/**
 * Saves the chosen winners as a draft, at the version read (0 creates the wizard's row), only
 * while they are not submitted: the wizard resumes from it anywhere.
 */
export async function saveWinnersDraft(
  db: Database,
  actor: SessionUser,
  competitionId: string,
  input: DraftInput,
) {
  const { competition } = await loadUnsubmittedFinish(db, competitionId);
  checkSlotCount(input.winners, prizeSlotsOf(competition).length);
  const winners = JSON.stringify(input.winners);
  // A reason belongs to its slot's winner: an empty slot keeps none.
  const reasons = JSON.stringify(input.winners.map((w, i) => (w ? (input.reasons?.[i] ?? null) : null)));
  await inFinishTransaction(
    db,
    { competitionId, version: input.version, needsSubmitted: false },
    async (trx) => {
      if (input.version === 0)
        await insertFinishRow(trx, { competitionId, step: 'winners', winners, reasons });
      else if (
        !(await updateFinishRow(
          trx,
          competitionId,
          input.version,
          { winners, reasons },
          { submitted: false },
        ))
      )
        throw new StaleFinish();
      await recordAudit(trx, {
        actorId: actor.id,
        entity: 'finish',
        entityId: competitionId,
        action: 'save-winners',
        changes: { chosen: input.winners.filter((w) => w !== null).length },
      });
    },
  );
  return (await loadFinish(db, competitionId)).finish;
}

/**
 * Suggest winners: every slot filled from the current posts by the domain's rules (the same
 * ranking input as Update Leaderboard: staff-set metrics, banned authors left out), each with
 * the rule that placed it. Nothing is saved: the wizard shows it, staff adjust and save.
 */
export async function suggestSlots(db: Database, competitionId: string): Promise<FinishSlot[]> {
  const competition = await requireCompetition(db, competitionId);
  const { posts, prizes, metric, bannedEmails, metricOverrides } = await loadRankingInput(db, competitionId);
  // A metric staff set on the Creators tab replaces that creator's sum (decision 0025), as in buildLeaderboard.
  const entries = mergeEntries(posts).map((entry) => {
    const override = metricOverrides.get(entry.key);
    return override === undefined ? entry : { ...entry, [metric]: override };
  });
  const suggested = suggestWinners(prizes, entries, { bannedEmails, metric });
  const winners: (WinnerChoice | null)[] = [];
  const reasons: (string | null)[] = [];
  for (const { slot, entry, rule } of suggested) {
    winners[slot.index] = {
      creator: entry.creator,
      platform: entry.platform,
      email: entry.email,
      source: entry.source,
    };
    reasons[slot.index] = rule;
  }
  return slotsWithWinners(db, competition, winners, reasons);
}

/** The winner selector's choices, best first by the competition's metric, with their ban. */
export async function candidatesOf(
  db: Database,
  competitionId: string,
  query: { search?: string; limit: number },
): Promise<WinnerCandidate[]> {
  const competition = await requireCompetition(db, competitionId);
  const metric = competition.metric === 'views' ? 'views' : 'likes';
  const rows = await winnerCandidates(db, competitionId, { ...query, metric });
  const payees = await payeesOf(
    db,
    rows.map((r) => r.email),
  );
  return rows.map((r) => ({ ...r, isBanned: payees.get(r.email)?.isBanned ?? false }));
}
