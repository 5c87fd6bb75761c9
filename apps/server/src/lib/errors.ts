import { type ErrorCode, type NotFoundRecord, type ReasonText, errorReason } from '@preffy/api';

/**
 * Typed application errors, mapped to HTTP answers once, in plugins/error-handler.ts. The code
 * is one of the contract's (`ERROR_CODES`); when the code has several messages, the answer names
 * which one this is (`reason`), so the web translates by key, never by the English text.
 */
export class AppError extends Error {
  readonly reason: string | undefined;
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details: { fieldErrors?: Record<string, string[]> } = {},
  ) {
    super(message);
    this.reason = errorReason(code, message);
  }
}

const DEFAULT_FORBIDDEN = 'You do not have access to this';
const DEFAULT_UNAUTHORIZED = 'Please sign in';

export const notFound = (what: NotFoundRecord = 'Record') =>
  new AppError(404, 'NOT_FOUND', `${what} not found`);
export const forbidden = (message: ReasonText<'FORBIDDEN'> | typeof DEFAULT_FORBIDDEN = DEFAULT_FORBIDDEN) =>
  new AppError(403, 'FORBIDDEN', message);
export const unauthorized = (
  message: ReasonText<'UNAUTHORIZED'> | typeof DEFAULT_UNAUTHORIZED = DEFAULT_UNAUTHORIZED,
) => new AppError(401, 'UNAUTHORIZED', message);
export const badRequest = (field: string, message: string) =>
  new AppError(400, 'VALIDATION', message, { fieldErrors: { [field]: [message] } });
/**
 * A stale version. It holds the stored row as read from the database (hashes and all), so it
 * never leaves as is: the error handler answers with the table's public shape
 * (the owning area's manifest, modules/<area>/index.ts), or without `current` when it has none.
 */
export class VersionConflict extends AppError {
  constructor(
    readonly table: string,
    readonly storedRow: unknown,
  ) {
    super(409, 'VERSION_CONFLICT', 'This record was changed by someone else');
  }
}

/** Validates with a schema known only at request time (e.g. one that depends on today). */
export function parseOrThrow<T>(
  schema: {
    safeParse: (
      v: unknown,
    ) =>
      | { success: true; data: T }
      | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  value: unknown,
): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of result.error.issues)
    (fieldErrors[issue.path.join('.') || 'body'] ??= []).push(issue.message);
  const [field, messages] = Object.entries(fieldErrors)[0]!;
  throw new AppError(400, 'VALIDATION', `${field}: ${messages[0]}`, { fieldErrors });
}

/** A unique index refused a write: a concurrent request won the race (SQLite and PostgreSQL). */
export const isUniqueViolation = (error: unknown) =>
  /unique|duplicate/i.test(String((error as Error).message));
