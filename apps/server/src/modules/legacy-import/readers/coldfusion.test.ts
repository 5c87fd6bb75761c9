import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coldFusionDateToEpochMs, legacyTableOfColumns } from './coldfusion.ts';
import type { ReadResult } from './legacy-records.ts';
import { readLegacySources } from './legacy-sources.ts';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'preffy-coldfusion-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

const readAll = async (folder: string) => {
  const results: ReadResult[] = [];
  for await (const result of readLegacySources([folder])) results.push(result);
  return results;
};

const COLUMNS = ['INQUIRYID', 'FIRSTNAME', 'LASTNAME', 'EMAIL', 'DATE'];
const ROWS = [
  [17, 'Ann', 'Lee', 'ann@label.test', 'November, 05 2024 14:03:00'],
  [18, 'Bo', 'Ray', 'bo@label.test', 'November, 06 2024 09:00:00'],
];
const asStructs = ROWS.map((row) => Object.fromEntries(COLUMNS.map((c, i) => [c, row[i]])));

describe("the inquiry service's rows", () => {
  it('reads a query by row, a query by column, an array of structs and a CSV alike', async () => {
    const folder = path.join(root, 'shapes');
    await mkdir(folder);
    await writeFile(path.join(folder, 'a.json'), JSON.stringify({ COLUMNS, DATA: ROWS }));
    await writeFile(
      path.join(folder, 'b.json'),
      JSON.stringify({
        ROWCOUNT: 2,
        COLUMNS,
        DATA: Object.fromEntries(COLUMNS.map((c, i) => [c, ROWS.map((r) => r[i])])),
      }),
    );
    await writeFile(path.join(folder, 'c.json'), JSON.stringify(asStructs));
    await writeFile(
      path.join(folder, 'd.csv'),
      [COLUMNS.join(','), ...ROWS.map((r) => r.map((v) => `"${v}"`).join(','))].join('\n'),
    );
    const results = await readAll(folder);
    expect(results.every((r) => r.kind === 'record' && r.table === 'Inquiry')).toBe(true);
    const items = results.map((r) => (r.kind === 'record' ? r.item : null));
    expect(items.slice(0, 6)).toEqual([...asStructs, ...asStructs, ...asStructs]);
    // CSV is text: its numbers are strings, as the service's CSV wrote them.
    expect(items.slice(6)).toEqual(asStructs.map((s) => ({ ...s, INQUIRYID: String(s.INQUIRYID) })));
    expect(results.slice(6).map((r) => `${r.file}:${r.line}`)).toEqual(['d.csv:2', 'd.csv:3']);
  });

  it('tells inquiries, notes and activity apart by their columns', () => {
    expect(legacyTableOfColumns(COLUMNS)).toBe('Inquiry');
    expect(legacyTableOfColumns(['INQUIRYID', 'DISPLAYNAME', 'NOTEMESSAGE', 'NOTEDATE'])).toBe('InquiryNote');
    expect(legacyTableOfColumns(['INQUIRYID', 'CREATEDDATETIME', 'ACTIVITYNOTE'])).toBe('InquiryActivity');
    expect(legacyTableOfColumns(['ID', 'NAME'])).toBeNull();
  });

  it('reports a malformed CSV row with its line and reads the rows after it', async () => {
    const folder = path.join(root, 'csv');
    await mkdir(folder);
    await writeFile(
      path.join(folder, 'notes.csv'),
      'INQUIRYID,DISPLAYNAME,NOTEMESSAGE,NOTEDATE\n17,Ann,"Called",November, 05 2024 14:03:00\n17,Ann,"Hi","x"\n17,Bo,"Again","y"\n',
    );
    const results = await readAll(folder);
    expect(results.map((r) => `${r.kind} ${r.line}`)).toEqual(['unreadable 2', 'record 3', 'record 4']);
    expect(results[1]).toMatchObject({ table: 'InquiryNote', item: { NOTEMESSAGE: 'Hi' } });
  });
});

describe('its zone-less dates', () => {
  it("reads the service's format and ISO text as the wall clock of the zone named", () => {
    expect(coldFusionDateToEpochMs('November, 05 2024 14:03:00', 'Europe/Berlin')).toBe(
      Date.UTC(2024, 10, 5, 13, 3),
    );
    expect(coldFusionDateToEpochMs('November, 05 2024 14:03:00', 'America/New_York')).toBe(
      Date.UTC(2024, 10, 5, 19, 3),
    );
    expect(coldFusionDateToEpochMs('July, 01 2024 14:03:00', 'America/New_York')).toBe(
      Date.UTC(2024, 6, 1, 18, 3),
    );
    expect(coldFusionDateToEpochMs('2024-11-05 14:03:00', 'UTC')).toBe(Date.UTC(2024, 10, 5, 14, 3));
    expect(coldFusionDateToEpochMs('November, 05 2024', 'UTC')).toBe(Date.UTC(2024, 10, 5));
  });

  it('reads both sides of a change of clocks', () => {
    const ny = 'America/New_York';
    // 10 March 2024: 01:59 EST is followed by 03:00 EDT.
    expect(coldFusionDateToEpochMs('March, 10 2024 01:59:00', ny)).toBe(Date.UTC(2024, 2, 10, 6, 59));
    expect(coldFusionDateToEpochMs('March, 10 2024 03:00:00', ny)).toBe(Date.UTC(2024, 2, 10, 7, 0));
    // 02:30 never happened that night: read with the offset after the change (EDT).
    expect(coldFusionDateToEpochMs('March, 10 2024 02:30:00', ny)).toBe(Date.UTC(2024, 2, 10, 6, 30));
    // 3 November 2024: 01:30 happened twice; the first, still EDT.
    expect(coldFusionDateToEpochMs('November, 03 2024 01:30:00', ny)).toBe(Date.UTC(2024, 10, 3, 5, 30));
    expect(coldFusionDateToEpochMs('November, 03 2024 02:30:00', ny)).toBe(Date.UTC(2024, 10, 3, 7, 30));
  });

  it('answers null for what is not a date', () => {
    for (const text of [
      'February, 30 2024 10:00:00',
      'Smarch, 01 2024',
      '2024-13-01',
      '2024-11-05 25:00',
      '',
      'yesterday',
    ])
      expect(coldFusionDateToEpochMs(text, 'UTC'), text).toBeNull();
  });
});
