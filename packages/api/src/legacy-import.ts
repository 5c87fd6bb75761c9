import { z } from 'zod';
import { idParams } from './common.ts';
import { endpointsOf } from './endpoint.ts';
import { pageQuerySchema, pagedList } from './paging.ts';

/**
 * Taking over from the legacy (issue 41, decisions 0127–0129): an admin uploads its exports
 * (a zip, or the files), runs a dry run, reads the report, then imports the same files for real.
 * The command `npm run import` runs the same engine.
 */

/** The legacy's tables, in the order the report lists them. */
export const LEGACY_TABLE_NAMES = [
  'Competition',
  'Post',
  'Referral',
  'Winners',
  'Payment',
  'Promotion',
  'Inquiry',
  'InquiryNote',
  'InquiryActivity',
] as const;
export type LegacyTableName = (typeof LEGACY_TABLE_NAMES)[number];

export const IMPORT_PROBLEM_KINDS = ['invalid', 'orphan', 'older', 'unreadable', 'missing-image'] as const;
export type ImportProblemKind = (typeof IMPORT_PROBLEM_KINDS)[number];

/** One table's figures: `total` is counted before the run writes, `read` as it goes. */
export const importTableCountsSchema = z.object({
  total: z.number(),
  read: z.number(),
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  /** Legacy tombstones (`_deleted`): not imported; one imported before is deleted here. */
  tombstones: z.number(),
  deleted: z.number(),
  invalid: z.number(),
  orphans: z.number(),
  older: z.number(),
});
export type ImportTableCounts = z.infer<typeof importTableCountsSchema>;

/** Money in whole cents, so the totals add up exactly. */
export const legacyImportReportSchema = z.object({
  tables: z.object(
    Object.fromEntries(LEGACY_TABLE_NAMES.map((table) => [table, importTableCountsSchema])) as Record<
      LegacyTableName,
      typeof importTableCountsSchema
    >,
  ),
  unreadable: z.number(),
  payments: z.array(z.object({ status: z.string(), count: z.number(), amountCents: z.number() })),
  promotions: z.object({ count: z.number(), amountCents: z.number(), remainingCents: z.number() }),
  images: z.object({ copied: z.number(), missing: z.number() }),
});
export type LegacyImportReport = z.infer<typeof legacyImportReportSchema>;

export const importRunSchema = z.object({
  id: z.string(),
  dryRun: z.boolean(),
  /** interrupted: running, but its process stopped beating (a crash): it can be resumed. */
  status: z.enum(['queued', 'running', 'interrupted', 'done', 'failed']),
  timeZone: z.string(),
  /** What was read: the names of the uploaded files, or the paths given to the command. */
  sources: z.array(z.string()),
  /** 0 counting, 1–3 the passes (parents first), 4 finished. */
  pass: z.number(),
  report: legacyImportReportSchema,
  problems: z.number(),
  error: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.number(),
  finishedAt: z.number().nullable(),
});
export type ImportRun = z.infer<typeof importRunSchema>;

export const importProblemSchema = z.object({
  id: z.string(),
  legacyTable: z.string().nullable(),
  kind: z.enum(IMPORT_PROBLEM_KINDS),
  legacyId: z.string().nullable(),
  file: z.string(),
  line: z.number(),
  reason: z.string(),
});
export type ImportProblem = z.infer<typeof importProblemSchema>;

/** Searched in the legacy id, the file and the reason. */
export const listImportProblemsQuerySchema = pageQuerySchema
  .omit({ sortDirection: true })
  .extend({ kind: z.enum(IMPORT_PROBLEM_KINDS).optional() });

/** An upload: at most this many bytes in all (a zip of a large export), and this many files. */
export const MAX_IMPORT_UPLOAD_BYTES = 1024 * 1024 * 1024;
export const MAX_IMPORT_UPLOAD_FILES = 500;

/** What an upload's fields are told (the server's words; the web translates them by key). */
export const IMPORT_UPLOAD_MESSAGES = {
  noFiles: 'Choose the exported files, or one zip of them',
  tooBig: 'The upload is larger than 1 GB: run npm run import on the server instead',
  notMultipart: 'The upload must be a complete multipart/form-data body',
  badZip: 'The zip file could not be read',
  tooBigUnpacked: 'The zip unpacks to more than 8 GB: run npm run import on the server instead',
} as const;

const oneRun = z.object({ run: importRunSchema });
const { admin } = endpointsOf(['legacy-import']);

export const legacyImport = {
  list: admin.get('/api/legacy-import/runs', {
    summary: 'The import runs, newest first',
    ...pagedList(pageQuerySchema.omit({ search: true, sortDirection: true }), importRunSchema),
  }),
  start: admin.post('/api/legacy-import/runs', {
    summary:
      'Upload legacy exports (multipart/form-data: one zip or files in "files"; "dryRun" true or false; "timeZone" of the inquiry dates) and start a run as a job',
    multipart: z.object({ files: z.array(z.file()), dryRun: z.boolean(), timeZone: z.string() }),
    idempotent: true,
    responses: { 202: oneRun },
  }),
  get: admin.get('/api/legacy-import/runs/:id', {
    summary: 'A run with its progress and report',
    params: idParams,
    responses: { 200: oneRun },
  }),
  apply: admin.post('/api/legacy-import/runs/:id/apply', {
    summary: 'Import for real the files a dry run read (after reading its report)',
    params: idParams,
    body: z.object({ confirm: z.literal(true) }),
    idempotent: true,
    responses: { 202: oneRun },
  }),
  resume: admin.post('/api/legacy-import/runs/:id/resume', {
    summary: 'Resume an import that was interrupted or failed, from its last checkpoint',
    params: idParams,
    idempotent: true,
    responses: { 202: oneRun },
  }),
  problems: admin.get('/api/legacy-import/runs/:id/problems', {
    summary: 'What a run reported record by record, in the order found',
    params: idParams,
    ...pagedList(listImportProblemsQuerySchema, importProblemSchema),
  }),
  reportCsv: admin.get('/api/legacy-import/runs/:id/report.csv', {
    summary: "A run's report as text/csv: the counts per table, the money, then every problem",
    params: idParams,
    produces: 'text/csv',
    responses: {},
  }),
};
