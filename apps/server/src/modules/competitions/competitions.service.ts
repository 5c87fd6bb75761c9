import type { startCompetitionSchema, updateCompetitionSchema } from '@preffy/domain';
import {
  type CompetitionState,
  STATE_FLAGS,
  canManageCompetition,
  newCompetitionDefaults,
  prizeTotal,
  roleMeets,
} from '@preffy/domain';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { newId, now } from '../../lib/clock.ts';
import { updateVersioned, softDelete } from '../../lib/versioned.ts';
import type { SessionUser } from '../../plugins/types.ts';
import { recordAudit } from '../audit/audit.ts';
import { isStoredImageUrl } from '../storage/images.ts';
import { type CompetitionRow, toCompetition } from './competition.dto.ts';
import { findCompetition } from './competitions.repository.ts';
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

/** The competition, if this user may change it (organizers: only their own). */
export async function competitionForChange(db: Database, user: SessionUser, id: string) {
  const row = await findCompetition(db, id);
  if (!row) throw notFound('Competition');
  if (!canManageCompetition(user, row.organizerEmail)) throw forbidden();
  return row;
}

/** A 409 carries the current record in the API's shape, so the form can show what changed. */
async function withApiConflict<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && error.code === 'VERSION_CONFLICT')
      throw new AppError(409, error.code, error.message, {
        current: toCompetition(error.details.current as CompetitionRow),
      });
    throw error;
  }
}

/**
 * Start A Competition: not active, not ended, isClosed and isConfirmed from the Is Closed? box,
 * and the next campaign sequence number (unique; a concurrent start retries with the next one).
 */
export async function startCompetition(db: Database, user: SessionUser, input: StartCompetitionInput) {
  const email = input.email.toLowerCase();
  if (user.role === 'organizer' && email !== user.email.toLowerCase())
    throw new AppError(403, 'FORBIDDEN', 'Organizers can only start competitions under their own email', {
      fieldErrors: { email: ['Organizers can only start competitions under their own email'] },
    });
  const prizes = checkPrizes(input.prizes);
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx) => {
        const last = await trx
          .selectFrom('competitions')
          .select((eb) => eb.fn.max('campaignId').as('max'))
          .executeTakeFirst();
        const at = now();
        const id = newId();
        const defaults = newCompetitionDefaults(at, 'UTC'); // only the non-date defaults are used
        await trx
          .insertInto('competitions')
          .values({
            id,
            version: 1,
            deleted: 0,
            createdAt: at,
            updatedAt: at,
            lastUpdated: at,
            campaignId: Number(last?.max ?? 0) + 1,
            name: input.name,
            organizer: input.organizer,
            organizerEmail: email,
            audio: input.audio,
            image: checkImage(input.image),
            startDate: input.startDate,
            endDate: input.endDate,
            invoiceAmount: input.invoiceAmount,
            prizes: JSON.stringify(prizes),
            isActive: 0,
            hasEnded: 0,
            isClosed: flag(input.isClosed),
            isConfirmed: flag(input.isClosed),
            isDirect: 0,
            is555: 0,
            platforms: JSON.stringify(defaults.platforms),
            competitionType: defaults.competitionType,
            takePct: defaults.takePct,
            metric: defaults.metric,
            continents: JSON.stringify(defaults.continents),
            prize: null,
            notes: null,
            category: null,
            countries: null,
            creativeDirection: null,
            event: null,
            spotify: null,
            tiktok: null,
            instagram: null,
            tiktokSound: null,
            instagramSound: null,
          })
          .execute();
        await recordAudit(trx, { actorId: user.id, entity: 'competition', entityId: id, action: 'create' });
        return toCompetition((await findCompetition(trx, id))!);
      });
    } catch (error) {
      const unique = /unique|duplicate/i.test(String((error as Error).message));
      if (!unique || attempt >= 4) throw error;
    }
  }
}

/** Update A Competition: every field, with the version the user read. */
export async function updateCompetition(
  db: Database,
  user: SessionUser,
  id: string,
  input: UpdateCompetitionInput & { version: number },
) {
  const existing = await competitionForChange(db, user, id);
  const email = input.email.toLowerCase();
  if (user.role === 'organizer' && email !== user.email.toLowerCase()) throw forbidden();
  const prizes = checkPrizes(input.prizes);
  return withApiConflict(() =>
    db.transaction().execute(async (trx) => {
      await updateVersioned(trx, 'competitions', id, input.version, {
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
        spotify: input.spotify || null,
        tiktok: input.tiktok || null,
        instagram: input.instagram || null,
        tiktokSound: input.tiktokSound || null,
        instagramSound: input.instagramSound || null,
        lastUpdated: now(),
      });
      await recordAudit(trx, { actorId: user.id, entity: 'competition', entityId: id, action: 'update' });
      return toCompetition((await findCompetition(trx, id))!);
    }),
  );
}

/** The state dropdown: completed (ended, inactive), active (running) or preview (neither). */
export async function setCompetitionState(
  db: Database,
  user: SessionUser,
  id: string,
  input: { version: number; state: CompetitionState },
) {
  await competitionForChange(db, user, id);
  const flags = STATE_FLAGS[input.state];
  return withApiConflict(() =>
    db.transaction().execute(async (trx) => {
      await updateVersioned(trx, 'competitions', id, input.version, {
        hasEnded: flag(flags.hasEnded),
        isActive: flag(flags.isActive),
        lastUpdated: now(),
      });
      await recordAudit(trx, {
        actorId: user.id,
        entity: 'competition',
        entityId: id,
        action: 'set-state',
        changes: { state: input.state },
      });
      return toCompetition((await findCompetition(trx, id))!);
    }),
  );
}

/** Staff confirm a hold (Hold → Confirmed). */
export async function confirmHold(db: Database, user: SessionUser, id: string, version: number) {
  if (!roleMeets(user.role, 'staff')) throw forbidden();
  return withApiConflict(() =>
    db.transaction().execute(async (trx) => {
      await updateVersioned(trx, 'competitions', id, version, { isConfirmed: 1, lastUpdated: now() });
      await recordAudit(trx, { actorId: user.id, entity: 'competition', entityId: id, action: 'confirm' });
      return toCompetition((await findCompetition(trx, id))!);
    }),
  );
}

/** Admins only (the spec's Delete for the two administrator accounts); soft, with the version. */
export async function deleteCompetition(db: Database, user: SessionUser, id: string, version: number) {
  return withApiConflict(() =>
    db.transaction().execute(async (trx) => {
      await softDelete(trx, 'competitions', id, version);
      await recordAudit(trx, { actorId: user.id, entity: 'competition', entityId: id, action: 'delete' });
    }),
  );
}
