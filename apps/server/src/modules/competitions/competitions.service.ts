import {
  type Competition,
  type CompetitionDefaults,
  type CompetitionPayouts,
  COMPETITION_DELETE_MESSAGES,
  confirmPayoutsMessage,
  hasPayouts,
} from '@preffy/api';
import type { startCompetitionSchema, updateCompetitionSchema } from '@preffy/domain';
import {
  type CompetitionState,
  type CompetitionFormMode,
  FORM_MESSAGES,
  START_FORM_STAFF_DEFAULTS,
  STATE_FLAGS,
  COMPLETED_COMPETITION_MESSAGE,
  canDeleteCompetition,
  canManageCompetition,
  forbiddenCompetitionFields,
  isWaitingHold,
  isLockedForRole,
  newCompetitionDefaults,
  prizeTotal,
  roleMeets,
} from '@preffy/domain';
import type { z } from 'zod';
import type { Database, Dialect } from '../../db/database.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { newId, now } from '../../lib/clock.ts';
import type { VersionedPatch } from '../../lib/versioned.ts';
import type { SessionUser } from '../../plugins/types.ts';
import { recordAudit } from '../audit/index.ts';
import { isStoredImageUrl } from '../storage/index.ts';
import { type CompetitionRow, toCompetition } from './competition.dto.ts';
import {
  deleteCompetitionRecord,
  findCompetition,
  findCompetitionWithDeleted,
  insertCompetitionRow,
  nextCampaignId,
  payoutsOf,
  lockCompetition,
  restoreCompetitionRecord,
  seesEveryCompetition,
  updateCompetitionRecord,
} from './competitions.repository.ts';
import { sanitizeRichText } from './rich-text.ts';

export type StartCompetitionInput = z.infer<ReturnType<typeof startCompetitionSchema>>;
export type UpdateCompetitionInput = z.infer<typeof updateCompetitionSchema>;

const flag = (b: boolean) => (b ? 1 : 0) as 0 | 1;

/** Every prize line must carry an amount: a line that would count as $0 is refused, not guessed. */
function checkPrizes(lines: string[]) {
  const { errors } = prizeTotal(lines.filter((l) => l.trim() !== ''));
  if (errors.length) {
    const message = `Prize line ${errors[0]!.index + 1} ("${errors[0]!.line}"): ${errors[0]!.error}`;
    throw new AppError(400, 'VALIDATION', message, { fieldErrors: { prizes: [message] } });
  }
  return lines.map((l) => l.trim()).filter((l) => l !== '');
}

/** Only an image this server stored may go on a record (no hotlinks, no javascript: URLs). */
function checkImage(image: string | null | undefined) {
  if (!image) return null;
  if (!isStoredImageUrl(image))
    throw new AppError(400, 'VALIDATION', 'Please upload the image again', {
      fieldErrors: { image: ['Please upload the image again'] },
    });
  return image;
}

/**
 * The competition, if this user may see it (staff and admins: any; organizers: their own).
 * One rule for every competition-scoped route: an organizer's foreign competition is answered
 * exactly like a missing one, since a 403 would tell them it exists.
 */
export async function findVisibleCompetition(db: Database, user: SessionUser, id: string) {
  const row = await findCompetition(db, id);
  if (!row || !canManageCompetition(user, row.organizerEmail)) throw notFound('Competition');
  return row;
}

/**
 * The competition, if this user may read it: findVisibleCompetition, and for staff and admins a
 * deleted one too (decision 0124: its report, payments and finish wizard stay theirs to read).
 * Only reads take this; every write goes through findVisibleCompetition and finds no deleted one.
 */
export async function findReadableCompetition(db: Database, user: SessionUser, id: string) {
  if (!seesEveryCompetition(user)) return findVisibleCompetition(db, user, id);
  const row = await findCompetitionWithDeleted(db, id);
  if (!row) throw notFound('Competition');
  return row;
}

/** What a delete of this competition would hide (its payouts), for a competition the user may read. */
export async function competitionPayouts(db: Database, user: SessionUser, id: string) {
  await findReadableCompetition(db, user, id);
  return payoutsOf(db, id);
}

/** What the Start A Competition form starts with: today's dates in the business time zone. */
export function competitionDefaults(user: SessionUser, timeZone: string): CompetitionDefaults {
  const d = newCompetitionDefaults(now(), timeZone);
  return {
    timeZone,
    startDate: d.startDate,
    endDate: d.endDate,
    invoiceAmount: d.invoiceAmount,
    prizes: d.prizes,
    email: user.email,
  };
}

/**
 * 403 naming each field the user may not set but changed (COMPETITION_FIELD_ACCESS in the
 * domain): compared with the Start form's defaults on create, the stored record on update.
 */
function refuseForbiddenFields(
  user: SessionUser,
  mode: CompetitionFormMode,
  input: Record<string, unknown>,
  baseline: Record<string, unknown>,
) {
  const locked = mode === 'update' && isLockedForRole(user.role, baseline as { state: string });
  const fields = forbiddenCompetitionFields(user.role, mode, input, baseline, locked);
  if (locked && fields.length) throw forbidden(COMPLETED_COMPETITION_MESSAGE);
  if (fields.length)
    throw new AppError(403, 'FORBIDDEN_FIELD', `Only staff can change: ${fields.join(', ')}`, {
      fieldErrors: Object.fromEntries(fields.map((f) => [f, [FORM_MESSAGES.staffOnlyField]])),
    });
}

/** The fields a new competition needs; everything else takes the spec's defaults. */
export type NewCompetitionFields = Pick<
  CompetitionRow,
  | 'name'
  | 'organizer'
  | 'organizerEmail'
  | 'audio'
  | 'image'
  | 'startDate'
  | 'endDate'
  | 'invoiceAmount'
  | 'isClosed'
  | 'isConfirmed'
> &
  Partial<Pick<CompetitionRow, 'prizes' | 'notes' | 'reservation'>>;

/**
 * Creates a competition: not active, not ended, the spec's defaults (TikTok, Hybrid, the six
 * continents, take 1, likes) and the next campaign sequence number (unique; a concurrent create
 * retries with the next one). `alsoInTransaction` runs in the same transaction (e.g. its emails).
 */
export async function insertCompetition(
  db: Database,
  user: SessionUser,
  fields: NewCompetitionFields,
  alsoInTransaction?: (trx: Database, competition: Competition) => Promise<void>,
): Promise<Competition> {
  const defaults = newCompetitionDefaults(0, 'UTC'); // only the non-date defaults are used
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx) => {
        const campaignId = await nextCampaignId(trx);
        const at = now();
        const id = newId();
        await insertCompetitionRow(trx, {
          prizes: '[]',
          notes: null,
          reservation: null,
          ...fields,
          id,
          version: 1,
          deleted: 0,
          createdAt: at,
          updatedAt: at,
          lastUpdated: at,
          campaignId,
          isActive: 0,
          hasEnded: 0,
          isDirect: 0,
          is555: 0,
          platforms: JSON.stringify(defaults.platforms),
          competitionType: defaults.competitionType,
          takePct: defaults.takePct,
          metric: defaults.metric,
          continents: JSON.stringify(defaults.continents),
        });
        await recordAudit(trx, { actorId: user.id, entity: 'competition', entityId: id, action: 'create' });
        const competition = toCompetition((await findCompetition(trx, id))!);
        await alsoInTransaction?.(trx, competition);
        return competition;
      });
    } catch (error) {
      const unique = /unique|duplicate/i.test(String((error as Error).message));
      if (!unique || attempt >= 4) throw error;
    }
  }
}

/**
 * The record fields the Start A Competition form sets, checked for this user: the fields their
 * role may not set must equal the baseline (the form's defaults for a new competition, the
 * hold's values when starting from a hold), organizers start under their own email only.
 */
function startFields(
  user: SessionUser,
  input: StartCompetitionInput,
  baseline: Readonly<Record<string, unknown>>,
) {
  refuseForbiddenFields(user, 'create', input, baseline);
  const email = input.email.toLowerCase();
  if (user.role === 'organizer' && email !== user.email.toLowerCase())
    throw new AppError(
      403,
      'OWN_EMAIL_ONLY',
      'Organizers can only start competitions under their own email',
      {
        fieldErrors: { email: ['Organizers can only start competitions under their own email'] },
      },
    );
  const prizes = checkPrizes(input.prizes);
  return {
    name: input.name,
    organizer: input.organizer,
    organizerEmail: email,
    audio: input.audio,
    image: checkImage(input.image),
    startDate: input.startDate,
    endDate: input.endDate,
    invoiceAmount: input.invoiceAmount,
    prizes: JSON.stringify(prizes),
    isClosed: flag(input.isClosed),
  };
}

/**
 * Start A Competition: isClosed and isConfirmed both from the Is Closed? box (doc 2 section 4),
 * for staff. Only staff confirm: an organizer's competition always starts as a hold.
 */
export async function startCompetition(db: Database, user: SessionUser, input: StartCompetitionInput) {
  return insertCompetition(db, user, {
    ...startFields(user, input, START_FORM_STAFF_DEFAULTS),
    isConfirmed: flag(input.isClosed && roleMeets(user.role, 'staff')),
  });
}

/**
 * One versioned change to a competition, in its own transaction with its audit entry; the
 * answer is the record as it now stands (409 when the version read is stale).
 */
async function changeCompetition(
  db: Database,
  user: SessionUser,
  id: string,
  version: number,
  patch: VersionedPatch<'competitions'>,
  audit: { action: string; changes?: Record<string, unknown> },
) {
  return db.transaction().execute(async (trx) => {
    await updateCompetitionRecord(trx, id, version, patch);
    await recordAudit(trx, { actorId: user.id, entity: 'competition', entityId: id, ...audit });
    return toCompetition((await findCompetition(trx, id))!);
  });
}

const HOLD_STARTED_MESSAGE = 'This hold has already been started as a competition';

/**
 * Start A Competition from a hold (decision 0108): the hold's own record takes the form's fields,
 * so the calendar keeps one entry for the artist. With the version read (409 when stale), in one
 * transaction, audited. The invoice the reservation offered is the organizer's baseline; a hold
 * staff confirmed stays confirmed.
 */
export async function startFromHold(
  db: Database,
  user: SessionUser,
  id: string,
  input: StartCompetitionInput & { version: number },
) {
  const hold = await findVisibleCompetition(db, user, id);
  if (!isWaitingHold(hold)) throw new AppError(409, 'HOLD_STARTED', HOLD_STARTED_MESSAGE);
  const fields = startFields(user, input, {
    invoiceAmount: hold.invoiceAmount,
    isClosed: hold.isClosed === 1,
  });
  return changeCompetition(
    db,
    user,
    id,
    input.version,
    {
      ...fields,
      isConfirmed: flag(hold.isConfirmed === 1 || (input.isClosed && roleMeets(user.role, 'staff'))),
    },
    { action: 'start-from-hold' },
  );
}

/** Update A Competition: every field, with the version the user read. */
export async function updateCompetition(
  db: Database,
  user: SessionUser,
  id: string,
  input: UpdateCompetitionInput & { version: number },
) {
  const existing = await findVisibleCompetition(db, user, id);
  refuseForbiddenFields(user, 'update', input, toCompetition(existing));
  const email = input.email.toLowerCase();
  if (user.role === 'organizer' && email !== user.email.toLowerCase()) throw forbidden();
  const prizes = checkPrizes(input.prizes);
  return db.transaction().execute(async (trx) => {
    await updateCompetitionRecord(trx, id, input.version, {
      name: input.name,
      organizer: input.organizer,
      organizerEmail: email,
      audio: input.audio,
      image: input.image === undefined ? existing.image : checkImage(input.image),
      startDate: input.startDate,
      endDate: input.endDate,
      invoiceAmount: input.invoiceAmount,
      prizes: JSON.stringify(prizes),
      isClosed: flag(input.isClosed),
      platforms: JSON.stringify(input.platforms),
      competitionType: input.competitionType,
      continents: JSON.stringify(input.continents),
      countries: input.countries === null ? null : JSON.stringify(input.countries),
      isDirect: flag(input.isDirect),
      is555: flag(input.is555),
      creativeDirection: sanitizeRichText(input.creativeDirection),
      notes: sanitizeRichText(input.notes),
      category: input.category || null,
      takePct: input.takePct,
      event: input.event || null,
      metric: input.metric,
      standings: input.standings,
      spotify: input.spotify || null,
      tiktok: input.tiktok || null,
      instagram: input.instagram || null,
      tiktokSound: input.tiktokSound || null,
      instagramSound: input.instagramSound || null,
    });
    // Who sees the standings is named when it changes (issue 43): it decides what the public sees.
    await recordAudit(trx, {
      actorId: user.id,
      entity: 'competition',
      entityId: id,
      action: 'update',
      ...(input.standings !== existing.standings && {
        changes: { standings: { from: existing.standings, to: input.standings } },
      }),
    });
    return toCompetition((await findCompetition(trx, id))!);
  });
}

/** The state dropdown: completed (ended, inactive), active (running) or preview (neither). */
export async function setCompetitionState(
  db: Database,
  user: SessionUser,
  id: string,
  input: { version: number; state: CompetitionState },
) {
  await findVisibleCompetition(db, user, id);
  const flags = STATE_FLAGS[input.state];
  return changeCompetition(
    db,
    user,
    id,
    input.version,
    { hasEnded: flag(flags.hasEnded), isActive: flag(flags.isActive) },
    { action: 'set-state', changes: { state: input.state } },
  );
}

/** Staff confirm a hold (Hold → Confirmed). */
export async function confirmHold(db: Database, user: SessionUser, id: string, version: number) {
  if (!roleMeets(user.role, 'staff')) throw forbidden();
  await findVisibleCompetition(db, user, id);
  return changeCompetition(db, user, id, version, { isConfirmed: 1 }, { action: 'confirm' });
}

/** 409: an administrator's delete of a competition with payouts that did not confirm them. */
class PayoutsNotConfirmed extends AppError {
  constructor(payouts: CompetitionPayouts) {
    super(409, 'PAYOUTS_CONFIRM', confirmPayoutsMessage(payouts));
    Object.assign(this.details, { payouts });
  }
}

/**
 * Delete (soft, with the version): administrators, and the competition's own organizer
 * (the calendar's rule, doc 1 section 6). Staff may not delete. A competition with payouts
 * (payments, submitted winners or a PayPal batch) only an administrator, who confirms what it
 * hides (decision 0124). The 403s come before a stale version's 409: reloading would not help.
 */
export async function deleteCompetition(
  db: Database,
  dialect: Dialect,
  user: SessionUser,
  id: string,
  input: { version: number; confirmPayouts: boolean },
) {
  const row = await findVisibleCompetition(db, user, id);
  const mayDelete = canDeleteCompetition(user, row.organizerEmail);
  return db.transaction().execute(async (trx) => {
    // Counted under the row's lock: a Submit that pays winners waits, or is waited for.
    await lockCompetition(trx, dialect, id);
    const payouts = await payoutsOf(trx, id);
    const isPaid = hasPayouts(payouts);
    if (isPaid && user.role !== 'admin') throw forbidden(COMPETITION_DELETE_MESSAGES.paidCompetition);
    if (!mayDelete) throw forbidden();
    if (isLockedForRole(user.role, toCompetition(row))) throw forbidden(COMPLETED_COMPETITION_MESSAGE);
    if (isPaid && !input.confirmPayouts) throw new PayoutsNotConfirmed(payouts);
    await deleteCompetitionRecord(trx, id, input.version);
    await recordAudit(trx, {
      actorId: user.id,
      entity: 'competition',
      entityId: id,
      action: 'delete',
      ...(isPaid && { changes: { confirmedPayouts: payouts } }),
    });
  });
}

/** Restore (administrators): a deleted competition comes back as it was, with the version read. */
export async function restoreCompetition(db: Database, user: SessionUser, id: string, version: number) {
  if (user.role !== 'admin') throw forbidden();
  return db.transaction().execute(async (trx) => {
    const row = await findCompetitionWithDeleted(trx, id);
    if (!row) throw notFound('Competition');
    if (row.deleted === 0) throw new AppError(409, 'NOT_DELETED', COMPETITION_DELETE_MESSAGES.notDeleted);
    await restoreCompetitionRecord(trx, id, version);
    await recordAudit(trx, { actorId: user.id, entity: 'competition', entityId: id, action: 'restore' });
    return toCompetition((await findCompetition(trx, id))!);
  });
}
