import { COMPLETE_LIST_LIMIT, FINISH_MESSAGES } from '@preffy/api';
import { PAYOUT_FILE_MAX_ROWS, chunkRows, payoutCsv, payoutCsvAmount } from '@preffy/domain';
import type { Database } from '../../db/database.ts';
import { newId, now } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/types.ts';
import { recordAudit } from '../audit/index.ts';
import {
  toPayment,
  claimForPayoutFile,
  markPaid,
  paymentsByIds,
  paymentsToPay,
  setPayoutFile,
} from '../payments/index.ts';
import { completeCompetition } from '../competitions/index.ts';
import { findPayoutFile, payoutFileEmails, insertPayoutFiles, updateFinishRow } from './finish.repository.ts';
import { FinishStepConflict, StaleFinish, inFinishTransaction, loadFinish } from './finish-view.ts';
import { auditEarlyFinish, requireConfirmedIfEarly } from './finish-readiness.ts';

const cents = (n: number) => Math.round(n * 100);

/** Steps 2 and 3 need the winners submitted: before that there is nothing to pay. */
async function loadSubmitted(db: Database, competitionId: string) {
  const loaded = await loadFinish(db, competitionId);
  if (loaded.row?.submittedAt == null)
    throw new FinishStepConflict(FINISH_MESSAGES.notSubmitted, loaded.finish);
  return loaded;
}

/**
 * Download CSV: the PayPal payout file(s) of the competition's 'To Be Paid' payments (not those
 * a PayPal payout holds, nor those already in a file: when that leaves none, the answer lists
 * the files made before), split at PayPal's 5,000 rows, each stored with who made it, when and
 * which payments it holds; each payment records its file (step 3 marks Paid only what a file
 * holds). The payments are claimed and read inside the transaction, so the file holds exactly
 * what was owed at that moment. The CSV pays genni winners the full prize, the others 80%.
 */
export async function makePayoutFiles(
  db: Database,
  actor: SessionUser,
  competitionId: string,
  input: { version: number },
) {
  const { row } = await loadSubmitted(db, competitionId);
  const batchId = newId();
  const at = now();
  await inFinishTransaction(
    db,
    { competitionId, version: input.version, needsSubmitted: true },
    async (trx) => {
      // A download after Mark As Completed leaves the wizard done.
      const step = row!.step === 'done' ? 'done' : 'complete';
      if (!(await updateFinishRow(trx, competitionId, input.version, { step }, { submitted: true })))
        throw new StaleFinish();
      // Claimed for the first file at once: a download of up to 5,000 rows (one file) writes
      // each payment once; the rows of any further file are moved to it below.
      const firstFileId = newId();
      const payments = await claimForPayoutFile(trx, competitionId, firstFileId);
      // Rolls the transaction back: nothing was claimed, the step does not move.
      if (!payments.length) {
        const owed = await paymentsToPay(trx, competitionId);
        if (owed.some((p) => p.payoutFileId !== null)) throw new AllOwedInFiles();
        throw new AppError(400, 'NOTHING_TO_PAY', FINISH_MESSAGES.nothingToPay);
      }
      const rows = payments.map((p) => ({
        id: p.id,
        email: p.paymentEmail,
        amount: p.prize != null ? payoutCsvAmount(Number(p.prize), p.source) : Number(p.amount),
        competitionId: p.competitionId,
      }));
      // payoutCsvFiles' split, keeping each row's payment id to record what each file holds.
      const files = chunkRows(rows, PAYOUT_FILE_MAX_ROWS).map((chunk, i) => ({
        id: i === 0 ? firstFileId : newId(),
        rows: chunk,
        csv: payoutCsv(chunk),
      }));
      await insertPayoutFiles(
        trx,
        files.map((file, i) => ({
          id: file.id,
          competitionId,
          batchId,
          fileNumber: i + 1,
          fileCount: files.length,
          rowCount: file.rows.length,
          total: file.rows.reduce((sum, r) => sum + cents(r.amount), 0) / 100,
          paymentIds: JSON.stringify(file.rows.map((r) => r.id)),
          emails: JSON.stringify([...new Set(file.rows.map((r) => r.email.trim().toLowerCase()))]),
          csv: file.csv,
          createdBy: actor.id,
          createdAt: at,
        })),
      );
      for (const file of files.slice(1))
        await setPayoutFile(
          trx,
          file.id,
          file.rows.map((r) => r.id),
        );
      await recordAudit(trx, {
        actorId: actor.id,
        entity: 'finish',
        entityId: competitionId,
        action: 'payout-files',
        changes: { batchId, files: files.length, payments: payments.length },
      });
    },
  ).catch(handOutFilesAgain);
  return (await loadFinish(db, competitionId)).finish;
}

/** Thrown inside Download CSV's transaction when every payment owed is already in a file. */
class AllOwedInFiles extends Error {}

/**
 * A repeated Download CSV (another click, another tab, a retry with a new key) writes nothing:
 * the wizard's answer, unchanged, lists the files already made and the browser downloads them
 * again (each download audited), never a second file of the same payments.
 */
function handOutFilesAgain(error: unknown) {
  if (!(error instanceof AllOwedInFiles)) throw error;
}

/** A stored payout file as it was handed out, with its download name. */
export async function payoutFileDownload(db: Database, actor: SessionUser, id: string) {
  const file = await findPayoutFile(db, id);
  if (!file) throw notFound('Payout file');
  // Each hand-out is recorded: who took which file, and when (the audit entry's time).
  await recordAudit(db, {
    actorId: actor.id,
    entity: 'finish',
    entityId: file.competitionId,
    action: 'download-file',
    changes: { fileId: file.id, fileNumber: file.fileNumber, fileCount: file.fileCount },
  });
  return {
    csv: file.csv,
    filename: `preffy-payout-${file.competitionId}-${file.fileNumber}-of-${file.fileCount}.csv`,
  };
}

/**
 * Mark As Completed, in one transaction at the version read: each live 'To Be Paid' payment
 * whose payment email is in one of the competition's payout files becomes Paid (only from To Be
 * Paid: one Sent meanwhile is left alone), the competition becomes completed, the wizard done.
 * Repeating it marks nothing new; two at once: the second gets 409.
 */
export async function completeFinish(
  db: Database,
  actor: SessionUser,
  competitionId: string,
  input: { version: number; finishEarly?: boolean },
) {
  const { row, finish } = await loadSubmitted(db, competitionId);
  // Step 3 marks Paid what a downloaded file holds: before any download it would only end the contest.
  if (row!.step === 'pay') throw new FinishStepConflict(FINISH_MESSAGES.downloadFirst, finish);
  const early = requireConfirmedIfEarly(finish, input.finishEarly);
  const at = now();
  const outcome = await inFinishTransaction(
    db,
    { competitionId, version: input.version, needsSubmitted: true },
    async (trx) => {
      // The finish row first: a concurrent twin waits here, then finds the version moved on.
      const done = { step: 'done' as const, completedAt: at, completedBy: actor.id };
      if (!(await updateFinishRow(trx, competitionId, input.version, done, { submitted: true })))
        throw new StaleFinish();
      // A payment matches when the file it was last handed out in holds its payment email; one
      // returned by Unsend, or never downloaded, is not in a file and stays owed.
      const owed = await paymentsToPay(trx, competitionId);
      const fileEmails = await payoutFileEmails(
        trx,
        owed.flatMap((p) => (p.payoutFileId ? [p.payoutFileId] : [])),
      );
      const inItsFile = (p: (typeof owed)[number]) =>
        p.payoutFileId !== null &&
        (fileEmails.get(p.payoutFileId)?.has(p.paymentEmail.trim().toLowerCase()) ?? false);
      const matched = owed.filter(inItsFile);
      const unmatched = owed.filter((p) => !inItsFile(p));
      const marked = await markPaid(
        trx,
        matched.map((p) => p.id),
      );
      const completed = await completeCompetition(trx, competitionId);
      if (completed)
        await recordAudit(trx, {
          actorId: actor.id,
          entity: 'competition',
          entityId: competitionId,
          action: 'set-state',
          changes: { state: 'completed' },
        });
      await recordAudit(trx, {
        actorId: actor.id,
        entity: 'finish',
        entityId: competitionId,
        action: 'complete',
        changes: { marked: marked.length, unmatched: unmatched.length, paymentIds: marked },
      });
      if (early) await auditEarlyFinish(trx, actor, competitionId, 'complete', finish.readiness);
      return {
        marked: {
          count: marked.length,
          items: (await paymentsByIds(trx, marked.slice(0, COMPLETE_LIST_LIMIT))).map(toPayment),
        },
        unmatched: {
          count: unmatched.length,
          items: (
            await paymentsByIds(
              trx,
              unmatched.slice(0, COMPLETE_LIST_LIMIT).map((p) => p.id),
            )
          ).map(toPayment),
        },
      };
    },
  );
  return { finish: (await loadFinish(db, competitionId)).finish, ...outcome };
}
