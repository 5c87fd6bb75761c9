import type { ErrorCode } from '@preffy/api';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, VersionConflict } from '../lib/errors.ts';
import type { PublicShape } from '../lib/area.ts';

export const INTERNAL_ERROR_MESSAGE = 'Sorry! something went wrong, please contact our support team';
export const NOT_FOUND_MESSAGE = 'Sorry! the page you are looking for could not be found';

/**
 * One error shape for the whole API: { statusCode, code, message, reason?, fieldErrors?, current? }.
 * Validation errors name each field; 500s never reveal internals (they are logged instead).
 */
export function registerErrorHandler(
  app: FastifyInstance,
  publicShapes: Partial<Record<string, PublicShape>>,
) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field =
          issue.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
          String(
            (issue.params as { missingProperty?: string } | undefined)?.missingProperty ??
              error.validationContext ??
              'body',
          );
        (fieldErrors[field] ??= []).push(issue.message ?? 'Invalid value');
      }
      const first = Object.entries(fieldErrors)[0];
      return reply.code(400).send({
        statusCode: 400,
        code: 'VALIDATION' satisfies ErrorCode,
        message: first ? `${first[0]}: ${first[1][0]}` : 'Invalid request',
        fieldErrors,
      });
    }
    if (error instanceof VersionConflict) {
      // The one way a 409 shows the stored record: in its public shape, never the raw row.
      const current = publicRecord(publicShapes[error.table], error.storedRow);
      return reply.code(409).send({
        statusCode: 409,
        code: error.code,
        message: error.message,
        ...(current !== undefined && { current }),
      });
    }
    if (error instanceof AppError) {
      return reply.code(error.statusCode).send({
        statusCode: error.statusCode,
        code: error.code,
        message: error.message,
        ...(error.reason !== undefined && { reason: error.reason }),
        ...error.details,
      });
    }
    const status = error.statusCode ?? 500;
    // The framework's and plugins' own refusals (a CSRF token, a body too large) keep their
    // codes, which the contract does not list: the web shows them by status (decision 0092).
    if (status < 500) {
      return reply.code(status).send({
        statusCode: status,
        code: error.code ?? ('ERROR' satisfies ErrorCode),
        message: error.message,
      });
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .code(500)
      .send({ statusCode: 500, code: 'INTERNAL' satisfies ErrorCode, message: INTERNAL_ERROR_MESSAGE });
  });
}

/** The stored row in its public shape, or undefined when the table has none. */
function publicRecord(shape: PublicShape | undefined, storedRow: unknown): unknown {
  if (!shape) return undefined;
  // Parsing strips any column the mapper let through by mistake; a mismatch sends no `current`.
  const parsed = shape.schema.safeParse(shape.toPublic(storedRow as never));
  return parsed.success ? parsed.data : undefined;
}
