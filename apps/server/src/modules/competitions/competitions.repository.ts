import type {
  CompetitionListItem,
  CompetitionPayouts,
  ListCompetitionsQuery,
  WaitingHold,
} from '@preffy/api';
import { type Insertable, sql } from 'kysely';
import type { Database, Dialect } from '../../db/database.ts';
import type { CompetitionsTable } from '../../db/schema.ts';
import { matchesIndexedSearch, paged } from '../../lib/paging.ts';
import { sortExpression } from '../../lib/natural-order.ts';
import { now } from '../../lib/clock.ts';
import { type VersionedPatch, softDelete, updateVersioned } from '../../lib/versioned.ts';
import { LIST_ITEM_COLUMNS, toCompetitionListItem } from './competition.dto.ts';
import { type ImportedWrites, writeImported } from '../../lib/imported-records.ts';

/** Staff and admins see every live competition; an organizer only their own (organizerEmail). */
export const seesEveryCompetition = (viewer: { role: string }) => viewer.role !== 'organizer';

/** Competitions a user may see (seesEveryCompetition). */
export function visibleCompetitions(db: Database, viewer: { role: string; email: string }) {
  let q = db.selectFrom('competitions').where('deleted', '=', 0);
  if (!seesEveryCompetition(viewer)) q = q.where('organizerEmail', '=', viewer.email.toLowerCase());
  return q;
}

/**
 * The holds waiting to be started (isWaitingHold: a reservation without a song link) that the
 * viewer may see, for an artist or a song (either, matched whole and without case), soonest first.
 */
export async function waitingHolds(
  db: Database,
  viewer: { role: string; email: string },
  match: { organizer?: string; name?: string },
): Promise<WaitingHold[]> {
  const organizer = match.organizer?.toLowerCase();
  const name = match.name?.toLowerCase();
  if (!organizer && !name) return [];
  const rows = await visibleCompetitions(db, viewer)
    .select([
      'id',
      'version',
      'name',
      'organizer',
      'organizerEmail as email',
      'startDate',
      'endDate',
      'invoiceAmount',
      'isConfirmed',
    ])
    .where('reservation', 'is not', null)
    .where((eb) => eb.or([eb('audio', 'is', null), eb('audio', '=', '')]))
    .where((eb) =>
      eb.or([
        ...(organizer ? [eb(eb.fn('lower', ['organizer']), '=', organizer)] : []),
        ...(name ? [eb(eb.fn('lower', ['name']), '=', name)] : []),
      ]),
    )
    .orderBy('startDate')
    .limit(10)
    .execute();
  return rows.map((r) => ({
    ...r,
    startDate: Number(r.startDate),
    endDate: Number(r.endDate),
    invoiceAmount: Number(r.invoiceAmount),
    isConfirmed: r.isConfirmed === 1,
  }));
}

/** The deleted competitions: staff and admins see them (decision 0124), an organizer none. */
function deletedCompetitions(db: Database, viewer: { role: string }) {
  const q = db.selectFrom('competitions').where('deleted', '=', 1);
  return seesEveryCompetition(viewer) ? q : q.where(sql<boolean>`1 = 0`);
}

/** The admin list: one tab of the competitions the viewer may see, searched, sorted and paged. */
export async function listCompetitions(
  db: Database,
  viewer: { role: string; email: string },
  q: ListCompetitionsQuery,
): Promise<{ items: CompetitionListItem[]; total: number }> {
  let base = q.tab === 'deleted' ? deletedCompetitions(db, viewer) : visibleCompetitions(db, viewer);
  if (q.tab === 'upcoming') base = base.where('hasEnded', '=', 0).where('isActive', '=', 0);
  if (q.tab === 'active') base = base.where('hasEnded', '=', 0).where('isActive', '=', 1);
  if (q.tab === 'completed') base = base.where('hasEnded', '=', 1);
  if (q.search) base = base.where((eb) => matchesIndexedSearch(db, eb, 'competitions', q.search!));
  return paged(
    q,
    base,
    (competitions) =>
      competitions
        .select(LIST_ITEM_COLUMNS)
        .orderBy(sortExpression(q.sortBy, ['name', 'organizer']), q.sortDirection)
        .orderBy('id'),
    toCompetitionListItem,
  );
}

/** How many of the competitions the viewer may see each tab holds for a search: one pass, no rows. */
export async function countByTab(db: Database, viewer: { role: string; email: string }, search?: string) {
  let base = visibleCompetitions(db, viewer);
  if (search) base = base.where((eb) => matchesIndexedSearch(db, eb, 'competitions', search));
  let deleted = deletedCompetitions(db, viewer);
  if (search) deleted = deleted.where((eb) => matchesIndexedSearch(db, eb, 'competitions', search));
  const [row, gone] = await Promise.all([
    base
      .select([
        sql<number>`sum(case when has_ended = 0 and is_active = 0 then 1 else 0 end)`.as('upcoming'),
        sql<number>`sum(case when has_ended = 0 and is_active = 1 then 1 else 0 end)`.as('active'),
        sql<number>`sum(case when has_ended = 1 then 1 else 0 end)`.as('completed'),
      ])
      .executeTakeFirstOrThrow(),
    deleted.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  // SUM over no rows is NULL; PostgreSQL answers bigint sums as strings.
  return {
    upcoming: Number(row.upcoming ?? 0),
    active: Number(row.active ?? 0),
    completed: Number(row.completed ?? 0),
    deleted: Number(gone.count),
  };
}

/** Whether a competition exists and is not deleted (a promotion or an inquiry must name one). */
export async function isLiveCompetition(db: Database, competitionId: string) {
  const row = await db
    .selectFrom('competitions')
    .select('id')
    .where('id', '=', competitionId)
    .where('deleted', '=', 0)
    .executeTakeFirst();
  return row !== undefined;
}

export const findCompetition = (db: Database, id: string) =>
  db.selectFrom('competitions').selectAll().where('id', '=', id).where('deleted', '=', 0).executeTakeFirst();

/** A competition live or deleted (staff still read a deleted one, decision 0124). */
export const findCompetitionWithDeleted = (db: Database, id: string) =>
  db.selectFrom('competitions').selectAll().where('id', '=', id).executeTakeFirst();

/**
 * What paying the competition's winners left (decision 0124): its live payments, whether the
 * finish wizard's winners were submitted, its live PayPal batches. Read in the transaction
 * that deletes, so a Submit that commits first is seen.
 */
/**
 * Holds a competition's row until the transaction ends and answers whether it is live, so that
 * a delete and the Submit that pays its winners run one after the other (decision 0124): without
 * it, on PostgreSQL, a Submit committing while a delete counted the payouts was not seen, and a
 * paid competition was deleted without an administrator's word. SQLite runs one write
 * transaction at a time, so the plain read suffices there.
 */
export async function lockCompetition(trx: Database, dialect: Dialect, id: string) {
  const row = await trx
    .selectFrom('competitions')
    .select('deleted')
    .where('id', '=', id)
    .$if(dialect === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst();
  return { live: row?.deleted === 0 };
}

export async function payoutsOf(db: Database, competitionId: string): Promise<CompetitionPayouts> {
  const count = (table: 'payments' | 'paypalPayouts') =>
    db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('competitionId', '=', competitionId)
      .where('deleted', '=', 0)
      .executeTakeFirstOrThrow();
  const [payments, batches, finish] = await Promise.all([
    count('payments'),
    count('paypalPayouts'),
    db
      .selectFrom('competitionFinishes')
      .select('submittedAt')
      .where('competitionId', '=', competitionId)
      .where('deleted', '=', 0)
      .executeTakeFirst(),
  ]);
  return {
    payments: Number(payments.count),
    submittedWinners: finish?.submittedAt != null,
    paypalBatches: Number(batches.count),
  };
}

/** How many entries a competition has and the views they add up to (the public page's numbers). */
export async function entryTotals(db: Database, competitionId: string) {
  const stats = await db
    .selectFrom('posts')
    .select((eb) => [eb.fn.countAll<number>().as('ugc'), eb.fn.sum<number>('views').as('views')])
    .where('competitionId', '=', competitionId)
    .where('deleted', '=', 0)
    .executeTakeFirstOrThrow();
  return { ugcCount: Number(stats.ugc), totalViews: Number(stats.views ?? 0) };
}

/** One more visit of the public page under its ref tag on the day. */
export async function countVisit(db: Database, visit: { competitionId: string; ref: string; day: string }) {
  await db
    .insertInto('competitionVisits')
    .values({ ...visit, visits: 1 })
    .onConflict((oc) =>
      oc
        .columns(['competitionId', 'ref', 'day'])
        .doUpdateSet((eb) => ({ visits: eb('competitionVisits.visits', '+', 1) })),
    )
    .execute();
}

/** Sets the competition completed (ended, not running), the way the state dropdown does. */
export async function completeCompetition(db: Database, competitionId: string) {
  const result = await db
    .updateTable('competitions')
    .set((eb) => ({
      hasEnded: 1,
      isActive: 0,
      lastUpdated: now(),
      updatedAt: now(),
      version: eb('version', '+', 1),
    }))
    .where('id', '=', competitionId)
    .where('deleted', '=', 0)
    .where((eb) => eb.or([eb('hasEnded', '=', 0), eb('isActive', '=', 1)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The campaign sequence number a new competition takes (the unique index settles a race). */
export async function nextCampaignId(db: Database) {
  const last = await db
    .selectFrom('competitions')
    .select((eb) => eb.fn.max('campaignId').as('max'))
    .executeTakeFirst();
  return Number(last?.max ?? 0) + 1;
}

export async function insertCompetitionRow(db: Database, row: Insertable<CompetitionsTable>) {
  await db.insertInto('competitions').values(row).execute();
}

/**
 * A competition's record edit on the version the caller read: 409 on a stale one
 * (lib/versioned.ts). Its lastUpdated moves with every edit.
 */
export const updateCompetitionRecord = (
  db: Database,
  id: string,
  version: number,
  patch: VersionedPatch<'competitions'>,
) => updateVersioned(db, 'competitions', id, version, { ...patch, lastUpdated: now() });

/** Deletes a competition (soft: the row stays for the audit) on the version the caller read. */
export const deleteCompetitionRecord = (db: Database, id: string, version: number) =>
  softDelete(db, 'competitions', id, version);

/** Brings a deleted competition back on the version the caller read (409 on a stale one). */
export const restoreCompetitionRecord = (db: Database, id: string, version: number) =>
  updateVersioned(db, 'competitions', id, version, { deleted: 0 }, { withDeleted: true });

/** A legacy record imported into the table (legacy-import, decision 0128). */
export const writeImportedCompetition = (db: Database, write: ImportedWrites) =>
  writeImported(db, 'competitions', write);
