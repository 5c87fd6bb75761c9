import { createReadStream } from 'node:fs';
import path from 'node:path';
import { zonedTime } from '@preffy/domain';
import { parse } from 'csv-parse';
import type { LegacyTable, ReadResult } from './legacy-records.ts';

/**
 * The legacy inquiry service's rows (issue 41, decision 0127): ColdFusion `serializeJSON` of a
 * query, in its two shapes (`{"COLUMNS": [...], "DATA": [[...], ...]}`, and by column:
 * `{"ROWCOUNT": n, "COLUMNS": [...], "DATA": {"COL": [...]}}`), arrays of structs, and CSV of
 * the same columns. Keys stay upper-case, as the service wrote them.
 */

/** Which query a row came from, by its columns (notes and activity carry their INQUIRYID). */
export function legacyTableOfColumns(columns: readonly string[]): LegacyTable | null {
  const has = (column: string) => columns.includes(column);
  if (has('NOTEMESSAGE')) return 'InquiryNote';
  if (has('ACTIVITYNOTE')) return 'InquiryActivity';
  if (has('INQUIRYID') && (has('FIRSTNAME') || has('EMAIL'))) return 'Inquiry';
  return null;
}

/** The rows of a `serializeJSON` query, or null when the document is not one. */
export function coldFusionQueryRows(document: unknown): Record<string, unknown>[] | null {
  if (typeof document !== 'object' || document === null || Array.isArray(document)) return null;
  const { COLUMNS: columns, DATA: data } = document as { COLUMNS?: unknown; DATA?: unknown };
  if (!Array.isArray(columns) || !columns.every((c) => typeof c === 'string')) return null;
  if (Array.isArray(data))
    return data.map((row) =>
      Object.fromEntries(columns.map((column, i) => [column, Array.isArray(row) ? row[i] : undefined])),
    );
  if (typeof data === 'object' && data !== null) {
    const byColumn = data as Record<string, unknown>;
    const count = Math.max(0, ...columns.map((c) => (Array.isArray(byColumn[c]) ? byColumn[c].length : 0)));
    return Array.from({ length: count }, (_, i) =>
      Object.fromEntries(columns.map((c) => [c, (byColumn[c] as unknown[] | undefined)?.[i]])),
    );
  }
  return null;
}

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/**
 * A ColdFusion date string ("November, 05 2024 14:03:00", the service's own format, or
 * "2024-11-05 14:03:00") read as the wall-clock time of the IANA `timeZone` the operator names,
 * as epoch milliseconds; null when it is not a date. A time skipped by a change to summer time is
 * read with the offset after the change; a time that happens twice, as its first occurrence
 * (the domain's `zonedTime`).
 */
export function coldFusionDateToEpochMs(text: string, timeZone: string): number | null {
  const named = /^\s*([A-Za-z]+),?\s+(\d{1,2}),?\s+(\d{4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?\s*$/.exec(
    text,
  );
  const iso = /^\s*(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?\s*$/.exec(text);
  let fields: number[];
  if (named) {
    const month = MONTHS.indexOf(named[1]!.toLowerCase());
    if (month < 0) return null;
    fields = [
      Number(named[3]),
      month,
      Number(named[2]),
      Number(named[4] ?? 0),
      Number(named[5] ?? 0),
      Number(named[6] ?? 0),
    ];
  } else if (iso) {
    fields = [
      Number(iso[1]),
      Number(iso[2]) - 1,
      Number(iso[3]),
      Number(iso[4] ?? 0),
      Number(iso[5] ?? 0),
      Number(iso[6] ?? 0),
    ];
  } else return null;
  const [year, month, day, hour, minute, second] = fields as [number, number, number, number, number, number];
  const wall = Date.UTC(year, month, day, hour, minute, second);
  const check = new Date(wall);
  if (check.getUTCMonth() !== month || check.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59)
    return null;
  return zonedTime(year, month + 1, day, hour, timeZone, minute, second);
}

/** A CSV of the service's columns (a header row first), streamed; `file` named relative to `root`. */
export async function* readColdFusionCsv(filePath: string, root: string): AsyncGenerator<ReadResult> {
  const file = path.relative(root, filePath);
  let table: LegacyTable | null = null;
  let line = 1;
  try {
    const skipped: ReadResult[] = [];
    const rows = createReadStream(filePath).pipe(
      parse({
        columns: true,
        bom: true,
        // Each row with its line in the file, counted by the parser (quoted fields may span lines).
        info: true,
        // A malformed row is reported and skipped; the rows after it are read.
        skip_records_with_error: true,
        on_skip: (error) => {
          skipped.push({
            kind: 'unreadable',
            table,
            file,
            line: typeof error?.lines === 'number' ? error.lines : line + 1,
            reason: error?.message ?? 'Malformed row',
          });
        },
      }),
    );
    for await (const { record: row, info } of rows as AsyncIterable<{
      record: Record<string, string>;
      info: { lines: number };
    }>) {
      yield* skipped.splice(0);
      line = info.lines;
      table ??= legacyTableOfColumns(Object.keys(row));
      if (!table) {
        yield { kind: 'unreadable', table: null, file, line: 1, reason: 'Columns of no inquiry query' };
        return;
      }
      yield { kind: 'record', table, file, line, item: row };
    }
    yield* skipped.splice(0);
  } catch (error) {
    yield {
      kind: 'unreadable',
      table,
      file,
      line,
      reason: error instanceof Error ? error.message : String(error),
    };
  }
}
