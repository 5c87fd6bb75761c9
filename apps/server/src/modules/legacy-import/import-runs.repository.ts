import type { ImportProblem, LegacyImportReport, ImportRun } from '@preffy/api';
import type { Database } from '../../db/database.ts';
import { newId, now } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { matchesSearch } from '../../lib/paging.ts';
import type { ImportProblemsTable, ImportRunsTable, LegacyRecordsTable } from './legacy-import.schema.ts';
import { emptyReport } from './import-report.ts';

/** A running run silent this long was interrupted: its process stopped (it beats every 5 s). */
export const INTERRUPTED_AFTER_MS = 30_000;

/** The import's own records: runs, their problems and the legacy ids imported (decision 0128). */

export type NewProblem = Omit<ImportProblemsTable, 'id' | 'runId' | 'position'>;

export async function createRun(
  db: Database,
  input: { id?: string; dryRun: boolean; timeZone: string; sources: unknown; createdBy: string | null },
) {
  const id = input.id ?? newId();
  const at = now();
  await db
    .insertInto('importRuns')
    .values({
      id,
      dryRun: input.dryRun ? 1 : 0,
      status: 'queued',
      timeZone: input.timeZone,
      sources: JSON.stringify(input.sources),
      pass: 0,
      passDone: 0,
      report: JSON.stringify(emptyReport()),
      error: null,
      createdBy: input.createdBy,
      createdAt: at,
      updatedAt: at,
      finishedAt: null,
    })
    .execute();
  return id;
}

export async function findRunRow(db: Database, id: string) {
  const row = await db.selectFrom('importRuns').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Import run');
  return row;
}

const problemCount = async (db: Database, runId: string) =>
  Number(
    (
      await db
        .selectFrom('importProblems')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('runId', '=', runId)
        .executeTakeFirstOrThrow()
    ).n,
  );

export async function toImportRun(db: Database, row: ImportRunsTable): Promise<ImportRun> {
  return {
    id: row.id,
    dryRun: Number(row.dryRun) === 1,
    status:
      row.status === 'running' && now() - Number(row.updatedAt) > INTERRUPTED_AFTER_MS
        ? 'interrupted'
        : row.status,
    timeZone: row.timeZone,
    sources: (JSON.parse(row.sources) as { names: string[] }).names,
    pass: Number(row.pass),
    report: JSON.parse(row.report) as LegacyImportReport,
    problems: await problemCount(db, row.id),
    error: row.error,
    createdBy: row.createdBy,
    createdAt: Number(row.createdAt),
    finishedAt: row.finishedAt === null ? null : Number(row.finishedAt),
  };
}

export async function listRuns(db: Database, page: number, pageSize: number) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('importRuns')
      .selectAll()
      .orderBy('createdAt', 'desc')
      .orderBy('id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    db
      .selectFrom('importRuns')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: await Promise.all(rows.map((r) => toImportRun(db, r))), total: Number(total.n) };
}

export async function listProblems(
  db: Database,
  runId: string,
  query: { page: number; pageSize: number; kind?: ImportProblem['kind']; search?: string },
): Promise<{ items: ImportProblem[]; total: number }> {
  let base = db.selectFrom('importProblems').where('runId', '=', runId);
  if (query.kind) base = base.where('kind', '=', query.kind);
  // A run's problems are read by run, in order: few enough to scan for a search.
  if (query.search)
    base = base.where((eb) => matchesSearch(eb, ['legacyId', 'file', 'reason'], query.search!));
  const [rows, total] = await Promise.all([
    base
      .select(['id', 'legacyTable', 'kind', 'legacyId', 'file', 'line', 'reason'])
      .orderBy('position')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map((r) => ({ ...r, line: Number(r.line) })), total: Number(total.n) };
}

/** A run's problems after `position`, a page at a time (the report CSV streams them). */
export function problemsAfter(db: Database, runId: string, position: number, limit: number) {
  return db
    .selectFrom('importProblems')
    .select(['position', 'legacyTable', 'kind', 'legacyId', 'file', 'line', 'reason'])
    .where('runId', '=', runId)
    .where('position', '>', position)
    .orderBy('position')
    .limit(limit)
    .execute();
}

/** Marks a queued or interrupted run running (the job that works it claims it). */
export async function markRunning(db: Database, id: string) {
  await db
    .updateTable('importRuns')
    .set({ status: 'running', error: null, updatedAt: now() })
    .where('id', '=', id)
    .execute();
}

/**
 * A batch's bookkeeping, in the batch's transaction: the checkpoint, the report so far and the
 * problems found. A run killed after it resumes from here and reports exactly what it would have.
 */
export async function saveCheckpoint(
  db: Database,
  runId: string,
  checkpoint: { pass: number; passDone: number; report: LegacyImportReport },
  problems: NewProblem[],
  firstPosition: number,
) {
  if (problems.length)
    await db
      .insertInto('importProblems')
      .values(problems.map((p, i) => ({ ...p, id: newId(), runId, position: firstPosition + i })))
      .execute();
  await db
    .updateTable('importRuns')
    .set({ ...checkpoint, report: JSON.stringify(checkpoint.report), updatedAt: now() })
    .where('id', '=', runId)
    .execute();
}

export async function lastProblemPosition(db: Database, runId: string) {
  const row = await db
    .selectFrom('importProblems')
    .select((eb) => eb.fn.max('position').as('p'))
    .where('runId', '=', runId)
    .executeTakeFirst();
  return row?.p == null ? 0 : Number(row.p);
}

export async function finishRun(db: Database, id: string, outcome: { error: string | null }) {
  await db
    .updateTable('importRuns')
    .set({
      status: outcome.error ? 'failed' : 'done',
      error: outcome.error,
      pass: outcome.error ? undefined : 4,
      finishedAt: now(),
      updatedAt: now(),
    })
    .where('id', '=', id)
    .execute();
}

/** The legacy records already imported among `legacyIds` of a table. */
export function findLegacyRecords(db: Database, legacyTable: string, legacyIds: string[]) {
  if (!legacyIds.length) return Promise.resolve([]);
  return db
    .selectFrom('legacyRecords')
    .selectAll()
    .where('legacyTable', '=', legacyTable)
    .where('legacyId', 'in', legacyIds)
    .execute();
}

/** Saves what a batch imported under its legacy ids, a few hundred per statement. */
export async function saveLegacyRecords(db: Database, records: LegacyRecordsTable[]) {
  for (let i = 0; i < records.length; i += 500)
    await db
      .insertInto('legacyRecords')
      .values(records.slice(i, i + 500))
      .onConflict((oc) =>
        oc.columns(['legacyTable', 'legacyId']).doUpdateSet((eb) => ({
          recordId: eb.ref('excluded.recordId'),
          legacyVersion: eb.ref('excluded.legacyVersion'),
          legacyChangedAt: eb.ref('excluded.legacyChangedAt'),
          digest: eb.ref('excluded.digest'),
          runId: eb.ref('excluded.runId'),
        })),
      )
      .execute();
}

/** The beat of a running run (import-worker.ts). */
export async function touchRun(db: Database, id: string) {
  await db
    .updateTable('importRuns')
    .set({ updatedAt: now() })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .execute();
}

/** The newest unfinished import of exactly these sources: the command resumes it. */
export function findResumableRun(db: Database, sources: string, timeZone: string) {
  return db
    .selectFrom('importRuns')
    .select('id')
    .where('dryRun', '=', 0)
    .where('status', 'in', ['queued', 'running', 'failed'])
    .where('sources', '=', sources)
    .where('timeZone', '=', timeZone)
    .orderBy('createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
}
