import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { LegacyImportReport } from '@preffy/api';
import type { Database, Dialect } from '../../db/database.ts';
import type { ImportedInsert, ImportedWrite, ImportedWrites } from '../../lib/imported-records.ts';
import { writeImportedCompetition } from '../competitions/index.ts';
import {
  writeImportedInquiry,
  writeImportedInquiryActivity,
  writeImportedInquiryNote,
} from '../inquiries/index.ts';
import { bringLeaderboardUpToDate } from '../leaderboard/index.ts';
import { writeImportedPayment } from '../payments/index.ts';
import { checkPostFlagsOf, writeImportedPost, writeImportedReferral } from '../posts/index.ts';
import { writeImportedPromotion } from '../promotions/index.ts';
import { s3Storage, saveImage } from '../storage/index.ts';
import type { S3Settings } from '../../config/env.ts';
import { writeImportedWinner } from '../winners/index.ts';
import {
  campaignOwners,
  competitionsWithPostsChangedSince,
  existingIds,
  liveVideos,
} from './import-lookups.repository.ts';
import { addPayment, addPromotion, emptyReport } from './import-report.ts';
import {
  type NewProblem,
  findLegacyRecords,
  findRunRow,
  lastProblemPosition,
  saveCheckpoint,
  saveLegacyRecords,
} from './import-runs.repository.ts';
import { isAmplifyTable, mapAmplifyItem } from './mapping/amplify-records.ts';
import { mapInquiryRow } from './mapping/inquiry-records.ts';
import type { LegacyRecordsTable } from './legacy-import.schema.ts';
import type { ImportedTable, MapResult, MappedRecord } from './mapping/mapped-record.ts';
import type { LegacyTable, ReadResult } from './readers/legacy-records.ts';
import { readLegacySources } from './readers/legacy-sources.ts';

/**
 * The legacy import's engine (issue 41, decision 0128). It reads the sources in passes, parents
 * first, so a record's parent is in the database (or, in a dry run, known to the run) before the
 * record is checked:
 *   0. count the records of each table (the progress bar's totals);
 *   1. competitions, winners, inquiries;
 *   2. posts, payments, promotions, inquiry notes and activity;
 *   3. referrals.
 * Each batch is one transaction with the run's checkpoint, report and problems, so a killed run
 * resumes after its last batch and ends with the report an uninterrupted run gives. Records are
 * matched on their legacy id (legacyRecords): the same record again is unchanged, a newer one
 * updates, an older one is reported and left alone. A dry run does everything but write.
 */

const PASSES: readonly (readonly LegacyTable[])[] = [
  ['Competition', 'Winners', 'Inquiry'],
  ['Post', 'Payment', 'Promotion', 'InquiryNote', 'InquiryActivity'],
  ['Referral'],
];
const LAST_PASS = PASSES.length;
export const IMPORT_BATCH_SIZE = 500;

/** Where a legacy image is read: the folder `aws s3 sync` wrote, or a bucket. */
export type LegacyImageSource = { get(key: string): Promise<Buffer | null> };
export const folderImageSource = (folder: string): LegacyImageSource => ({
  async get(key) {
    const file = path.resolve(folder, key.replace(/^\/+/, ''));
    if (!file.startsWith(path.resolve(folder) + path.sep)) return null;
    return readFile(file).catch(() => null);
  },
});

/** The legacy's own bucket, read through the app's S3 client (`--images s3://bucket`). */
export const bucketImageSource = (bucket: {
  get(key: string): Promise<{ stream: NodeJS.ReadableStream } | null>;
}): LegacyImageSource => ({
  async get(key) {
    const found = await bucket.get(key.replace(/^\/+/, ''));
    if (!found) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of found.stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  },
});

/**
 * Where the operator said the images are: `s3://bucket` (read with the app's S3 endpoint and
 * keys), else a folder on this machine.
 */
export function legacyImageSource(where: string, s3: S3Settings | null): LegacyImageSource {
  if (!where.startsWith('s3://')) return folderImageSource(where);
  if (!s3)
    throw new Error(
      'Reading images from a bucket needs S3_ENDPOINT, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
    );
  return bucketImageSource(s3Storage({ ...s3, bucket: where.slice(5).replace(/\/+$/, '') }));
}

export type ImportOptions = {
  runId: string;
  /** Files and folders on this machine: what the operator gave, or the unpacked upload. */
  paths: string[];
  dryRun: boolean;
  /** The zone the inquiry service's zone-less dates are read in (the operator names it). */
  timeZone: string;
  /** The app's business time zone, in which the flags compare days. */
  businessTimeZone: string;
  dialect: Dialect;
  /** Where competition images are copied from and to; without, images are listed as missing. */
  images?: { source: LegacyImageSource; store: Parameters<typeof saveImage>[0] } | null;
  batchSize?: number;
  /** Called after each batch with the report so far (the command prints it). */
  onProgress?: (report: LegacyImportReport, pass: number) => void;
};

const WRITERS: Record<ImportedTable, (db: Database, write: ImportedWrites) => Promise<void>> = {
  competitions: writeImportedCompetition,
  posts: writeImportedPost,
  referrals: writeImportedReferral,
  winners: writeImportedWinner,
  payments: writeImportedPayment,
  promotions: writeImportedPromotion,
  inquiries: writeImportedInquiry,
  notes: writeImportedInquiryNote,
  activities: writeImportedInquiryActivity,
};

const mapResult = (result: Extract<ReadResult, { kind: 'record' }>, timeZone: string): MapResult =>
  isAmplifyTable(result.table)
    ? mapAmplifyItem(result.table, result.item)
    : mapInquiryRow(result.table, result.item, timeZone);

const digestOf = (row: Record<string, unknown>) =>
  createHash('sha256').update(JSON.stringify(row)).digest('hex');
const TOMBSTONE = 'tombstone';

/** Parent ids a dry run has seen valid (nothing is written for the next pass to find). */
type Seen = Map<LegacyTable, Set<string>>;

/** Runs (or resumes) the run `runId` to its end; answers its report. */
export async function runImport(db: Database, options: ImportOptions): Promise<LegacyImportReport> {
  const run = await findRunRow(db, options.runId);
  const startedAt = Number(run.createdAt);
  let pass = Number(run.pass);
  let passDone = Number(run.passDone);
  let report = JSON.parse(run.report) as LegacyImportReport;
  let position = await lastProblemPosition(db, options.runId);
  // A dry run keeps what it has seen in memory: interrupted, it starts again (it wrote nothing).
  const seen: Seen | null = options.dryRun ? new Map() : null;
  if (options.dryRun && pass > 0 && (pass > 1 || passDone > 0)) {
    throw new Error('An interrupted dry run cannot resume: start it again');
  }
  if (pass === 0) {
    report = emptyReport();
    for await (const result of readLegacySources(options.paths))
      if (result.kind === 'record') report.tables[result.table].total++;
    pass = 1;
    passDone = 0;
    await saveCheckpoint(db, options.runId, { pass, passDone, report }, [], position);
    options.onProgress?.(report, pass);
  }
  const batchSize = options.batchSize ?? IMPORT_BATCH_SIZE;
  for (; pass <= LAST_PASS; pass++, passDone = 0) {
    const tables = PASSES[pass - 1]!;
    const wanted = (table: LegacyTable | null) => (table ? tables.includes(table) : pass === 1);
    let index = 0;
    let batch: ReadResult[] = [];
    const flush = async () => {
      const problems: NewProblem[] = [];
      const work = async (trx: Database) => {
        await importBatch(trx, batch, { ...options, report, problems, seen });
        passDone += batch.length;
        await saveCheckpoint(trx, options.runId, { pass, passDone, report }, problems, position + 1);
      };
      const before = structuredClone(report);
      try {
        if (options.dryRun) await work(db);
        else await db.transaction().execute(work);
      } catch (error) {
        report = before;
        throw error;
      }
      position += problems.length;
      batch = [];
      options.onProgress?.(report, pass);
    };
    for await (const result of readLegacySources(options.paths, wanted)) {
      if (!wanted(result.table)) continue;
      if (++index <= passDone) continue;
      batch.push(result);
      if (batch.length >= batchSize) await flush();
    }
    if (batch.length) await flush();
    await saveCheckpoint(db, options.runId, { pass: pass + 1, passDone: 0, report }, [], position + 1);
  }
  if (!options.dryRun)
    for (const competitionId of await competitionsWithPostsChangedSince(db, startedAt))
      await bringLeaderboardUpToDate(db, options.dialect, competitionId);
  return report;
}

type BatchContext = ImportOptions & {
  report: LegacyImportReport;
  problems: NewProblem[];
  seen: Seen | null;
};

/** One batch: mapped, checked against what exists, written (unless a dry run), counted. */
async function importBatch(db: Database, batch: ReadResult[], context: BatchContext) {
  const { report, problems } = context;
  const items: { result: Extract<ReadResult, { kind: 'record' }>; mapped: MapResult }[] = [];
  for (const result of batch) {
    if (result.kind === 'unreadable') {
      report.unreadable++;
      problems.push({ ...problemAt(result), kind: 'unreadable', legacyId: null, reason: result.reason });
      continue;
    }
    report.tables[result.table].read++;
    items.push({ result, mapped: mapResult(result, context.timeZone) });
  }
  const lookups = await lookupsFor(db, items, context.seen);
  const postsToCheck: string[] = [];
  // New records wait to go in together; any other write first lets them in (the same record
  // twice in a batch is updated after it is inserted). The legacy ids are saved last.
  const inserts = new Map<ImportedTable, ImportedInsert[]>();
  const mappings = new Map<string, LegacyRecordsTable>();
  const flushInserts = async () => {
    for (const [table, rows] of inserts) await WRITERS[table](db, rows);
    inserts.clear();
  };
  const write = async (table: ImportedTable, one: ImportedWrite) => {
    if (one.mode === 'insert') inserts.set(table, [...(inserts.get(table) ?? []), one]);
    else {
      await flushInserts();
      await WRITERS[table](db, one);
    }
  };
  for (const { result, mapped } of items) {
    const counts = report.tables[result.table];
    const place = problemAt(result);
    const key = `${result.table}|${mapped.kind === 'invalid' ? '' : mapped.kind === 'record' ? mapped.record.legacyId : mapped.legacyId}`;
    if (mapped.kind === 'invalid') {
      counts.invalid++;
      problems.push({ ...place, kind: 'invalid', legacyId: mapped.legacyId, reason: mapped.reason });
      continue;
    }
    const known = lookups.legacy.get(key);
    if (mapped.kind === 'tombstone') {
      counts.tombstones++;
      if (known && known.digest !== TOMBSTONE) {
        counts.deleted++;
        if (!context.dryRun) {
          await write(mapped.table, { mode: 'delete', id: known.recordId });
          mappings.set(key, { ...known, digest: TOMBSTONE, runId: context.runId });
        }
        lookups.legacy.set(key, { ...known, digest: TOMBSTONE });
      }
      continue;
    }
    const record = mapped.record;
    if (record.parent && !lookups.parents.get(record.parent.table)?.has(record.parent.id)) {
      counts.orphans++;
      problems.push({
        ...place,
        kind: 'orphan',
        legacyId: record.legacyId,
        reason: `Its ${PARENT_NAMES[record.parent.table]} ${record.parent.id} is neither in the files nor in the app`,
      });
      continue;
    }
    if (record.imageKey !== undefined) await copyImage(record, context, place);
    const digest = digestOf(record.row);
    const mapping = {
      legacyTable: result.table,
      legacyId: record.legacyId,
      recordId: record.id,
      legacyVersion: record.legacyVersion,
      legacyChangedAt: record.legacyChangedAt,
      digest,
      runId: context.runId,
    };
    let change: ImportedWrite | null;
    if (known && known.digest !== TOMBSTONE) {
      const older =
        record.legacyVersion < Number(known.legacyVersion) ||
        (record.legacyVersion === Number(known.legacyVersion) &&
          record.legacyChangedAt < Number(known.legacyChangedAt));
      if (older) {
        counts.older++;
        problems.push({
          ...place,
          kind: 'older',
          legacyId: record.legacyId,
          reason: `Version ${record.legacyVersion} is older than the version ${known.legacyVersion} already imported: left as it is`,
        });
        continue;
      }
      change = known.digest === digest ? null : { mode: 'update', id: known.recordId, row: record.row };
    } else {
      const exists = lookups.ids.has(`${record.table}|${record.id}`);
      change = exists
        ? { mode: 'update', id: record.id, row: record.row }
        : {
            mode: 'insert',
            id: record.id,
            version: record.legacyVersion,
            createdAt: record.createdAt,
            row: record.row,
          };
    }
    const conflict = change ? uniqueConflict(record, lookups) : null;
    if (conflict) {
      counts.invalid++;
      problems.push({ ...place, kind: 'invalid', legacyId: record.legacyId, reason: conflict });
      continue;
    }
    if (!change) counts.unchanged++;
    else if (change.mode === 'insert') counts.created++;
    else counts.updated++;
    if (!context.dryRun) {
      if (change) await write(record.table, change);
      if (
        change ||
        Number(known?.legacyVersion) !== mapping.legacyVersion ||
        Number(known?.legacyChangedAt) !== mapping.legacyChangedAt
      )
        mappings.set(key, mapping);
      if (change && record.table === 'posts') postsToCheck.push(record.id);
    }
    lookups.legacy.set(key, mapping);
    lookups.ids.add(`${record.table}|${record.id}`);
    claimUnique(record, lookups);
    if (context.seen)
      context.seen.set(result.table, (context.seen.get(result.table) ?? new Set()).add(record.id));
    if (record.money?.kind === 'payment') addPayment(report, record.money.status, record.money.amount);
    if (record.money?.kind === 'promotion') addPromotion(report, record.money.amount, record.money.remaining);
  }
  await flushInserts();
  await saveLegacyRecords(db, [...mappings.values()]);
  // What the app derives from a post is derived again: its flags (bans, duplicates, dates,
  // countries, likes and views), as when it is entered; the tallies and rollups follow by trigger.
  await checkPostFlagsOf(db, postsToCheck, context.businessTimeZone);
}

const PARENT_NAMES: Partial<Record<LegacyTable, string>> = {
  Competition: 'competition',
  Post: 'post',
  Inquiry: 'inquiry',
};

const problemAt = (result: ReadResult) => ({
  legacyTable: result.table,
  file: result.file.slice(0, 1000),
  line: result.line,
});

type Lookups = Awaited<ReturnType<typeof lookupsFor>>;

/** Everything the batch's records are checked against, read in a few queries. */
async function lookupsFor(
  db: Database,
  items: { result: Extract<ReadResult, { kind: 'record' }>; mapped: MapResult }[],
  seen: Seen | null,
) {
  const byTable = new Map<LegacyTable, string[]>();
  const idsByTable = new Map<ImportedTable, string[]>();
  const parentIds = new Map<LegacyTable, Set<string>>();
  const campaigns: number[] = [];
  const videos = { competitions: new Set<string>(), postIds: new Set<string>() };
  for (const { result, mapped } of items) {
    if (mapped.kind === 'invalid') continue;
    const legacyId = mapped.kind === 'record' ? mapped.record.legacyId : mapped.legacyId;
    byTable.set(result.table, [...(byTable.get(result.table) ?? []), legacyId]);
    if (mapped.kind !== 'record') continue;
    const { record } = mapped;
    idsByTable.set(record.table, [...(idsByTable.get(record.table) ?? []), record.id]);
    if (record.parent)
      parentIds.set(
        record.parent.table,
        (parentIds.get(record.parent.table) ?? new Set()).add(record.parent.id),
      );
    if (record.table === 'competitions') campaigns.push(record.row.campaignId as number);
    if (record.table === 'posts' && record.row.postId) {
      videos.competitions.add(record.row.competitionId as string);
      videos.postIds.add(record.row.postId as string);
    }
  }
  const legacy = new Map<string, Awaited<ReturnType<typeof findLegacyRecords>>[number]>();
  for (const [table, ids] of byTable)
    for (const row of await findLegacyRecords(db, table, [...new Set(ids)]))
      legacy.set(`${table}|${row.legacyId}`, row);
  const ids = new Set<string>();
  for (const [table, tableIds] of idsByTable)
    for (const id of await existingIds(db, table, [...new Set(tableIds)])) ids.add(`${table}|${id}`);
  const parents = new Map<LegacyTable, Set<string>>();
  for (const [table, wanted] of parentIds) {
    const found = await existingIds(db, PARENT_TABLES[table]!, [...wanted]);
    for (const id of wanted) if (seen?.get(table)?.has(id)) found.add(id);
    parents.set(table, found);
  }
  return {
    legacy,
    ids,
    parents,
    campaigns: await campaignOwners(db, [...new Set(campaigns)]),
    videos: await liveVideos(db, [...videos.competitions], [...videos.postIds]),
  };
}

const PARENT_TABLES: Partial<Record<LegacyTable, ImportedTable>> = {
  Competition: 'competitions',
  Post: 'posts',
  Inquiry: 'inquiries',
};

const videoKey = (record: MappedRecord) =>
  record.table === 'posts' && record.row.postId
    ? `${record.row.competitionId as string}|${record.row.platform as string}|${record.row.postId as string}`
    : null;

/** Why the record cannot be stored beside what exists: a unique value another record holds. */
function uniqueConflict(record: MappedRecord, lookups: Lookups): string | null {
  if (record.table === 'competitions') {
    const owner = lookups.campaigns.get(record.row.campaignId as number);
    if (owner && owner !== record.id)
      return `campaignID ${record.row.campaignId as number} is already the campaign number of competition ${owner}`;
  }
  const video = videoKey(record);
  const holder = video ? lookups.videos.get(video) : undefined;
  if (holder && holder !== record.id)
    return `The same video (${record.row.postId as string}) is already entered in the competition as post ${holder}`;
  return null;
}

function claimUnique(record: MappedRecord, lookups: Lookups) {
  if (record.table === 'competitions') lookups.campaigns.set(record.row.campaignId as number, record.id);
  const video = videoKey(record);
  if (video) lookups.videos.set(video, record.id);
}

/** Copies a competition's image into the app's store; a missing one is listed and left empty. */
async function copyImage(record: MappedRecord, context: BatchContext, place: ReturnType<typeof problemAt>) {
  const key = record.imageKey!;
  const bytes = context.images ? await context.images.source.get(key) : null;
  const saved = bytes && !context.dryRun ? await saveImage(context.images!.store, bytes) : null;
  if (bytes && (context.dryRun || saved?.ok)) {
    context.report.images.copied++;
    record.row.image = saved?.ok ? saved.url : `legacy:${key}`;
    return;
  }
  context.report.images.missing++;
  record.row.image = null;
  context.problems.push({
    ...place,
    kind: 'missing-image',
    legacyId: record.legacyId,
    reason: !context.images
      ? `Image ${key}: no image source was given`
      : bytes
        ? `Image ${key} is not a JPEG, PNG or WebP image`
        : `Image ${key} is not in the image source`,
  });
}
