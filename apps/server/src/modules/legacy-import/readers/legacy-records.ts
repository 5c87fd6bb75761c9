/**
 * What the legacy import's readers hand to its engine (issue 41): one result per legacy record or
 * unreadable line, in the order read. The readers know the export formats; the engine knows the
 * app's tables. Keys stay as the legacy wrote them (`_version`, `INQUIRYID`, …).
 */

/** The legacy's tables: Amplify's models, and the inquiry service's three queries. */
export const LEGACY_TABLES = [
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
export type LegacyTable = (typeof LEGACY_TABLES)[number];

/** Where a result came from: a path relative to the root the operator gave, and a 1-based line or row. */
export type SourcePlace = { file: string; line: number };

export type ReadResult =
  | ({ kind: 'record'; table: LegacyTable; item: Record<string, unknown> } & SourcePlace)
  | ({ kind: 'unreadable'; table: LegacyTable | null; reason: string } & SourcePlace);
