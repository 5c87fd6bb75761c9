import type { PromotionSent } from '@preffy/api';
import {
  PROMOTION_MESSAGES,
  PROMOTION_SEND_BLOCK_MESSAGES,
  type PromotionInput,
  type PromotionSendBlock,
} from '@preffy/domain';
import type { Database } from '../../db/database.ts';
import { isLiveCompetition } from '../competitions/index.ts';
import { newRecord } from '../../lib/clock.ts';
import { AppError, VersionConflict, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/types.ts';
import { recordAudit } from '../audit/index.ts';
import { enqueueEmail } from '../email/index.ts';
import {
  type PromotionFields,
  findCompetitionForEmail,
  findPromotion,
  insertPromotion,
  toPromotion,
  writePromotionAt,
} from './promotions.repository.ts';

const auditPromotion = (db: Database, actor: SessionUser, id: string, action: string, changes: unknown) =>
  recordAudit(db, { actorId: actor.id, entity: 'promotion', entityId: id, action, changes });

/** The form's fields as stored (flags as 0/1, the creator list as JSON). */
const storedFields = (input: PromotionInput): PromotionFields => ({
  name: input.name,
  competitionId: input.competitionId,
  startDate: input.startDate,
  endDate: input.endDate,
  isActive: input.isActive ? 1 : 0,
  amount: input.amount,
  remainingBalance: input.remainingBalance,
  creatorEmails: JSON.stringify(input.creatorEmails),
});

/** What the audit keeps of a change: the fields, with the creator list as a count (it can hold 5,000). */
const auditedFields = ({ creatorEmails, ...fields }: PromotionInput) => ({
  ...fields,
  creatorEmails: creatorEmails.length,
});

async function requireLiveCompetition(db: Database, competitionId: string) {
  if (!(await isLiveCompetition(db, competitionId)))
    throw new AppError(400, 'VALIDATION', `competitionId: ${PROMOTION_MESSAGES.competitionMissing}`, {
      fieldErrors: { competitionId: [PROMOTION_MESSAGES.competitionMissing] },
    });
}

/** The promotion, or 404; with `version`, 409 (its public shape) when the caller read another one. */
async function currentPromotion(db: Database, id: string, version?: number) {
  const row = await findPromotion(db, id);
  if (!row) throw notFound('Promotion');
  if (version !== undefined && row.version !== version) throw new VersionConflict('promotions', row);
  return row;
}

export async function getPromotion(db: Database, id: string) {
  return toPromotion(await currentPromotion(db, id));
}

/** Create a promotion for a live competition, audited in the same transaction. */
export async function createPromotion(db: Database, actor: SessionUser, input: PromotionInput) {
  return db.transaction().execute(async (trx) => {
    await requireLiveCompetition(trx, input.competitionId);
    const row = { ...newRecord(), ...storedFields(input) };
    await insertPromotion(trx, row);
    await auditPromotion(trx, actor, row.id, 'create', auditedFields(input));
    return toPromotion((await findPromotion(trx, row.id))!);
  });
}

/** Edit every field at the version read: a stale version is a 409 with the promotion as it is. */
export async function updatePromotion(
  db: Database,
  actor: SessionUser,
  id: string,
  input: PromotionInput & { version: number },
) {
  const { version, ...fields } = input;
  return db.transaction().execute(async (trx) => {
    await currentPromotion(trx, id, version);
    await requireLiveCompetition(trx, fields.competitionId);
    await writePromotionAt(trx, id, version, storedFields(fields));
    await auditPromotion(trx, actor, id, 'update', auditedFields(fields));
    return toPromotion(await currentPromotion(trx, id));
  });
}

/** Delete (soft: the row stays for the audit) at the version read. */
export async function deletePromotion(db: Database, actor: SessionUser, id: string, version: number) {
  await db.transaction().execute(async (trx) => {
    await currentPromotion(trx, id, version);
    await writePromotionAt(trx, id, version, { deleted: 1 });
    await auditPromotion(trx, actor, id, 'delete', { version });
  });
}

/** The field each refusal belongs to, so the form that shows the promotion can point at it. */
const BLOCK_FIELDS: Record<PromotionSendBlock, string> = {
  'no-amount': 'amount',
  'no-balance': 'remainingBalance',
  'no-creators': 'creatorEmails',
  'competition-deleted': 'competitionId',
};

const refused = (block: PromotionSendBlock) => {
  const message = PROMOTION_SEND_BLOCK_MESSAGES[block];
  return new AppError(400, 'VALIDATION', message, { fieldErrors: { [BLOCK_FIELDS[block]]: [message] } });
};

/**
 * Send promotion email: one 'giveaway-promotion' message (the competition, its organizer, the
 * amount per creator and how many creators the pot pays, the remaining balance ÷ that amount,
 * doc 1 section 9; the public link with ref=fancy) to the promotion's creator emails, queued with
 * its audit entry in one transaction. The outbox skips unsubscribed and banned addresses. Refused
 * unless the balance and amount are both positive (doc 1 section 5). The balance is not changed:
 * it drops as creators are paid.
 */
export async function sendPromotionEmail(
  db: Database,
  input: { actor: SessionUser; id: string; version: number; publicUrl: string },
): Promise<PromotionSent> {
  return db.transaction().execute(async (trx) => {
    const promotion = toPromotion(await currentPromotion(trx, input.id, input.version));
    if (promotion.sendBlock) throw refused(promotion.sendBlock);
    const competition = await findCompetitionForEmail(trx, promotion.competitionId);
    if (!competition) throw refused('competition-deleted');
    const result = await enqueueEmail(trx, {
      kind: 'giveaway-promotion',
      data: {
        competition: competition.name,
        organizer: competition.organizer,
        amount: promotion.amount,
        remainingBalance: promotion.remainingBalance,
        url: `${input.publicUrl}/c/${competition.id}?ref=fancy`,
      },
      to: promotion.creatorEmails.map((email) => ({ email })),
      related: { entity: 'promotion', id: promotion.id },
      createdBy: input.actor.id,
    });
    await auditPromotion(trx, input.actor, promotion.id, 'send', {
      messageId: result.messageId,
      queued: result.queued,
      skipped: result.skipped,
    });
    return result;
  });
}
