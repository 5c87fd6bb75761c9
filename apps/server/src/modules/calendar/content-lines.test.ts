import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldContentLines } from './content-lines.ts';

const octets = (line: string) => Buffer.byteLength(line);
const unfold = (text: string) => text.replace(/\r\n /g, '');

describe('iCalendar content lines (RFC 5545 §3.1)', () => {
  it('end every line in CRLF, the last one too', () => {
    expect(foldContentLines('BEGIN:VCALENDAR\r\nEND:VCALENDAR')).toBe('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
  });

  it('fold at 75 octets, not 75 characters, and never inside a character', () => {
    const summary = `SUMMARY:${'Ñandú — Зимняя песня 🎵 '.repeat(6)}`;
    const text = foldContentLines(summary);
    const lines = text.split('\r\n').slice(0, -1);
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) expect(octets(line)).toBeLessThanOrEqual(75);
    expect(lines.slice(1).every((line) => line.startsWith(' '))).toBe(true);
    expect(unfold(text)).toBe(`${summary}\r\n`);
  });

  it('keep any text intact through folding and unfolding, whatever ical.js folded', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.string({ unit: 'grapheme', maxLength: 200 }).map((s) => s.replace(/[\r\n]/g, '')),
          { minLength: 1, maxLength: 5 },
        ),
        (values) => {
          const lines = values.map((v, i) => `X-${i}:${v}`);
          // As ical.js writes it: folded every 75 characters (with CRLF + space), no last CRLF.
          const asIcalJs = lines.map((l) => l.match(/.{1,75}/gsu)!.join('\r\n ')).join('\r\n');
          const text = foldContentLines(asIcalJs);
          expect(text.endsWith('\r\n')).toBe(true);
          for (const line of text.split('\r\n').slice(0, -1)) expect(octets(line)).toBeLessThanOrEqual(75);
          expect(unfold(text)).toBe(lines.map((l) => `${l}\r\n`).join(''));
        },
      ),
    );
  });
});
