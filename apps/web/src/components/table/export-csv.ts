import { csvLine, neutraliseFormula } from '@preffy/domain';
import { type TableSource, fetchPage } from './use-server-table.ts';

const EXPORT_PAGE_SIZE = 100;

export type CsvValue = string | number | boolean | null | undefined;

/** The CSV text of some rows: a header line, then one quoted line per row, each ending in CRLF. */
export function csvText<T>(columns: { title: string; value: (row: T) => CsvValue }[], rows: T[]) {
  const lines = [csvLine(columns.map((c) => c.title))];
  for (const row of rows)
    lines.push(csvLine(columns.map((c) => neutraliseFormula(String(c.value(row) ?? '')))));
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * Downloads every row matching the table's current search and sort as CSV, fetched page by
 * page (no endpoint returns an unbounded list). Cells are quoted and neutralised against
 * spreadsheet formulas (the domain's csvLine and neutraliseFormula).
 */
export async function exportCsv<T>(options: {
  source: TableSource;
  params: Record<string, string | number | undefined>;
  columns: { title: string; value: (row: T) => CsvValue }[];
  filename: string;
}) {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const { items, total } = await fetchPage<T>(options.source, {
      ...options.params,
      page,
      pageSize: EXPORT_PAGE_SIZE,
    });
    rows.push(...items);
    if (page * EXPORT_PAGE_SIZE >= total || items.length === 0) break;
  }
  const blob = new Blob([csvText(options.columns, rows)], { type: 'text/csv;charset=utf-8' });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = options.filename;
  link.click();
  URL.revokeObjectURL(link.href);
}
