import { z } from 'zod';

/** Fragments many endpoints share. */

/** `/…/:id` of a record: a text id (UUIDs, but any bounded text is looked up and 404s). */
export const idParams = z.object({ id: z.string().min(1).max(100) });

/** The version an update or delete read: a stale one is answered with 409. */
export const versionBody = z.object({ version: z.number().int().min(1) });

/** The answer of an action that returns nothing else. */
export const okSchema = z.object({ ok: z.boolean() });

/** The same for a DELETE, which carries the version in its query. */
export const versionQuery = z.object({ version: z.coerce.number().int().min(1) });

/** A soft delete at the version read (`DELETE …/:id?version=n`): a stale version is a 409. */
export const versionedDelete = {
  params: idParams,
  query: versionQuery,
  responses: { 200: okSchema },
} as const;

/** A sign-out everywhere: done, and how many sessions ended. */
export const endedSessionsSchema = okSchema.extend({ ended: z.number() });

/**
 * The one error answer of the whole API (the server's error handler): a status, a stable code
 * (errors.ts; a framework refusal passes on its own), a message for people, the reason when
 * the code has several, the messages of each field at fault (400), and the record as it is now
 * (409), and what a particular refusal adds (a blocked finish lists its duplicates). Registered under an id, so the OpenAPI document holds it once (components.schemas).
 */
export const apiErrorSchema = z
  .looseObject({
    statusCode: z.number().int(),
    code: z.string(),
    message: z.string(),
    fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
    /** Which of its code's messages this is, when the code has several (errors.ts). */
    reason: z.string().optional(),
    current: z.unknown().optional(),
  })
  .meta({ id: 'ApiError' });
