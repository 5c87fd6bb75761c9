import type { Flag } from '../../db/schema.ts';

/** Migration 0035, decision 0128. */
export interface ImportRunsTable {
  id: string;
  dryRun: Flag;
  status: 'queued' | 'running' | 'done' | 'failed';
  /** The IANA zone the inquiry service's zone-less dates are read in. */
  timeZone: string;
  /** JSON: the paths (command) or the uploaded folder (page) the run reads. */
  sources: string;
  /** The checkpoint: the pass being worked (1–3) and how many of its source records are done. */
  pass: number;
  passDone: number;
  /** JSON LegacyImportReport: counts per table and the money imported so far. */
  report: string;
  error: string | null;
  createdBy: string | null;
  createdAt: number;
  updatedAt: number;
  finishedAt: number | null;
}

export interface ImportProblemsTable {
  id: string;
  runId: string;
  /** Order of reporting within the run. */
  position: number;
  legacyTable: string | null;
  kind: 'invalid' | 'orphan' | 'older' | 'unreadable' | 'missing-image';
  legacyId: string | null;
  file: string;
  line: number;
  reason: string;
}

export interface LegacyRecordsTable {
  legacyTable: string;
  legacyId: string;
  recordId: string;
  legacyVersion: number;
  legacyChangedAt: number;
  /** Of the app row the legacy record became: equal digests mean nothing changed. */
  digest: string;
  runId: string;
}

declare module '../../db/schema.ts' {
  interface DB {
    importRuns: ImportRunsTable;
    importProblems: ImportProblemsTable;
    legacyRecords: LegacyRecordsTable;
  }
}
