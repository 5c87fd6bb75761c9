import { findUserById } from '../auth/index.ts';
import { INQUIRY_SERVER_MESSAGES } from '@preffy/api';
import type { NewInquiry } from '@preffy/domain';
import type { Database } from '../../db/database.ts';
import { newRecord, now } from '../../lib/clock.ts';
import { AppError, VersionConflict, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/types.ts';
import { recordAudit } from '../audit/index.ts';
import { sanitizeRichText, isLiveCompetition } from '../competitions/index.ts';
import { enqueueEmail } from '../email/index.ts';
import { requireLiveChoices } from '../inquiry-options/index.ts';
import {
  findAssignee,
  findInquiry,
  insertInquiry,
  insertNote,
  toInquiry,
  toNote,
  writeInquiryAt,
} from './inquiries.repository.ts';

/** Shown when a note is empty once sanitised, an assignee is not active staff, a hold's competition is gone. */
export const INQUIRY_NOTE_EMPTY = INQUIRY_SERVER_MESSAGES.noteEmpty;
export const INQUIRY_ASSIGNEE_INVALID = INQUIRY_SERVER_MESSAGES.assigneeInvalid;
export const INQUIRY_HOLD_MISSING = INQUIRY_SERVER_MESSAGES.holdMissing;

const audit = (db: Database, actorId: string | null, id: string, action: string, changes: unknown) =>
  recordAudit(db, { actorId, entity: 'inquiry', entityId: id, action, changes });

const fieldError = (field: string, message: string) =>
  new AppError(400, 'VALIDATION', `${field}: ${message}`, { fieldErrors: { [field]: [message] } });

/** The inquiry, or 404; with `version`, 409 (its public shape) when the caller read another one. */
async function currentInquiry(db: Database, id: string, version?: number) {
  const row = await findInquiry(db, id);
  if (!row) throw notFound('Inquiry');
  if (version !== undefined && row.version !== version) throw new VersionConflict('inquiries', row);
  return row;
}

export async function getInquiry(db: Database, id: string) {
  return toInquiry(await currentInquiry(db, id));
}

/** Makes sure the inquiry exists (the notes and activity of a missing one answer 404). */
export async function requireInquiry(db: Database, id: string) {
  await currentInquiry(db, id);
}

/** A new inquiry, Unseen, dated now: from the public form (actor null) or staff. */
export async function createInquiry(
  db: Database,
  actor: SessionUser | null,
  input: Omit<NewInquiry, 'website'>,
) {
  return db.transaction().execute(async (trx) => {
    // Source, type and platforms must be options of the lists staff keep (stored as the text chosen).
    const choices = await requireLiveChoices(trx, input);
    const row = {
      ...newRecord(),
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      phone: input.phone ? input.phone : null,
      source: choices.source,
      inquiryType: choices.inquiryType,
      platforms: choices.platforms.length ? choices.platforms.join(', ') : null,
      message: input.message,
      status: 'Unseen',
      assignedToEmail: null,
      date: now(),
      competitionId: null,
    };
    await insertInquiry(trx, row);
    await audit(trx, actor?.id ?? null, row.id, 'created', {
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      source: row.source,
      inquiryType: row.inquiryType,
    });
    return toInquiry((await findInquiry(trx, row.id))!);
  });
}

type UpdateInput = {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string | null;
  assignedToEmail?: string | null;
  status: string;
  version: number;
};

const UPDATE_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'assignedToEmail', 'status'] as const;

/**
 * Update Inquiry at the version read. A new assignee must be an active staff member or admin,
 * and gets the 'inquiry-assignment' email, queued in the same transaction.
 */
export async function updateInquiry(
  db: Database,
  input: { actor: SessionUser; id: string; body: UpdateInput; publicUrl: string },
) {
  const { version, ...body } = input.body;
  const next = {
    firstName: body.firstName,
    lastName: body.lastName,
    email: body.email,
    phone: body.phone ? body.phone : null,
    assignedToEmail: body.assignedToEmail ? body.assignedToEmail : null,
    status: body.status,
  };
  return db.transaction().execute(async (trx) => {
    const before = await currentInquiry(trx, input.id, version);
    const assigneeChanged =
      (next.assignedToEmail ?? '').toLowerCase() !== (before.assignedToEmail ?? '').toLowerCase();
    const assignee = next.assignedToEmail ? await findAssignee(trx, next.assignedToEmail) : undefined;
    if (assigneeChanged && next.assignedToEmail && !assignee)
      throw fieldError('assignedToEmail', INQUIRY_ASSIGNEE_INVALID);
    if (assignee) next.assignedToEmail = assignee.email;
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const field of UPDATE_FIELDS)
      if ((before[field] ?? null) !== (next[field] ?? null))
        changes[field] = { from: before[field], to: next[field] };
    await writeInquiryAt(trx, input.id, version, next);
    const changed = Object.keys(changes);
    const action = assigneeChanged
      ? 'assigned'
      : changed.length === 1 && changed[0] === 'status'
        ? 'status'
        : 'updated';
    await audit(trx, input.actor.id, input.id, action, changes);
    if (assigneeChanged && assignee)
      await enqueueEmail(trx, {
        kind: 'inquiry-assignment',
        data: {
          name: assignee.name,
          assigner: input.actor.name,
          inquirer: `${next.firstName} ${next.lastName}`.trim(),
          inquirerEmail: next.email,
          url: `${input.publicUrl}/contacts-profile?id=${encodeURIComponent(input.id)}`,
        },
        to: [{ email: assignee.email, name: assignee.name }],
        language: assignee.language,
        related: { entity: 'inquiry', id: input.id },
        createdBy: input.actor.id,
      });
    return toInquiry(await currentInquiry(trx, input.id));
  });
}

/** Delete (soft) at the version read. */
export async function deleteInquiry(db: Database, actor: SessionUser, id: string, version: number) {
  await db.transaction().execute(async (trx) => {
    await currentInquiry(trx, id, version);
    await writeInquiryAt(trx, id, version, { deleted: 1 });
    await audit(trx, actor.id, id, 'deleted', { version });
  });
}

/** Add A Note: sanitised rich text, by the session user. */
export async function addNote(db: Database, actor: SessionUser, id: string, message: string) {
  const clean = (sanitizeRichText(message) ?? '').trim();
  if (!clean) throw fieldError('message', INQUIRY_NOTE_EMPTY);
  return db.transaction().execute(async (trx) => {
    await currentInquiry(trx, id);
    const row = {
      ...newRecord(),
      inquiryId: id,
      authorId: actor.id,
      displayName: actor.name,
      authorImage: null,
      message: clean,
      noteDate: now(),
    };
    await insertNote(trx, row);
    await audit(trx, actor.id, id, 'note', { noteId: row.id });
    const author = await findUserById(trx, actor.id);
    return toNote({ ...row, authorAvatarUrl: author?.avatarUrl ?? null });
  });
}

/**
 * Link the calendar hold made from the inquiry, at the version read. A hold already linked (by
 * someone who reserved a date at the same time) is never replaced: the second hold stays on the
 * calendar unlinked and its maker is told (409), rather than the first link vanishing unseen.
 */
export async function linkHold(
  db: Database,
  actor: SessionUser,
  id: string,
  input: { version: number; competitionId: string },
) {
  return db.transaction().execute(async (trx) => {
    const before = await currentInquiry(trx, id, input.version);
    if (!(await isLiveCompetition(trx, input.competitionId)))
      throw fieldError('competitionId', INQUIRY_HOLD_MISSING);
    if (
      before.competitionId &&
      before.competitionId !== input.competitionId &&
      (await isLiveCompetition(trx, before.competitionId))
    )
      throw new AppError(409, 'HOLD_LINKED', INQUIRY_SERVER_MESSAGES.holdLinked);
    await writeInquiryAt(trx, id, input.version, { competitionId: input.competitionId });
    await audit(trx, actor.id, id, 'hold', {
      competitionId: { from: before.competitionId ?? null, to: input.competitionId },
    });
    return toInquiry(await currentInquiry(trx, id));
  });
}
