import { INQUIRY_OPTION_MESSAGES } from '@preffy/api';
import {
  INQUIRY_MESSAGES,
  INQUIRY_OPTION_LIMITS,
  type InquiryOptionKind,
  type NewInquiry,
} from '@preffy/domain';
import type { Database } from '../../db/database.ts';
import { newRecord } from '../../lib/clock.ts';
import { AppError, VersionConflict, isUniqueViolation, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/types.ts';
import { recordAudit } from '../audit/index.ts';
import {
  type InquiryOptionRow,
  deleteOptionRecord,
  findLiveOption,
  insertOption,
  listLiveOptions,
  setPositions,
  toInquiryOption,
  updateOptionRecord,
} from './inquiry-options.repository.ts';

/** The contact form's lists staff edit (issue 15): source, inquiry type and platforms. */

const audit = (db: Database, actorId: string, id: string, action: string, changes: unknown) =>
  recordAudit(db, { actorId, entity: 'inquiryOption', entityId: id, action, changes });

const invalid = (fieldErrors: Record<string, string[]>) => {
  const [field, messages] = Object.entries(fieldErrors)[0]!;
  return new AppError(400, 'VALIDATION', `${field}: ${messages[0]}`, { fieldErrors });
};
const labelError = (message: string) => invalid({ label: [message] });

/** Labels compare as people read them: trimmed, whatever the case. */
const sameLabel = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/** Source and type are required on the form: their lists may not become empty. */
const REQUIRED_KINDS: readonly InquiryOptionKind[] = ['source', 'type'];

/** What the contact form offers, each list in its order. */
export async function inquiryChoices(db: Database) {
  const rows = await listLiveOptions(db);
  const labels = (kind: InquiryOptionKind) => rows.filter((r) => r.kind === kind).map((r) => r.label);
  return { sources: labels('source'), types: labels('type'), platforms: labels('platform') };
}

export async function listOptions(db: Database) {
  return (await listLiveOptions(db)).map(toInquiryOption);
}

/** A unique-index refusal (two adds at once) reads like the service's own check. */
async function refusingTakenLabels<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw labelError(INQUIRY_OPTION_MESSAGES.labelTaken);
    throw error;
  }
}

/** A new option at the end of its list: at most 50 a list, no label twice. */
export function createOption(
  db: Database,
  actor: SessionUser,
  input: { kind: InquiryOptionKind; label: string },
) {
  return refusingTakenLabels(() =>
    db.transaction().execute(async (trx) => {
      const list = await listLiveOptions(trx, input.kind);
      if (list.length >= INQUIRY_OPTION_LIMITS.perKind) throw labelError(INQUIRY_OPTION_MESSAGES.listFull);
      if (list.some((o) => sameLabel(o.label, input.label)))
        throw labelError(INQUIRY_OPTION_MESSAGES.labelTaken);
      const row = {
        ...newRecord(),
        kind: input.kind,
        label: input.label,
        position: list.reduce((last, o) => Math.max(last, Number(o.position)), -1) + 1,
      };
      await insertOption(trx, row);
      await audit(trx, actor.id, row.id, 'created', { kind: row.kind, label: row.label });
      return toInquiryOption(row);
    }),
  );
}

/** The live option, or 404; 409 with its public shape when the caller read another version. */
async function currentOption(db: Database, id: string, version: number) {
  const row = await findLiveOption(db, id);
  if (!row) throw notFound('Inquiry option');
  if (row.version !== version) throw new VersionConflict('inquiryOptions', row);
  return row;
}

/** Where each option of the list goes when `moving` takes index `to` (past the end: the end). */
function reordered(list: InquiryOptionRow[], moving: InquiryOptionRow, to: number) {
  const others = list.filter((o) => o.id !== moving.id);
  const index = Math.min(to, others.length);
  others.splice(index, 0, moving);
  return { index, moves: others.map((o, position) => ({ id: o.id, position, was: Number(o.position) })) };
}

/**
 * Rename and/or move an option, at the version read. Inquiries keep the text they were sent
 * with: a rename changes what the form offers from now on, never what was stored.
 */
export function updateOption(
  db: Database,
  actor: SessionUser,
  id: string,
  input: { version: number; label?: string; position?: number },
) {
  if (input.label === undefined && input.position === undefined)
    throw invalid({ label: [INQUIRY_OPTION_MESSAGES.nothingToChange] });
  return refusingTakenLabels(() =>
    db.transaction().execute(async (trx) => {
      const before = await currentOption(trx, id, input.version);
      const list = await listLiveOptions(trx, before.kind);
      const changes: Record<string, { from: unknown; to: unknown }> = {};
      const patch: { label?: string; position?: number } = {};
      if (input.label !== undefined && input.label !== before.label) {
        if (list.some((o) => o.id !== id && sameLabel(o.label, input.label!)))
          throw labelError(INQUIRY_OPTION_MESSAGES.labelTaken);
        patch.label = input.label;
        changes.label = { from: before.label, to: input.label };
      }
      if (input.position !== undefined) {
        const { index, moves } = reordered(list, before, input.position);
        await setPositions(
          trx,
          moves.filter((m) => m.id !== id && m.position !== m.was),
        );
        patch.position = index;
        if (index !== Number(before.position))
          changes.position = { from: Number(before.position), to: index };
      }
      await updateOptionRecord(trx, id, input.version, patch);
      await audit(trx, actor.id, id, 'updated', changes);
      return toInquiryOption((await findLiveOption(trx, id))!);
    }),
  );
}

/** Remove (soft) at the version read; a required list keeps at least one option. */
export async function removeOption(db: Database, actor: SessionUser, id: string, version: number) {
  await db.transaction().execute(async (trx) => {
    const row = await currentOption(trx, id, version);
    if (REQUIRED_KINDS.includes(row.kind) && (await listLiveOptions(trx, row.kind)).length <= 1)
      throw invalid({ kind: [INQUIRY_OPTION_MESSAGES.lastRequired] });
    await deleteOptionRecord(trx, id, version);
    await audit(trx, actor.id, id, 'deleted', { kind: row.kind, label: row.label, version });
  });
}

type Choices = Pick<NewInquiry, 'source' | 'inquiryType' | 'platforms'>;

/**
 * The form's choices as the lists hold them now: each must be a live option of its kind
 * (whatever the case; stored as the list spells it, platforms once each), else 400 with the
 * field's message. Checked on the public form and when staff add an inquiry.
 */
export async function requireLiveChoices(db: Database, input: Choices): Promise<Choices> {
  const rows = await listLiveOptions(db);
  const find = (kind: InquiryOptionKind, label: string) =>
    rows.find((r) => r.kind === kind && sameLabel(r.label, label))?.label;
  const source = find('source', input.source);
  const inquiryType = find('type', input.inquiryType);
  const platforms = input.platforms.map((p) => find('platform', p));
  const fieldErrors: Record<string, string[]> = {};
  if (!source) fieldErrors.source = [INQUIRY_MESSAGES.sourceInvalid];
  if (!inquiryType) fieldErrors.inquiryType = [INQUIRY_MESSAGES.typeInvalid];
  if (platforms.some((p) => p === undefined)) fieldErrors.platforms = [INQUIRY_MESSAGES.platformInvalid];
  if (Object.keys(fieldErrors).length) throw invalid(fieldErrors);
  return { source: source!, inquiryType: inquiryType!, platforms: [...new Set(platforms as string[])] };
}
