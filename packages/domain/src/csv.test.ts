import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvRecords, parseCsv } from './csv.ts';
import { csvLine } from './payouts.ts';

describe('CSV reading', () => {
  it('reads quoted cells, doubled quotes, commas and line breaks inside quotes, CRLF', () => {
    expect(parseCsv('a,"b,c","say ""hi"""\r\n"two\nlines",,x\n')).toEqual([
      ['a', 'b,c', 'say "hi"'],
      ['two\nlines', '', 'x'],
    ]);
  });

  it('reads back what csvLine writes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string(), { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 5 }),
        (rows) => {
          // A single empty cell is an empty line, which a CSV cannot tell from nothing.
          fc.pre(rows.every((r) => !(r.length === 1 && r[0] === '')));
          expect(parseCsv(rows.map((r) => csvLine(r)).join('\r\n'))).toEqual(rows);
        },
      ),
    );
  });

  it('keys records by their header, skipping blank lines', () => {
    expect(csvRecords('\uFEFFLink, Email ,likes\nhttps://x, a@b.c ,5\n\n,,\n')).toEqual({
      header: ['link', 'email', 'likes'],
      records: [{ link: 'https://x', email: 'a@b.c', likes: '5' }],
    });
  });
});
