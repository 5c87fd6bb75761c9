import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.ts';

/** C0 control characters other than tab, line feed and carriage return, and DEL. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
export const CONTROL_CHARACTER_MESSAGE = 'Text must not contain control characters';

/**
 * Finds the first string holding a control character, walking without recursion so a deeply
 * nested body cannot overflow the stack. Returns its dotted path ('' for the value itself).
 */
export function findControlCharacter(value: unknown): string | null {
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      if (CONTROL_CHARACTER.test(current)) return path;
    } else if (current && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        if (CONTROL_CHARACTER.test(key)) return path;
        stack.push({ value: child, path: path ? `${path}.${key}` : key });
      }
    }
  }
  return null;
}

/**
 * No text with control characters reaches a route: PostgreSQL cannot store NUL ("invalid byte
 * sequence") while SQLite would, so the two databases would answer differently (a 500 on one,
 * a stored NUL on the other). One check for every API route, before its schema runs.
 */
export function registerControlCharacterCheck(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    for (const [part, value] of [
      ['body', request.body],
      ['query', request.query],
      ['params', request.params],
    ] as const) {
      const field = findControlCharacter(value);
      if (field === null) continue;
      const name = field || part;
      throw new AppError(400, 'VALIDATION', `${name}: ${CONTROL_CHARACTER_MESSAGE}`, {
        fieldErrors: { [name]: [CONTROL_CHARACTER_MESSAGE] },
      });
    }
  });
}
