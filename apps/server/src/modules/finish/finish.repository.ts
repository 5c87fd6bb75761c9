import type { FinishStep, PageQuery, PayoutFile, WinnerChoice } from '@preffy/api';
import type { Insertable, Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { CompetitionFinishesTable, PayoutFilesTable } from '../../db/schema.ts';
import { now } from '../../lib/clock.ts';
import { matchesSearch, paged } from '../../lib/paging.ts';
import { updateVersioned } from '../../lib/versioned.ts';

/** Every query on competitionFinishes and payoutFiles lives here. */

export type FinishRow = Selectable<CompetitionFinishesTable>;
/** One entry per prize slot: the chosen winner, or null for an empty slot. */
export type StoredWinners = (WinnerChoice | null)[];

/** Rows per IN list: well under every dialect's bind-parameter limit. */
export const CHUNK = 500;

/**
 * The competition as the wizard needs it: live ones only, unless `withDeleted` (the wizard's
 * read, which staff keep on a deleted competition, decision 0124).
 */
export const findFinishCompetition = (db: Database, id: string, options: { withDeleted?: boolean } = {}) =>
  db
    .selectFrom('competitions')
    .select(['id', 'name', 'organizer', 'prizes', 'takePct', 'metric', 'endDate', 'hasEnded', 'deleted'])
    .where('id', '=', id)
    .$if(!options.withDeleted, (q) => q.where('deleted', '=', 0))
    .executeTakeFirst();
export type FinishCompetition = NonNullable<Awaited<ReturnType<typeof findFinishCompetition>>>;

/** Competitions the wizard can finish: live and running or ended; newest end first. */
export function listFinishCompetitions(db: Database, q: PageQuery) {
  let base = db
    .selectFrom('competitions')
    .leftJoin('competitionFinishes', 'competitionFinishes.competitionId', 'competitions.id')
    .where('competitions.deleted', '=', 0)
    .where((eb) => eb.or([eb('competitions.isActive', '=', 1), eb('competitions.hasEnded', '=', 1)]));
  if (q.search)
    base = base.where((eb) => matchesSearch(eb, ['competitions.name', 'competitions.organizer'], q.search!));
  return paged(
    q,
    base,
    (rows) =>
      rows
        .select([
          'competitions.id',
          'competitions.name',
          'competitions.organizer',
          'competitions.endDate',
          'competitionFinishes.step',
        ])
        .orderBy('competitions.endDate', 'desc')
        .orderBy('competitions.id'),
    (row) => ({
      id: row.id,
      name: row.name,
      organizer: row.organizer,
      endDate: Number(row.endDate),
      step: (row.step ?? 'winners') as FinishStep,
    }),
  );
}

export const findFinishRow = (db: Database, competitionId: string) =>
  db
    .selectFrom('competitionFinishes')
    .selectAll()
    .where('competitionId', '=', competitionId)
    .where('deleted', '=', 0)
    .executeTakeFirst();

/** A competition's first finish row; its id is the competition's (one wizard per competition). */
export async function insertFinishRow(
  db: Database,
  row: Omit<Insertable<CompetitionFinishesTable>, 'id' | 'version' | 'deleted' | 'createdAt' | 'updatedAt'>,
) {
  const at = now();
  await db
    .insertInto('competitionFinishes')
    .values({ ...row, id: row.competitionId, version: 1, deleted: 0, createdAt: at, updatedAt: at })
    .execute();
}

/**
 * Writes the finish row only while it still has the version the caller read and its winners
 * are submitted (`submitted`) or not yet: true when this call changed it.
 * A concurrent twin waits for the row lock (PostgreSQL) or the write lock (SQLite) and then
 * finds the version moved on.
 */
export async function updateFinishRow(
  db: Database,
  competitionId: string,
  version: number,
  patch: Partial<
    Pick<
      FinishRow,
      'step' | 'winners' | 'reasons' | 'submittedAt' | 'submittedBy' | 'completedAt' | 'completedBy'
    >
  >,
  options: { submitted: boolean },
) {
  // The row's id is its competition's (insertFinishRow).
  return updateVersioned(db, 'competitionFinishes', competitionId, version, patch, {
    where: (update) => update.where('submittedAt', options.submitted ? 'is not' : 'is', null),
    onMiss: 'resolve false',
  });
}

/** Display names of users by id (who submitted, completed, downloaded). */
export async function userNames(db: Database, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (!wanted.length) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'name']).where('id', 'in', wanted).execute();
  return new Map(rows.map((u) => [u.id, u.name]));
}

/** The files of the competition's most recent download (older downloads stay recorded). */
export async function newestPayoutFiles(db: Database, competitionId: string): Promise<PayoutFile[]> {
  const newest = await db
    .selectFrom('payoutFiles')
    .select('batchId')
    .where('competitionId', '=', competitionId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!newest) return [];
  const rows = await db
    .selectFrom('payoutFiles')
    .leftJoin('users', 'users.id', 'payoutFiles.createdBy')
    .select([
      'payoutFiles.id',
      'payoutFiles.batchId',
      'payoutFiles.fileNumber',
      'payoutFiles.fileCount',
      'payoutFiles.rowCount',
      'payoutFiles.total',
      'payoutFiles.createdAt',
      'users.name as createdByName',
    ])
    .where('payoutFiles.batchId', '=', newest.batchId)
    .orderBy('payoutFiles.fileNumber')
    .execute();
  return rows.map((r) => ({
    ...r,
    rowCount: Number(r.rowCount),
    total: Number(r.total),
    createdAt: Number(r.createdAt),
    createdByName: r.createdByName ?? null,
  }));
}

export async function insertPayoutFiles(db: Database, rows: Insertable<PayoutFilesTable>[]) {
  for (const row of rows) await db.insertInto('payoutFiles').values(row).execute();
}

/** One stored payout file with its competition (to name the download). */
export const findPayoutFile = (db: Database, id: string) =>
  db
    .selectFrom('payoutFiles')
    .select(['id', 'competitionId', 'fileNumber', 'fileCount', 'csv'])
    .where('id', '=', id)
    .executeTakeFirst();

/** The payment emails each of these payout files holds, in lower case. */
export async function payoutFileEmails(
  db: Database,
  fileIds: readonly string[],
): Promise<Map<string, Set<string>>> {
  const ids = [...new Set(fileIds)];
  const out = new Map<string, Set<string>>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await db
      .selectFrom('payoutFiles')
      .select(['id', 'emails'])
      .where('id', 'in', ids.slice(i, i + CHUNK))
      .execute();
    for (const row of rows)
      out.set(row.id, new Set((JSON.parse(row.emails) as string[]).map((e) => e.toLowerCase())));
  }
  return out;
}

/** A winner as the checks compare it: creator, platform, email and source, trimmed, lower case. */
export const entrantKey = (w: { creator: string; platform: string; email: string; source: string | null }) =>
  [w.creator, w.platform, w.email, w.source ?? ''].map((part) => part.trim().toLowerCase()).join('|');

/**
 * The entrants among these emails: each creator, platform, email and source with a live post
 * in the competition (entrantKey), so Submit pays only real entries as they entered.
 */
export async function entrantKeysOf(
  db: Database,
  competitionId: string,
  emails: readonly string[],
): Promise<Set<string>> {
  const addresses = [...new Set(emails.map((e) => e.trim().toLowerCase()))];
  const keys = new Set<string>();
  for (let i = 0; i < addresses.length; i += CHUNK) {
    const rows = await db
      .selectFrom('posts')
      .select(['creator', 'platform', 'email', 'source'])
      .distinct()
      .where('competitionId', '=', competitionId)
      .where('deleted', '=', 0)
      .where('email', 'in', addresses.slice(i, i + CHUNK))
      .execute();
    for (const row of rows) keys.add(entrantKey(row));
  }
  return keys;
}

/**
 * The winner selector: each creator, platform, email and source of the competition's live
 * posts once, with their posts summed, best first by the metric; grouped in SQL so only
 * `limit` rows ever leave the database.
 */
export async function winnerCandidates(
  db: Database,
  competitionId: string,
  options: { search?: string; limit: number; metric: 'likes' | 'views' },
) {
  let base = db.selectFrom('posts').where('competitionId', '=', competitionId).where('deleted', '=', 0);
  if (options.search) base = base.where((eb) => matchesSearch(eb, ['creator', 'email'], options.search!));
  const other = options.metric === 'likes' ? 'views' : 'likes';
  const rows = await base
    .select((eb) => [
      'creator',
      'platform',
      'email',
      'source',
      eb.fn.sum<number | string>('likes').as('likes'),
      eb.fn.sum<number | string>('views').as('views'),
      eb.fn.sum<number | string>('creativityScore').as('creativityScore'),
      eb.fn.countAll<number | string>().as('postCount'),
    ])
    .groupBy(['creator', 'platform', 'email', 'source'])
    .orderBy((eb) => eb.fn.sum(options.metric), 'desc')
    .orderBy((eb) => eb.fn.sum(other), 'desc')
    .orderBy('creator')
    .orderBy('platform')
    .orderBy('email')
    .orderBy('source')
    .limit(options.limit)
    .execute();
  return rows.map((r) => ({
    creator: r.creator,
    platform: r.platform,
    email: r.email.toLowerCase(),
    source: r.source ?? '',
    likes: Number(r.likes),
    views: Number(r.views),
    creativityScore: Number(r.creativityScore),
    postCount: Number(r.postCount),
  }));
}
