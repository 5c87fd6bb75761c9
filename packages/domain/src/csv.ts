/**
 * Reads CSV text (RFC 4180: quoted cells, doubled quotes, commas and line breaks inside quotes,
 * CRLF or LF) into rows of cells. A trailing empty line is ignored; a byte-order mark is dropped.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const input = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < input.length; i++) {
    const ch = input[i]!;
    if (quoted) {
      if (ch === '"' && input[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && input[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** Rows of a CSV with a header line, as objects keyed by the lower-cased, trimmed header names. */
export function csvRecords(text: string): { header: string[]; records: Record<string, string>[] } {
  const [head, ...rows] = parseCsv(text);
  const header = (head ?? []).map((h) => h.trim().toLowerCase());
  const records = rows
    .filter((r) => r.some((c) => c.trim() !== ''))
    .map((r) => Object.fromEntries(header.map((h, i) => [h, (r[i] ?? '').trim()])));
  return { header, records };
}
