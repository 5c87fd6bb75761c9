/**
 * RFC 5545 §3.1 content lines: each ends in CRLF (the last one too), and a line longer than 75
 * octets is folded into lines of at most 75 octets, each continuation starting with one space.
 * ical.js ends the text without the last CRLF and folds at 75 characters, not octets (a line
 * of accented or non-Latin text comes out longer), so the feed unfolds its text and folds it
 * here, never inside a UTF-8 character.
 */
const MAX_OCTETS = 75;

export function foldContentLines(text: string): string {
  const lines = text.replace(/\r\n[ \t]/g, '').split(/\r\n|\n/);
  while (lines.length && lines.at(-1) === '') lines.pop();
  return lines.map(foldLine).join('');
}

function foldLine(line: string): string {
  let folded = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    if (octets + size > MAX_OCTETS) {
      folded += '\r\n ';
      octets = 1;
    }
    folded += char;
    octets += size;
  }
  return `${folded}\r\n`;
}
