import { FINISH_MESSAGES, WINNERS_BLOCKED, type WinnerChoice, type WinnersBlocked } from '@preffy/api';
import {
  GENNI_SOURCE,
  type PrizeSlot,
  entryKey,
  paymentRecordAmount,
  payoutCsvAmount,
  validateWinners,
} from '@preffy/domain';
import type { Database, Dialect } from '../../db/database.ts';
import { newRecord, now } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/types.ts';
import { recordAudit } from '../audit/index.ts';
import { lockCompetition } from '../competitions/index.ts';
import { enqueueEmail } from '../email/index.ts';
import { payeesOf, recordPaidWinners } from '../winners/index.ts';
import { hasLivePayments, insertPayments } from '../payments/index.ts';
import {
  type FinishCompetition,
  entrantKey,
  entrantKeysOf,
  insertFinishRow,
  updateFinishRow,
} from './finish.repository.ts';
import {
  FinishStepConflict,
  StaleFinish,
  inFinishTransaction,
  loadFinish,
  prizeSlotsOf,
} from './finish-view.ts';
import { type WinnersInput, checkSlotCount } from './finish.service.ts';
import { auditEarlyFinish, requireConfirmedIfEarly } from './finish-readiness.ts';

const isGenni = (source: string) => source.trim().toLowerCase() === GENNI_SOURCE;

/** Submit refused by the blocking checks: the rule texts on the field, and what to fix. */
class WinnersBlockedError extends AppError {
  constructor(messages: string[], blocked: Omit<WinnersBlocked, 'code'>) {
    super(400, WINNERS_BLOCKED, FINISH_MESSAGES.winnersBlocked, { fieldErrors: { winners: messages } });
    Object.assign(this.details, blocked);
  }
}

/** Duplicate creator + platform pairs and banned emails among the chosen, as the checks found them. */
function blockedDetails(chosen: readonly WinnerChoice[], banned: ReadonlySet<string>) {
  const seen = new Set<string>();
  const duplicates = new Map<string, { creator: string; platform: string }>();
  for (const w of chosen) {
    const key = entryKey(w.creator, w.platform);
    if (seen.has(key)) duplicates.set(key, { creator: w.creator, platform: w.platform });
    seen.add(key);
  }
  const bannedEmails = [...new Set(chosen.map((w) => w.email).filter((e) => banned.has(e)))];
  return { duplicates: [...duplicates.values()], bannedEmails };
}

type Award = { slot: PrizeSlot; winner: WinnerChoice; paymentEmail: string };

/** One payment row per award (doc 1 section 9: the record holds 80%, or prize × takePct for genni). */
function paymentRows(competition: FinishCompetition, awards: readonly Award[]) {
  const at = now();
  return awards.map(({ slot, winner, paymentEmail }, i) => ({
    // One millisecond apart: lists and payout files ordered by creation follow the prize order.
    ...newRecord(at + i),
    competitionId: competition.id,
    contactEmail: winner.email,
    contactId: null,
    vendorId: null,
    paymentEmail,
    amount: paymentRecordAmount(slot.amount, winner.source, Number(competition.takePct)),
    status: 'To Be Paid',
    source: isGenni(winner.source) ? 'Genni' : 'Preffy',
    creator: winner.creator,
    platform: winner.platform,
    winnerKey: entryKey(winner.creator, winner.platform),
    prize: slot.amount,
    prizeLabel: slot.label,
    paypalItemId: null,
    paypalItemStatus: null,
    paypalPayoutId: null,
  }));
}

/**
 * Notify Winners. After the blocking checks (duplicates, banned winners: the same texts as the
 * wizard shows), one transaction flips the wizard from draft to submitted at the version read,
 * creates one payment per winner and queues their winner notices. The flip is a conditional
 * write, so a second submit (another tab, a double click) changes nothing and gets 409; the
 * unique (competition, winner) index on payments backs it up. The same transaction records the
 * paid creators in the winners directory, so a refused second submit credits nobody twice.
 */
export async function submitWinners(
  db: Database,
  dialect: Dialect,
  actor: SessionUser,
  competitionId: string,
  input: WinnersInput & { finishEarly?: boolean },
) {
  const { competition, row, finish } = await loadFinish(db, competitionId);
  if (row?.submittedAt != null) throw new FinishStepConflict(FINISH_MESSAGES.alreadySubmitted, finish);
  const early = requireConfirmedIfEarly(finish, input.finishEarly);
  // A competition paid before the wizard existed has payments but no wizard row: never pay twice.
  if (await hasLivePayments(db, competitionId))
    throw new FinishStepConflict(FINISH_MESSAGES.alreadyPaid, finish);
  const slots = prizeSlotsOf(competition);
  checkSlotCount(input.winners, slots.length);
  const picked = slots.flatMap((slot) => {
    const winner = input.winners[slot.index];
    return winner ? [{ slot, winner }] : [];
  });
  if (!picked.length)
    throw new AppError(400, 'VALIDATION', FINISH_MESSAGES.noWinners, {
      fieldErrors: { winners: [FINISH_MESSAGES.noWinners] },
    });

  const chosen = picked.map((p) => p.winner);
  // Only entries of this competition, as they entered: a forged 'genni' source or a stranger's
  // address in the body would otherwise be paid.
  const entrants = await entrantKeysOf(
    db,
    competitionId,
    chosen.map((w) => w.email),
  );
  if (chosen.some((w) => !entrants.has(entrantKey(w))))
    throw new AppError(400, 'VALIDATION', FINISH_MESSAGES.notAnEntrant, {
      fieldErrors: { winners: [FINISH_MESSAGES.notAnEntrant] },
    });
  const payees = await payeesOf(
    db,
    chosen.map((w) => w.email),
  );
  const banned = new Set([...payees].filter(([, p]) => p.isBanned).map(([email]) => email));
  const problems = validateWinners(chosen, banned);
  if (problems.length) throw new WinnersBlockedError(problems, blockedDetails(chosen, banned));

  const awards: Award[] = picked.map(({ slot, winner }) => ({
    slot,
    winner,
    paymentEmail: payees.get(winner.email)?.paymentEmail ?? winner.email,
  }));
  const at = now();
  const winners = JSON.stringify(input.winners);
  const counts = await inFinishTransaction(
    db,
    { competitionId, version: input.version, needsSubmitted: false },
    async (trx) => {
      // A delete of the competition waits for this Submit, or this Submit for the delete and
      // then finds the competition gone (decision 0124).
      if (!(await lockCompetition(trx, dialect, competitionId)).live) throw notFound('Competition');
      const submitted = { step: 'pay' as const, winners, submittedAt: at, submittedBy: actor.id };
      if (input.version === 0) await insertFinishRow(trx, { competitionId, ...submitted });
      else if (!(await updateFinishRow(trx, competitionId, input.version, submitted, { submitted: false })))
        throw new StaleFinish();
      const payments = paymentRows(competition, awards);
      await insertPayments(trx, payments);
      // Paid creators join the winners directory (and so the Email page's subscribers).
      await recordPaidWinners(
        trx,
        dialect,
        payments.map((p) => ({ email: p.contactEmail, paymentEmail: p.paymentEmail, amount: p.amount })),
      );
      let emails = 0;
      for (const [i, { slot, winner, paymentEmail }] of awards.entries()) {
        const queued = await enqueueEmail(trx, {
          kind: 'winner-notice',
          data: {
            name: winner.creator,
            competition: competition.name,
            organizer: competition.organizer,
            prize: slot.amount,
            place: slot.label,
            payout: payoutCsvAmount(slot.amount, winner.source),
            paymentEmail,
            isGenni: isGenni(winner.source),
          },
          to: [{ email: winner.email, name: winner.creator }],
          related: { entity: 'payment', id: payments[i]!.id },
          createdBy: actor.id,
        });
        emails += queued.queued;
      }
      await recordAudit(trx, {
        actorId: actor.id,
        entity: 'finish',
        entityId: competitionId,
        action: 'submit',
        changes: { payments: payments.length, emails, paymentIds: payments.map((p) => p.id) },
      });
      if (early) await auditEarlyFinish(trx, actor, competitionId, 'submit', finish.readiness);
      return { payments: payments.length, emails };
    },
  );
  return { finish: (await loadFinish(db, competitionId)).finish, ...counts };
}
