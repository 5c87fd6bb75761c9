import { LEGACY_TABLE_NAMES, type LegacyTableName } from '@preffy/api';

/**
 * What the legacy import's readers hand to its engine (issue 41): one result per legacy record or
 * unreadable line, in the order read. The readers know the export formats; the engine knows the
 * app's tables. Keys stay as the legacy wrote them (`_version`, `INQUIRYID`, …).
 */

/** The legacy's tables: Amplify's models, and the inquiry service's three queries (the contract's list). */
export const LEGACY_TABLES = LEGACY_TABLE_NAMES;
export type LegacyTable = LegacyTableName;

/** Where a result came from: a path relative to the root the operator gave, and a 1-based line or row. */
export type SourcePlace = { file: string; line: number };

export type ReadResult =
  | ({ kind: 'record'; table: LegacyTable; item: Record<string, unknown> } & SourcePlace)
  | ({ kind: 'unreadable'; table: LegacyTable | null; reason: string } & SourcePlace);
