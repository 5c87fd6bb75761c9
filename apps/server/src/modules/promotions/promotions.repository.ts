import type { ParsedQuery, Promotion, ReplyOf, promotions } from '@preffy/api';
import { promotionCreatorCount, promotionSendBlock } from '@preffy/domain';
import type { Insertable, Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { PromotionsTable } from '../../db/schema.ts';
import { matchesSearch, paged } from '../../lib/paging.ts';
import { type VersionedPatch, staleOrGone, updateVersioned } from '../../lib/versioned.ts';
import { sortExpression } from '../../lib/natural-order.ts';
import { type ImportedWrites, writeImported } from '../../lib/imported-records.ts';

/** Every write to `promotions` lives here (the referral screens and the Email page only read it). */

export type ListPromotionsQuery = ParsedQuery<typeof promotions.list>;
export type PromotionsPage = ReplyOf<typeof promotions.list>;

/**
 * A stored promotion joined with its competition: what the API shows and what a 409 carries
 * (the promotions area's manifest), so both are built from the same row.
 */
export type PromotionRow = Selectable<PromotionsTable> & {
  competitionName: string;
  competitionDeleted: number;
};

/** The stored creator list (a JSON array); anything unreadable counts as no creators. */
export function creatorEmailsOf(stored: string): string[] {
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.filter((e): e is string => typeof e === 'string') : [];
  } catch {
    return [];
  }
}

export function toPromotion(row: PromotionRow): Promotion {
  const amount = Number(row.amount);
  const remainingBalance = Number(row.remainingBalance);
  const creatorEmails = creatorEmailsOf(row.creatorEmails);
  const sendBlock = promotionSendBlock({
    amount,
    remainingBalance,
    creatorEmails,
    competitionDeleted: Number(row.competitionDeleted) === 1,
  });
  return {
    id: row.id,
    name: row.name,
    competitionId: row.competitionId,
    competitionName: row.competitionName,
    startDate: row.startDate === null ? null : Number(row.startDate),
    endDate: row.endDate === null ? null : Number(row.endDate),
    isActive: Number(row.isActive) === 1,
    amount,
    creatorEmails,
    remainingBalance,
    creatorCount: promotionCreatorCount(remainingBalance, amount),
    canSend: sendBlock === null,
    sendBlock,
    version: row.version,
    createdAt: Number(row.createdAt),
    updatedAt: Number(row.updatedAt),
  };
}

/** Live promotions with their competition (a deleted competition's promotions stay listed). */
function livePromotions(db: Database) {
  return db
    .selectFrom('promotions')
    .innerJoin('competitions', 'competitions.id', 'promotions.competitionId')
    .where('promotions.deleted', '=', 0);
}

const withCompetition = (q: ReturnType<typeof livePromotions>) =>
  q
    .selectAll('promotions')
    .select(['competitions.name as competitionName', 'competitions.deleted as competitionDeleted']);

const SORT_COLUMNS = {
  createdAt: 'promotions.createdAt',
  name: 'promotions.name',
  competitionName: 'competitions.name',
  startDate: 'promotions.startDate',
  endDate: 'promotions.endDate',
  isActive: 'promotions.isActive',
  amount: 'promotions.amount',
  remainingBalance: 'promotions.remainingBalance',
} as const;

/** The promotions list: searched by its name or its competition's, sorted and paged. */
export async function listPromotions(db: Database, q: ListPromotionsQuery): Promise<PromotionsPage> {
  let base = livePromotions(db);
  if (q.search)
    base = base.where((eb) => matchesSearch(eb, ['promotions.name', 'competitions.name'], q.search!));
  if (q.competitionId) base = base.where('promotions.competitionId', '=', q.competitionId);
  return paged(
    q,
    base,
    (rows) =>
      withCompetition(rows)
        .orderBy(
          sortExpression(SORT_COLUMNS[q.sortBy], ['promotions.name', 'competitions.name']),
          q.sortDirection,
        )
        .orderBy('promotions.id'),
    toPromotion,
  );
}

/** A live promotion with its competition, or undefined. */
export const findPromotion = (db: Database, id: string): Promise<PromotionRow | undefined> =>
  withCompetition(livePromotions(db)).where('promotions.id', '=', id).executeTakeFirst();

/** What the competition's giveaway email says about it. */
export const findCompetitionForEmail = (db: Database, competitionId: string) =>
  db
    .selectFrom('competitions')
    .select(['id', 'name', 'organizer'])
    .where('id', '=', competitionId)
    .where('deleted', '=', 0)
    .executeTakeFirst();

export type PromotionFields = Omit<
  Insertable<PromotionsTable>,
  'id' | 'version' | 'deleted' | 'createdAt' | 'updatedAt'
>;

export async function insertPromotion(db: Database, row: Insertable<PromotionsTable>) {
  await db.insertInto('promotions').values(row).execute();
}

/**
 * The write, only at the version read. The read before it does not lock the row, so a
 * concurrent save can still win: then this answers its 409 (or 404 when it was deleted).
 */
export async function writePromotionAt(
  db: Database,
  id: string,
  version: number,
  patch: VersionedPatch<'promotions'>,
) {
  await updateVersioned(db, 'promotions', id, version, patch, {
    onMiss: async () => staleOrGone('promotions', await findPromotion(db, id), 'Promotion'),
  });
}

/** A legacy record imported into the table (legacy-import, decision 0128). */
export const writeImportedPromotion = (db: Database, write: ImportedWrites) =>
  writeImported(db, 'promotions', write);
