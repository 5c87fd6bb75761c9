import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERROR_CODES, isErrorCode } from '@preffy/api';
import { describe, expect, it } from 'vitest';

/**
 * The codes the server answers with are the contract's list (decision 0092). An AppError's code
 * is typed `ErrorCode`, so tsc refuses an unknown one; this reads the sources for what tsc cannot
 * see: codes written into a reply by hand, and casts that would let any text through.
 */
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const sourcesUnder = (dir: string): { path: string; text: string }[] =>
  readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts'))
    .map((file) => ({ path: join(dir, file), text: readFileSync(join(root, dir, file), 'utf8') }));
const server = sourcesUnder('apps/server/src');
const contract = sourcesUnder('packages/api/src');

/** Upper-case literals where a code is written: an AppError, a subclass's super(), a `code:` field. */
const CODE_SITE =
  /(?:new AppError\(\s*[^,]+,|super\(\s*\d+,)\s*((?:'[A-Z_]+'|[^,]*\?\s*'[A-Z_]+'\s*:\s*'[A-Z_]+'))|code:\s*(?:[\w.]+\s*\?\?\s*)?\(?'([A-Z][A-Z_]+)'/g;
const codesWritten = (text: string) =>
  [...text.matchAll(CODE_SITE)].flatMap((m) =>
    [...`${m[1] ?? ''}${m[2] ? `'${m[2]}'` : ''}`.matchAll(/'([A-Z_]+)'/g)].map((c) => c[1]!),
  );

describe('error codes', () => {
  const written = server.flatMap(({ path, text }) => codesWritten(text).map((code) => ({ path, code })));

  it('finds the codes the server writes', () => {
    // The scan itself: the error handler's and the 404 handler's own answers are among them.
    expect(written.map((w) => w.code)).toEqual(
      expect.arrayContaining(['VALIDATION', 'INTERNAL', 'NOT_FOUND']),
    );
  });

  it('are all in the contract list', () => {
    expect(written.filter(({ code }) => !isErrorCode(code))).toEqual([]);
  });

  it('are all written somewhere: the list holds no code nobody answers with', () => {
    const everything = [...server, ...contract].map((s) => s.text).join('\n');
    expect(Object.keys(ERROR_CODES).filter((code) => !everything.includes(`'${code}'`))).toEqual([]);
  });

  it('are never cast: no text becomes a code without the list', () => {
    const casts = [...server, ...contract].filter(({ text }) =>
      /\bas\s+(?:unknown\s+as\s+)?ErrorCode\b|<ErrorCode>/.test(text),
    );
    expect(casts.map((s) => s.path)).toEqual([]);
  });
});
