import type { LegacyTable } from '../readers/legacy-records.ts';

/** The app tables the legacy's records become. */
export type ImportedTable =
  | 'competitions'
  | 'posts'
  | 'referrals'
  | 'winners'
  | 'payments'
  | 'promotions'
  | 'inquiries'
  | 'notes'
  | 'activities';

/**
 * A legacy record as the app row it becomes (decision 0128): `row` holds the table's columns
 * but the record columns (id, version, deleted, times), which the engine sets.
 */
export type MappedRecord = {
  table: ImportedTable;
  legacyId: string;
  /** The app record's id: the legacy's own id where it has one. */
  id: string;
  /** Which record is newer: `_version`, then `_lastChangedAt` (0 when the legacy has none). */
  legacyVersion: number;
  legacyChangedAt: number;
  createdAt: number | null;
  row: Record<string, unknown>;
  /** The record it belongs to: a missing one makes this record an orphan. */
  parent?: { table: LegacyTable; id: string };
  /** A competition's image, by its key in the legacy's bucket. */
  imageKey?: string;
  /** Payments and promotions: the money finance ticks off against the legacy. */
  money?:
    | { kind: 'payment'; status: string; amount: number }
    | { kind: 'promotion'; amount: number; remaining: number };
};

export type MapResult =
  | { kind: 'record'; record: MappedRecord }
  | { kind: 'tombstone'; legacyId: string; table: ImportedTable }
  | { kind: 'invalid'; legacyId: string | null; reason: string };

/** The legacy id of an item, for a report line, before it is known to be valid. */
export function legacyIdOf(item: Record<string, unknown>): string | null {
  const id = item.id ?? item.INQUIRYID;
  return typeof id === 'string' || typeof id === 'number' ? String(id).slice(0, 200) : null;
}
