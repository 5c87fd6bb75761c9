import type { Inquiry, InquiryNote, ParsedQuery, ReplyOf, inquiries } from '@preffy/api';
import { inquiryStatusFilter } from '@preffy/domain';
import type { Insertable, Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { InquiriesTable, NotesTable } from '../../db/schema.ts';
import { matchesSearch, paged } from '../../lib/paging.ts';
import { type VersionedPatch, staleOrGone, updateVersioned } from '../../lib/versioned.ts';
import { sortExpression } from '../../lib/natural-order.ts';
import { type ImportedWrites, writeImported } from '../../lib/imported-records.ts';

/** Every query on `inquiries` and `notes` lives here (issue 15). */

export type ListInquiriesQuery = ParsedQuery<typeof inquiries.list>;
export type InquiriesPage = ReplyOf<typeof inquiries.list>;

/** A stored inquiry with its assignee's name: what the API shows and what a 409 carries. */
export type InquiryRow = Selectable<InquiriesTable> & { assignedToName: string | null };

export function toInquiry(row: InquiryRow): Inquiry {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    fullName: `${row.firstName} ${row.lastName}`.trim(),
    email: row.email,
    phone: row.phone,
    source: row.source,
    inquiryType: row.inquiryType,
    platforms: row.platforms,
    message: row.message,
    status: row.status,
    assignedToEmail: row.assignedToEmail,
    assignedToName: row.assignedToName ?? null,
    date: Number(row.date),
    competitionId: row.competitionId ?? null,
    version: row.version,
    createdAt: Number(row.createdAt),
    updatedAt: Number(row.updatedAt),
  };
}

const liveInquiries = (db: Database) => db.selectFrom('inquiries').where('inquiries.deleted', '=', 0);

const withAssignee = (q: ReturnType<typeof liveInquiries>) =>
  q
    .selectAll('inquiries')
    .select((eb) =>
      eb
        .selectFrom('users')
        .select('users.name')
        .whereRef('users.email', '=', 'inquiries.assignedToEmail')
        .where('users.deleted', '=', 0)
        .limit(1)
        .as('assignedToName'),
    );

const SORT_COLUMNS = {
  date: ['inquiries.date'],
  fullName: ['inquiries.firstName', 'inquiries.lastName'],
  email: ['inquiries.email'],
  source: ['inquiries.source'],
  assignedToEmail: ['inquiries.assignedToEmail'],
  inquiryType: ['inquiries.inquiryType'],
  status: ['inquiries.status'],
} as const;
/** Text columns sort naturally (creator2 before creator10, decision 0039). */
const NATURAL = [
  'inquiries.firstName',
  'inquiries.lastName',
  'inquiries.email',
  'inquiries.source',
  'inquiries.assignedToEmail',
  'inquiries.inquiryType',
];

/** The inbox: status filter (unknown = all), 'mine', search, sort, page; never deleted rows. */
export async function listInquiries(
  db: Database,
  q: ListInquiriesQuery,
  callerEmail: string,
): Promise<InquiriesPage> {
  let base = liveInquiries(db);
  const status = inquiryStatusFilter(q.status);
  if (status) base = base.where('inquiries.status', '=', status);
  if (q.mine) base = base.where('inquiries.assignedToEmail', '=', callerEmail);
  if (q.search)
    base = base.where((eb) =>
      matchesSearch(
        eb,
        [
          'inquiries.firstName',
          'inquiries.lastName',
          'inquiries.email',
          'inquiries.source',
          'inquiries.inquiryType',
        ],
        q.search!,
      ),
    );
  return paged(
    q,
    base,
    (rows) => {
      let sorted = withAssignee(rows);
      for (const column of SORT_COLUMNS[q.sortBy])
        sorted = sorted.orderBy(sortExpression(column, NATURAL), q.sortDirection);
      return sorted.orderBy('inquiries.id');
    },
    toInquiry,
  );
}

export const findInquiry = (db: Database, id: string): Promise<InquiryRow | undefined> =>
  withAssignee(liveInquiries(db)).where('inquiries.id', '=', id).executeTakeFirst();

export async function countUnseen(db: Database) {
  const row = await liveInquiries(db)
    .where('inquiries.status', '=', 'Unseen')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

const activeStaff = (db: Database) =>
  db
    .selectFrom('users')
    .where('users.deleted', '=', 0)
    .where('users.disabled', '=', 0)
    .where('users.role', 'in', ['staff', 'admin']);

/** The staff and admins an inquiry can be assigned to, by name (at most 500). */
export const listAssignees = (db: Database) =>
  activeStaff(db).select(['email', 'name']).orderBy('name').orderBy('email').limit(500).execute();

/** An active staff or admin user with this email, or undefined. */
export const findAssignee = (db: Database, email: string) =>
  activeStaff(db).select(['id', 'email', 'name', 'language']).where('email', '=', email).executeTakeFirst();

export type InquiryFields = Omit<
  Insertable<InquiriesTable>,
  'id' | 'version' | 'deleted' | 'createdAt' | 'updatedAt'
>;

export async function insertInquiry(db: Database, row: Insertable<InquiriesTable>) {
  await db.insertInto('inquiries').values(row).execute();
}

export function toNote(
  row: Pick<Selectable<NotesTable>, 'id' | 'displayName' | 'message' | 'noteDate'> & {
    authorAvatarUrl: string | null;
  },
): InquiryNote {
  return {
    id: row.id,
    authorName: row.displayName,
    authorAvatarUrl: row.authorAvatarUrl,
    message: row.message,
    noteDate: Number(row.noteDate),
  };
}

export async function listNotes(db: Database, inquiryId: string, q: ParsedQuery<typeof inquiries.notes>) {
  const base = db.selectFrom('notes').where('notes.inquiryId', '=', inquiryId).where('notes.deleted', '=', 0);
  return paged(
    q,
    base,
    (rows) =>
      rows
        // The author's avatar as it is now (their profile), shown beside each note.
        .leftJoin('users', 'users.id', 'notes.authorId')
        .select(['notes.id', 'notes.displayName', 'notes.message', 'notes.noteDate'])
        .select('users.avatarUrl as authorAvatarUrl')
        .orderBy('notes.noteDate', 'desc')
        .orderBy('notes.createdAt', 'desc')
        .orderBy('notes.id', 'desc'),
    toNote,
  );
}

export async function insertNote(db: Database, row: Insertable<NotesTable>) {
  await db.insertInto('notes').values(row).execute();
}

/** The audit log of one inquiry, newest first, with the actor's name. */
export async function listActivity(
  db: Database,
  inquiryId: string,
  q: ParsedQuery<typeof inquiries.activity>,
) {
  const base = db
    .selectFrom('auditLog')
    .leftJoin('users', 'users.id', 'auditLog.actorId')
    .where('auditLog.entity', '=', 'inquiry')
    .where('auditLog.entityId', '=', inquiryId);
  return paged(
    q,
    base,
    (rows) =>
      rows
        .select([
          'auditLog.id',
          'auditLog.at',
          'auditLog.action',
          'auditLog.changes',
          'users.name as actorName',
        ])
        .orderBy('auditLog.at', 'desc')
        .orderBy('auditLog.id', 'desc'),
    (row) => ({
      id: row.id,
      at: Number(row.at),
      action: row.action,
      actorName: row.actorName ?? null,
      changes: parseChanges(row.changes),
    }),
  );
}

function parseChanges(stored: string | null): Record<string, unknown> | null {
  if (stored === null) return null;
  try {
    const parsed: unknown = JSON.parse(stored);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : { value: parsed };
  } catch {
    return null;
  }
}

/** Writes inquiries only at the version read: 409 when someone saved first, 404 when it was deleted. */
export async function writeInquiryAt(
  db: Database,
  id: string,
  version: number,
  patch: VersionedPatch<'inquiries'>,
) {
  await updateVersioned(db, 'inquiries', id, version, patch, {
    onMiss: async () => staleOrGone('inquiries', await findInquiry(db, id), 'Inquiry'),
  });
}

/** A legacy record imported into the table (legacy-import, decision 0128). */
export const writeImportedInquiry = (db: Database, write: ImportedWrites) =>
  writeImported(db, 'inquiries', write);
export const writeImportedInquiryNote = (db: Database, write: ImportedWrites) =>
  writeImported(db, 'notes', write);
export const writeImportedInquiryActivity = (db: Database, write: ImportedWrites) =>
  writeImported(db, 'activities', write);
