import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.ts';

/** C0 control characters other than tab, line feed and carriage return, and DEL. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
export const CONTROL_CHARACTER_MESSAGE = 'Text must not contain control characters';

/** A high surrogate not followed by a low one, or a low surrogate not after a high one. */
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const UNPAIRED_SURROGATE_MESSAGE = 'Text must not contain invalid characters (unpaired surrogates)';

/** What no text may hold, each with what its field is told. */
const REFUSED = [
  { pattern: CONTROL_CHARACTER, message: CONTROL_CHARACTER_MESSAGE },
  { pattern: UNPAIRED_SURROGATE, message: UNPAIRED_SURROGATE_MESSAGE },
] as const;

const refusal = (text: string) => REFUSED.find((rule) => rule.pattern.test(text))?.message;

/**
 * Finds the first string (or object key) holding refused text, walking without recursion so a
 * deeply nested body cannot overflow the stack: its dotted path ('' for the value itself) and
 * the message for its field.
 */
export function findRefusedText(value: unknown): { path: string; message: string } | null {
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      const message = refusal(current);
      if (message) return { path, message };
    } else if (current && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        const message = refusal(key);
        if (message) return { path, message };
        stack.push({ value: child, path: path ? `${path}.${key}` : key });
      }
    }
  }
  return null;
}

/** A surrogate's three bytes, percent-encoded (ED A0–BF 80–BF): never valid UTF-8. */
const ENCODED_SURROGATE = /%ED%[AB][0-9A-F]%[89AB][0-9A-F]/i;

/**
 * The query parameter whose raw text percent-encodes a surrogate ('query' when it is in a name).
 * The parser keeps such a value undecoded (a search for 'a%ED%A0%80' as typed), so the address
 * is read as sent.
 */
function encodedSurrogateParameter(url: string): string | null {
  const start = url.indexOf('?');
  if (start < 0) return null;
  for (const pair of url.slice(start + 1).split('&')) {
    if (!ENCODED_SURROGATE.test(pair)) continue;
    const [name = ''] = pair.split('=', 1);
    if (ENCODED_SURROGATE.test(name)) return 'query';
    try {
      return decodeURIComponent(name.replaceAll('+', ' ')) || 'query';
    } catch {
      return 'query';
    }
  }
  return null;
}

/**
 * No text with control characters or unpaired surrogates reaches a route. PostgreSQL cannot
 * store NUL ("invalid byte sequence") while SQLite would, so the two databases would answer
 * differently (a 500 on one, a stored NUL on the other). A lone surrogate (a JSON escape such as
 * "\ud800") is not text at all: each database stored it garbled, and a route that read back what
 * it had just stored found something else (a 500); in the address it arrives percent-encoded
 * (a path so encoded is refused by the router already). One check for every API route, before
 * its schema runs.
 */
export function registerControlCharacterCheck(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    for (const [part, value] of [
      ['body', request.body],
      ['query', request.query],
      ['params', request.params],
    ] as const) {
      const refused = findRefusedText(value);
      if (refused !== null) throw refusedField(refused.path || part, refused.message);
    }
    const parameter = encodedSurrogateParameter(request.url);
    if (parameter !== null) throw refusedField(parameter, UNPAIRED_SURROGATE_MESSAGE);
  });
}

function refusedField(name: string, message: string) {
  return new AppError(400, 'VALIDATION', `${name}: ${message}`, { fieldErrors: { [name]: [message] } });
}
